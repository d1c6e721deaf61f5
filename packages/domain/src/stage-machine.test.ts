import { describe, expect, it } from 'vitest';
import { decideMove, moveOptions } from './stage-machine.js';
import { STAGE_ORDER, Stage } from './stages.js';

const none = { stepsRun: [] };

describe('stage machine', () => {
  it('moves forward one stage at a time through the whole order', () => {
    for (let i = 0; i + 1 < STAGE_ORDER.length; i++) {
      const from = STAGE_ORDER[i]!;
      const to = STAGE_ORDER[i + 1]!;
      expect(decideMove(from, to, { stepsRun: [from] })).toEqual({ ok: true, direction: 'forward' });
    }
  });

  it('refuses skipping and staying', () => {
    const skip = decideMove(Stage.Initial, Stage.Approve, none);
    expect(skip).toMatchObject({ ok: false, code: 'one-at-a-time', reason: expect.stringContaining('"Cataloging Assets"') });
    expect(decideMove(Stage.Approve, Stage.Approve, none).ok).toBe(false);
    expect(decideMove(Stage.Completed, Stage.Initial, none).ok).toBe(false);
  });

  it('leaves an automated stage only after its step has run', () => {
    expect(decideMove(Stage.AssignUnwanted, Stage.AssignOnlyOne, none)).toMatchObject({ ok: false, code: 'step-not-run', reason: 'Run the step "Assign Unwanted Items" before moving on.' });
    expect(decideMove(Stage.AssignUnwanted, Stage.AssignOnlyOne, { stepsRun: [Stage.AssignUnwanted] }).ok).toBe(true);
  });

  it('steps back one stage only while nothing irreversible has happened', () => {
    expect(decideMove(Stage.Interest, Stage.Directives, none)).toEqual({ ok: true, direction: 'back' });
    expect(decideMove(Stage.AssignUnwanted, Stage.DistributionReview, { stepsRun: [Stage.AssignUnwanted] }).ok).toBe(false);
    expect(decideMove(Stage.AssignUnwanted, Stage.DistributionReview, none).ok).toBe(true);
    expect(decideMove(Stage.Ranking, Stage.AssignOnlyOne, { stepsRun: [Stage.AssignOnlyOne] }).ok).toBe(false);
    expect(decideMove(Stage.Distribution, Stage.AssignmentCompleted, none).ok).toBe(false);
    expect(decideMove(Stage.Interest, Stage.Initial, none).ok).toBe(false);
    expect(decideMove(Stage.ConfirmHighInterest, Stage.Interest, { stepsRun: [], deadlinesPassed: [Stage.Interest] })).toMatchObject({
      ok: false,
      reason: 'The deadline of "Express Your Interest In Items" has passed and its answers are final; the estate cannot go back to it.',
    });
  });

  it('leaves the review only when every beneficiary has finished it, or its deadline has passed', () => {
    expect(decideMove(Stage.Approve, Stage.Directives, { stepsRun: [], reviewWaiting: 2 })).toMatchObject({ ok: false, code: 'review-incomplete', params: { waiting: 2 } });
    expect(decideMove(Stage.Approve, Stage.Directives, { stepsRun: [], reviewWaiting: 0 }).ok).toBe(true);
    expect(decideMove(Stage.Approve, Stage.Directives, { stepsRun: [], reviewWaiting: 2, deadlinesPassed: [Stage.Approve] }).ok).toBe(true);
    // Stepping back is not held up by the review.
    expect(decideMove(Stage.Approve, Stage.Cataloging, { stepsRun: [], reviewWaiting: 2 }).ok).toBe(true);
  });

  it('offers no step back from the last stage and says why each move is refused', () => {
    expect(moveOptions(Stage.Completed, none)).toEqual({ forward: null, back: { to: Stage.Finalizing, allowed: false, code: 'results-published' } });
    expect(moveOptions(Stage.Initial, none)).toEqual({ forward: { to: Stage.Cataloging, allowed: true }, back: null });
    expect(moveOptions(Stage.AssignUnwanted, none).forward).toEqual({ to: Stage.AssignOnlyOne, allowed: false, code: 'step-not-run', params: { stage: Stage.AssignUnwanted } });
  });
});
