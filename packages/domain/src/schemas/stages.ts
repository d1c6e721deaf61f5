/**
 * Answers of the stages module: moving the estate, the moves on offer (each allowed or refused with
 * the stage machine's reason code), and the published commitments of the random draws.
 */
import { z } from 'zod';
import type { MoveOption } from '../stage-machine.js';
import { STAGE_ORDER } from '../stages.js';
import { JOB_NAMES } from '../process.js';

export const stageMoveAnswer = z.object({ stage: z.number() });
export type StageMoveAnswer = z.infer<typeof stageMoveAnswer>;

const stageCode = z.literal(STAGE_ORDER);
const stageParam = z.object({ stage: stageCode });
/** The stage machine's refusals (`MoveRefusal`), each with the parameters its text needs. */
const refusals = [
  z.object({ code: z.literal('already-there') }),
  z.object({ code: z.literal('step-not-run'), params: stageParam }),
  z.object({ code: z.literal('review-incomplete'), params: z.object({ waiting: z.number() }) }),
  z.object({ code: z.literal('results-published') }),
  z.object({ code: z.literal('step-already-run'), params: stageParam }),
  z.object({ code: z.literal('deadline-passed'), params: stageParam }),
  z.object({ code: z.literal('would-repeat-step'), params: stageParam }),
  z.object({ code: z.literal('one-at-a-time'), params: z.object({ next: stageCode.nullable() }) }),
  z.object({ code: z.literal('handover-incomplete'), params: z.object({ open: z.number() }) }),
] as const;
const refused = { to: stageCode, allowed: z.literal(false) };

export const moveOptionSchema = z.union([
  z.object({ to: stageCode, allowed: z.literal(true) }),
  refusals[0].extend(refused),
  refusals[1].extend(refused),
  refusals[2].extend(refused),
  refusals[3].extend(refused),
  refusals[4].extend(refused),
  refusals[5].extend(refused),
  refusals[6].extend(refused),
  refusals[7].extend(refused),
  refusals[8].extend(refused),
]);
/** Fails to compile if the schema and the stage machine's `MoveOption` ever drift apart. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const MOVE_OPTION_SCHEMA_MATCHES: Same<z.infer<typeof moveOptionSchema>, MoveOption> = true;

/** The forward and backward moves from the current stage (null where there is none). */
export const stageMovesAnswer = z.object({ forward: moveOptionSchema.nullable(), back: moveOptionSchema.nullable() });
export type StageMovesAnswer = z.infer<typeof stageMovesAnswer>;

/** Slow work a stage move set off (stage 90's report files) and how far it has got. */
export const stageJobSchema = z.object({
  effect: z.enum(JOB_NAMES),
  status: z.enum(['waiting', 'running', 'done', 'failed']),
  attempts: z.number().int(),
  queuedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type StageJob = z.infer<typeof stageJobSchema>;
export const stageJobsAnswer = z.object({ jobs: z.array(stageJobSchema) });
export type StageJobsAnswer = z.infer<typeof stageJobsAnswer>;

/** A random step's commitment (SHA-256 of its secret), and the secret once the step has run. */
export const stepCommitmentSchema = z.object({ step: z.number(), commitment: z.string(), secret: z.string().nullable() });
export type StepCommitment = z.infer<typeof stepCommitmentSchema>;
export const commitmentsAnswer = z.object({ commitments: z.array(stepCommitmentSchema) });
export type CommitmentsAnswer = z.infer<typeof commitmentsAnswer>;
