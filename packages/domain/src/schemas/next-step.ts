/** The answer of `GET /api/estates/:eid/next-step`: Home's large "what to do next" card. */
import { z } from 'zod';
import { LEAD_NEEDS, NEXT_TASKS } from '../next-step.js';
import { STAGE_ORDER } from '../stages.js';

const stage = z.literal(STAGE_ORDER);
const task = z.enum(NEXT_TASKS);

export const nextStepSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('task'),
    task,
    stage,
    path: z.string(),
    dueAt: z.string().nullable(),
    progress: z.object({ done: z.number().int(), total: z.number().int().nullable() }),
  }),
  z.object({ kind: z.literal('finished'), stage, task }),
  z.object({
    kind: z.literal('lead'),
    stage,
    path: z.string(),
    /** What the stage needs from those who lead it (exit gates first). */
    need: z.enum(LEAD_NEEDS),
    progress: z.object({ done: z.number().int(), total: z.number().int().nullable() }).nullable(),
    /** False for an administrator visiting for support: they see what it needs and move nothing. */
    acts: z.boolean(),
  }),
  z.object({ kind: z.literal('wait'), stage }),
]);
export const nextStepAnswer = z.object({ nextStep: nextStepSchema });
export type NextStepAnswer = z.infer<typeof nextStepAnswer>;
