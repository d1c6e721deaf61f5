/**
 * Which stage moves are allowed. Stages go forward one at a time, by a trustee; an automated step's
 * stage can only be left once its step has run; a trustee may step back one stage while nothing
 * irreversible has happened since (a step has run, or results are published).
 */
import { exitRefusal } from './process.js';
import { AUTOMATED_STAGES, STAGE_NAMES, Stage, nextStage, previousStage, type StageCode } from './stages.js';

export type StageFacts = {
  /** Automated steps (14, 15, 21, 31) that have been applied. */
  stepsRun: readonly StageCode[];
  /** Stages whose deadline has passed: their inputs are frozen for good. */
  deadlinesPassed?: readonly StageCode[];
  /**
   * Beneficiaries who have not yet answered every item in the review (stage 2) and have not said
   * they are done. The seed: everyone approves first, or the deadline counts them as approving.
   */
  reviewWaiting?: number;
  /**
   * Assigned items with no outcome yet: neither a receipt nor handed over, shipped or returned.
   * Hand-over (41) closes only when there are none (api.md "Hand-over and closing").
   */
  handoverOpen?: number;
};

/** Why a move is refused, as a code the web translates, with the English text the API sends. */
export type MoveRefusal =
  | { code: 'already-there' }
  | { code: 'step-not-run'; params: { stage: StageCode } }
  | { code: 'review-incomplete'; params: { waiting: number } }
  | { code: 'handover-incomplete'; params: { open: number } }
  | { code: 'results-published' }
  | { code: 'step-already-run'; params: { stage: StageCode } }
  | { code: 'deadline-passed'; params: { stage: StageCode } }
  | { code: 'would-repeat-step'; params: { stage: StageCode } }
  | { code: 'one-at-a-time'; params: { next: StageCode | null } };

export type MoveDecision =
  | { ok: true; direction: 'forward' | 'back' }
  | ({ ok: false; reason: string } & MoveRefusal);

function refuse(refusal: MoveRefusal): MoveDecision {
  return { ok: false, reason: refusalText(refusal), ...refusal };
}

export function refusalText(refusal: MoveRefusal): string {
  switch (refusal.code) {
    case 'already-there':
      return 'The estate is already in that stage.';
    case 'step-not-run':
      return `Run the step "${STAGE_NAMES[refusal.params.stage]}" before moving on.`;
    case 'review-incomplete':
      return refusal.params.waiting === 1
        ? 'One beneficiary has not finished reviewing the items. Wait for them, or set a deadline: at the deadline everyone who has not answered counts as approving.'
        : `${refusal.params.waiting} beneficiaries have not finished reviewing the items. Wait for them, or set a deadline: at the deadline everyone who has not answered counts as approving.`;
    case 'handover-incomplete':
      return refusal.params.open === 1
        ? 'One assigned item has no receipt yet and is not marked as handed over, shipped or returned. Record what happened to it before closing the hand-over.'
        : `${refusal.params.open} assigned items have no receipt yet and are not marked as handed over, shipped or returned. Record what happened to them before closing the hand-over.`;
    case 'results-published':
      return 'Results have been published; the estate cannot go back to an earlier stage.';
    case 'step-already-run':
      return `The step "${STAGE_NAMES[refusal.params.stage]}" has already run; undo it first.`;
    case 'deadline-passed':
      return `The deadline of "${STAGE_NAMES[refusal.params.stage]}" has passed and its answers are final; the estate cannot go back to it.`;
    case 'would-repeat-step':
      return `Going back into "${STAGE_NAMES[refusal.params.stage]}" would repeat a step that has already run.`;
    case 'one-at-a-time': {
      const next = refusal.params.next;
      const name = next === null ? 'none (this is the last stage)' : `"${STAGE_NAMES[next]}"`;
      return `Stages move one at a time. The next stage is ${name}.`;
    }
  }
}

export function decideMove(from: StageCode, to: StageCode, facts: StageFacts): MoveDecision {
  const next = nextStage(from);
  const previous = previousStage(from);
  if (to === from) return refuse({ code: 'already-there' });
  if (to === next) {
    const refusal = exitRefusal(from, facts);
    return refusal ? refuse(refusal) : { ok: true, direction: 'forward' };
  }
  if (to === previous) {
    if (from >= Stage.AssignmentCompleted) return refuse({ code: 'results-published' });
    if (AUTOMATED_STAGES.includes(from) && facts.stepsRun.includes(from)) {
      return refuse({ code: 'step-already-run', params: { stage: from } });
    }
    if (previous !== undefined && facts.deadlinesPassed?.includes(previous)) {
      return refuse({ code: 'deadline-passed', params: { stage: previous } });
    }
    if (previous !== undefined && AUTOMATED_STAGES.includes(previous)) {
      return refuse({ code: 'would-repeat-step', params: { stage: previous } });
    }
    return { ok: true, direction: 'back' };
  }
  return refuse({ code: 'one-at-a-time', params: { next: next ?? null } });
}

export type MoveOption = { to: StageCode; allowed: true } | ({ to: StageCode; allowed: false } & MoveRefusal);

/** The two moves a trustee could make from here, each allowed or refused with its reason. */
export function moveOptions(from: StageCode, facts: StageFacts): { forward: MoveOption | null; back: MoveOption | null } {
  const option = (to: StageCode | undefined): MoveOption | null => {
    if (to === undefined) return null;
    const decision = decideMove(from, to, facts);
    if (decision.ok) return { to, allowed: true };
    const { ok: _ok, reason: _reason, ...refusal } = decision;
    return { to, allowed: false, ...refusal };
  };
  return { forward: option(nextStage(from)), back: option(previousStage(from)) };
}
