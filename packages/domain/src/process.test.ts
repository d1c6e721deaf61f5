import { describe, expect, it } from 'vitest';
import { PROCESS, effectsOfMove, exitRefusal, factsToLoad, hasDeadline } from './process.js';
import { DEADLINE_STAGES, STAGE_ORDER, Stage } from './stages.js';

describe('the process table', () => {
  it('says what each move sets off, by timing, leaving before entering', () => {
    expect(effectsOfMove(Stage.Directives, Stage.Interest, 'forward')).toEqual({
      'in-move': ['commit-draw-secrets'],
      'after-move': ['mail-whose-turn'],
      job: [],
    });
    expect(effectsOfMove(Stage.Interest, Stage.ConfirmHighInterest, 'forward')).toEqual({
      'in-move': ['seal-inputs', 'recommend-high-interest'],
      'after-move': ['mail-whose-turn'],
      job: [],
    });
    // Stepping back reopens the sealed stage; it does not recommend again or mail anyone.
    expect(effectsOfMove(Stage.ConfirmHighInterest, Stage.Interest, 'back')).toEqual({
      'in-move': ['reopen-inputs', 'commit-draw-secrets'],
      'after-move': [],
      job: [],
    });
    expect(effectsOfMove(Stage.DistributionReview, Stage.ConfirmHighInterest, 'back')).toEqual({
      'in-move': [],
      'after-move': [],
      job: [],
    });
    // Stage 90's report files are a job, made after the move has committed.
    expect(effectsOfMove(Stage.DistributionCompleted, Stage.Finalizing, 'forward')).toEqual({
      'in-move': [],
      'after-move': ['mail-whose-turn'],
      job: ['make-report-files'],
    });
  });

  it('loads a gate fact only for the stage whose gate needs it', () => {
    expect(factsToLoad(Stage.Approve)).toEqual(['reviewWaiting']);
    expect(factsToLoad(Stage.Distribution)).toEqual(['handoverOpen']);
    expect(STAGE_ORDER.filter((s) => factsToLoad(s).length > 0)).toEqual([Stage.Approve, Stage.Distribution]);
  });

  it('closes the gates of automated steps, the review and the hand-over, each with its reason', () => {
    expect(exitRefusal(Stage.AssignUnwanted, { stepsRun: [] })).toEqual({
      code: 'step-not-run',
      params: { stage: Stage.AssignUnwanted },
    });
    expect(exitRefusal(Stage.AssignUnwanted, { stepsRun: [Stage.AssignUnwanted] })).toBeNull();
    expect(exitRefusal(Stage.Approve, { stepsRun: [], reviewWaiting: 2 })).toEqual({
      code: 'review-incomplete',
      params: { waiting: 2 },
    });
    expect(
      exitRefusal(Stage.Approve, { stepsRun: [], reviewWaiting: 2, deadlinesPassed: [Stage.Approve] }),
    ).toBeNull();
    expect(exitRefusal(Stage.Distribution, { stepsRun: [], handoverOpen: 1 })).toEqual({
      code: 'handover-incomplete',
      params: { open: 1 },
    });
    expect(exitRefusal(Stage.Interest, { stepsRun: [] })).toBeNull();
  });

  it('gives a deadline exactly to the stages that may carry one: count the silent, then seal', () => {
    expect(STAGE_ORDER.filter(hasDeadline)).toEqual(DEADLINE_STAGES);
    expect(PROCESS[Stage.Approve].atDeadline).toEqual(['count-silence-as-approval', 'seal-inputs']);
    expect(PROCESS[Stage.Tokens].atDeadline).toEqual(['count-silence-as-done', 'seal-inputs']);
  });
});
