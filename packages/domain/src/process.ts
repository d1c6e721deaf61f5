/**
 * The estate's process as one table: for every stage, what must be true to leave it (its exit
 * gates), what entering or leaving it sets off (its effects), and what its deadline does. The
 * server loads the facts a gate needs and runs a handler for each named effect; nothing else
 * decides what a stage move does, so a newcomer reads "what happens on 11 → 12" here.
 *
 * Adding an effect is one row here and one handler on the server (the server's handler table is
 * typed by `EffectName`, so a missing handler does not compile).
 */
import type { MoveRefusal, StageFacts } from './stage-machine.js';
import { isSealedStage } from './draw/sealed-stages.js';
import { AUTOMATED_STAGES, STAGE_ORDER, Stage, type StageCode } from './stages.js';

/** Facts a gate needs that the server loads only when the stage being left has that gate. */
export type LoadedFact = 'reviewWaiting' | 'handoverOpen';

export type ExitGate = {
  name: 'automated-step-run' | 'review-finished' | 'handover-finished';
  needs: readonly LoadedFact[];
  /** Null when the gate is open; otherwise why the stage cannot be left yet. */
  refusal(from: StageCode, facts: StageFacts): MoveRefusal | null;
};

/** What a stage move sets off inside its transaction or just after it, each run by one named handler. */
export const MOVE_EFFECT_NAMES = [
  /** Make and publish the commitments of the randomised steps' secrets (distribution.md). */
  'commit-draw-secrets',
  /** Flag items whose interest reaches the estate's threshold (stage 12's recommendation). */
  'recommend-high-interest',
  /** Freeze and seal the inputs of the stage being left (distribution.md, "Privacy of inputs"). */
  'seal-inputs',
  /** Withdraw the seal of a stage that is opened again by a step back. */
  'reopen-inputs',
  /** Tell everyone whose turn it now is (mail and in-app notice). */
  'mail-whose-turn',
] as const;
export type MoveEffectName = (typeof MOVE_EFFECT_NAMES)[number];

/** Slow work a move records as a job: retried until done, its progress shown to the trustee. */
export const JOB_NAMES = [
  /** Make stage 90's report files (PDF, spreadsheet, draw records, settlement). */
  'make-report-files',
] as const;
export type JobName = (typeof JOB_NAMES)[number];

export type EffectName = MoveEffectName | JobName;
export const isJobName = (name: string): name is JobName => (JOB_NAMES as readonly string[]).includes(name);

/** A job tried this many times and still failing waits for the trustee ("make the reports again"). */
export const JOB_ATTEMPTS = 3;

/**
 * When an effect runs. `in-move`: inside the move's transaction (it commits or fails with the
 * move). `after-move`: once the move has committed, in the background. `job`: after the move has
 * committed, as recorded work that is retried until done and whose progress the trustee can see.
 */
export type EffectTiming = 'in-move' | 'after-move' | 'job';

type EffectDirection = 'forward' | 'back' | 'either';
export type Effect =
  | { name: MoveEffectName; direction: EffectDirection; timing: 'in-move' | 'after-move' }
  | { name: JobName; direction: EffectDirection; timing: 'job' };

/** What a passing deadline does to the members who have not answered, before any move. */
export type DeadlineEffectName = 'count-silence-as-approval' | 'count-silence-as-done' | 'seal-inputs';

export type StageProcess = {
  exitGates: readonly ExitGate[];
  onEnter: readonly Effect[];
  onLeave: readonly Effect[];
  atDeadline: readonly DeadlineEffectName[];
};

const automatedStepRun: ExitGate = {
  name: 'automated-step-run',
  needs: [],
  refusal: (from, facts) =>
    facts.stepsRun.includes(from) ? null : { code: 'step-not-run', params: { stage: from } },
};

/** The seed: everyone approves first, or the deadline counts them as approving. */
const reviewFinished: ExitGate = {
  name: 'review-finished',
  needs: ['reviewWaiting'],
  refusal: (_from, facts) =>
    (facts.reviewWaiting ?? 0) > 0 && !facts.deadlinesPassed?.includes(Stage.Approve)
      ? { code: 'review-incomplete', params: { waiting: facts.reviewWaiting ?? 0 } }
      : null,
};

/** Hand-over closes only when every assigned item has an outcome (api.md "Hand-over and closing"). */
const handoverFinished: ExitGate = {
  name: 'handover-finished',
  needs: ['handoverOpen'],
  refusal: (_from, facts) =>
    (facts.handoverOpen ?? 0) > 0
      ? { code: 'handover-incomplete', params: { open: facts.handoverOpen ?? 0 } }
      : null,
};

const mailWhoseTurn: Effect = { name: 'mail-whose-turn', direction: 'forward', timing: 'after-move' };

function row(stage: StageCode): StageProcess {
  // Members' inputs of these stages are frozen and sealed when the stage is left or its deadline passes.
  const sealed = isSealedStage(stage);
  const exitGates: ExitGate[] = [];
  if (AUTOMATED_STAGES.includes(stage)) exitGates.push(automatedStepRun);
  if (stage === Stage.Approve) exitGates.push(reviewFinished);
  if (stage === Stage.Distribution) exitGates.push(handoverFinished);

  const onEnter: Effect[] = [mailWhoseTurn];
  if (sealed) onEnter.push({ name: 'reopen-inputs', direction: 'back', timing: 'in-move' });
  // Idempotent: the secrets are made once, whichever way the estate reaches 11.
  if (stage === Stage.Interest)
    onEnter.push({ name: 'commit-draw-secrets', direction: 'either', timing: 'in-move' });
  // Forward only: stepping back from 13 must not bring back flags the trustee removed.
  if (stage === Stage.ConfirmHighInterest)
    onEnter.push({ name: 'recommend-high-interest', direction: 'forward', timing: 'in-move' });
  if (stage === Stage.Finalizing)
    onEnter.push({ name: 'make-report-files', direction: 'forward', timing: 'job' });

  const onLeave: Effect[] = sealed ? [{ name: 'seal-inputs', direction: 'forward', timing: 'in-move' }] : [];
  const atDeadline: DeadlineEffectName[] = !sealed
    ? []
    : [stage === Stage.Approve ? 'count-silence-as-approval' : 'count-silence-as-done', 'seal-inputs'];
  return { exitGates, onEnter, onLeave, atDeadline };
}

export const PROCESS: Readonly<Record<StageCode, StageProcess>> = Object.fromEntries(
  STAGE_ORDER.map((s) => [s, row(s)]),
) as Record<StageCode, StageProcess>;

/** The facts the server must load before deciding whether `from` can be left. */
export function factsToLoad(from: StageCode): LoadedFact[] {
  return [...new Set(PROCESS[from].exitGates.flatMap((g) => g.needs))];
}

/** The first closed exit gate of `from`, or null when it may be left forward. */
export function exitRefusal(from: StageCode, facts: StageFacts): MoveRefusal | null {
  for (const gate of PROCESS[from].exitGates) {
    const refusal = gate.refusal(from, facts);
    if (refusal) return refusal;
  }
  return null;
}

export type MoveEffects = { 'in-move': MoveEffectName[]; 'after-move': MoveEffectName[]; job: JobName[] };

/** What a decided move sets off, in order: leaving `from`, then entering `to`, grouped by timing. */
export function effectsOfMove(from: StageCode, to: StageCode, direction: 'forward' | 'back'): MoveEffects {
  const effects: MoveEffects = { 'in-move': [], 'after-move': [], job: [] };
  for (const effect of [...PROCESS[from].onLeave, ...PROCESS[to].onEnter]) {
    if (effect.direction !== 'either' && effect.direction !== direction) continue;
    if (effect.timing === 'job') effects.job.push(effect.name);
    else effects[effect.timing].push(effect.name);
  }
  return effects;
}

/** Whether a stage's deadline does anything (the stages that may carry one). */
export function hasDeadline(stage: StageCode): boolean {
  return PROCESS[stage].atDeadline.length > 0;
}
