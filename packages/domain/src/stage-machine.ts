/**
 * Which stage moves are allowed. Stages go forward one at a time, by a trustee; an automated step's
 * stage can only be left once its step has run; a trustee may step back one stage while nothing
 * irreversible has happened since (a step has run, or results are published).
 */
import { AUTOMATED_STAGES, STAGE_NAMES, Stage, nextStage, previousStage, type StageCode } from './stages.js';

export type StageFacts = {
  /** Automated steps (14, 15, 21, 31) that have been applied. */
  stepsRun: readonly StageCode[];
  /** Stages whose deadline has passed: their inputs are frozen for good. */
  deadlinesPassed?: readonly StageCode[];
};

export type MoveDecision = { ok: true; direction: 'forward' | 'back' } | { ok: false; reason: string };

export function decideMove(from: StageCode, to: StageCode, facts: StageFacts): MoveDecision {
  const next = nextStage(from);
  const previous = previousStage(from);
  if (to === from) return { ok: false, reason: `The estate is already in "${STAGE_NAMES[from]}".` };
  if (to === next) {
    if (AUTOMATED_STAGES.includes(from) && !facts.stepsRun.includes(from)) {
      return { ok: false, reason: `Run the step "${STAGE_NAMES[from]}" before moving on.` };
    }
    return { ok: true, direction: 'forward' };
  }
  if (to === previous) {
    if (from >= Stage.AssignmentCompleted) {
      return { ok: false, reason: 'Results have been published; the estate cannot go back to an earlier stage.' };
    }
    if (AUTOMATED_STAGES.includes(from) && facts.stepsRun.includes(from)) {
      return { ok: false, reason: `The step "${STAGE_NAMES[from]}" has already run; undo it first.` };
    }
    if (previous !== undefined && facts.deadlinesPassed?.includes(previous)) {
      return { ok: false, reason: `The deadline of "${STAGE_NAMES[previous]}" has passed and its answers are final; the estate cannot go back to it.` };
    }
    if (previous !== undefined && AUTOMATED_STAGES.includes(previous)) {
      return { ok: false, reason: `Going back into "${STAGE_NAMES[previous]}" would repeat a step that has already run.` };
    }
    return { ok: true, direction: 'back' };
  }
  const name = next === undefined ? 'none (this is the last stage)' : `"${STAGE_NAMES[next]}"`;
  return { ok: false, reason: `Stages move one at a time. From "${STAGE_NAMES[from]}" the next stage is ${name}.` };
}
