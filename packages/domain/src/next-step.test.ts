import { describe, expect, it } from 'vitest';
import { nextStep, type LeadFacts, type NextStepFacts } from './next-step.js';
import { Role } from './roles.js';
import { Stage } from './stages.js';

const counts = { items: 10, reviewed: 0, hearted: 0, ranked: 0, rankLimit: 0, tokensUsed: 0, tokensBudget: 0, received: 0, appraised: 0, toAppraise: 0, sold: 0, toSell: 0 };
/** Two of three beneficiaries still reviewing; nothing else holds any stage. */
const lead: LeadFacts = { gates: { stepsRun: [], reviewWaiting: 2, handoverOpen: 0 }, receivers: 3, finished: 1, undecided: 0 };
const facts = (over: Partial<NextStepFacts>): NextStepFacts => ({ estateId: 'e1', stage: Stage.Approve, roles: [Role.Beneficiary], done: false, dueAt: null, leads: false, agreed: true, counts, ...over });

describe('next step', () => {
  it('gives a beneficiary their review with its progress and deadline', () => {
    expect(nextStep(facts({ dueAt: '2026-12-01T00:00:00Z', counts: { ...counts, reviewed: 3 } }))).toEqual({
      kind: 'task',
      task: 'review',
      stage: Stage.Approve,
      path: '/p/e1/i?review=1',
      dueAt: '2026-12-01T00:00:00Z',
      progress: { done: 3, total: 10 },
    });
  });

  it('counts the review finished when every item is answered, even before "I\'m done"', () => {
    expect(nextStep(facts({ counts: { ...counts, reviewed: 10 } }))).toEqual({ kind: 'finished', stage: Stage.Approve, task: 'review' });
  });

  it('leads trustees to the control panel, after their own task as a beneficiary', () => {
    expect(nextStep(facts({ roles: [Role.Trustee], leads: true, lead }))).toEqual({ kind: 'lead', stage: Stage.Approve, path: '/trustee/control', need: 'members', progress: { done: 1, total: 3 }, acts: true });
    expect(nextStep(facts({ roles: [Role.Trustee, Role.Beneficiary], leads: true })).kind).toBe('task');
    expect(nextStep(facts({ roles: [Role.Trustee, Role.Beneficiary], leads: true, done: true, lead })).kind).toBe('lead');
    // Cataloguing is the trustee's to-do too, but the control panel is where they lead from.
    expect(nextStep(facts({ stage: Stage.Cataloging, roles: [Role.Trustee], leads: true, lead }))).toMatchObject({ kind: 'lead', need: 'catalogue', path: '/p/e1/i', progress: { done: 10, total: null } });
    expect(nextStep(facts({ stage: Stage.Cataloging, roles: [Role.Creator] }))).toMatchObject({ kind: 'task', task: 'catalogue', progress: { done: 10, total: null } });
  });

  it('has nothing for an observer, or in a stage the rules run', () => {
    expect(nextStep(facts({ roles: [Role.Observer] }))).toEqual({ kind: 'wait', stage: Stage.Approve });
    expect(nextStep(facts({ stage: Stage.DistributionReview }))).toEqual({ kind: 'wait', stage: Stage.DistributionReview });
  });

  it('shows tokens, ranking and results with their own measures', () => {
    expect(nextStep(facts({ stage: Stage.Tokens, counts: { ...counts, tokensUsed: 2, tokensBudget: 5 } }))).toMatchObject({ task: 'tokens', progress: { done: 2, total: 5 } });
    expect(nextStep(facts({ stage: Stage.Ranking, counts: { ...counts, ranked: 1, rankLimit: 4 } }))).toMatchObject({ task: 'rank', progress: { done: 1, total: 4 } });
    expect(nextStep(facts({ stage: Stage.AssignmentCompleted, counts: { ...counts, received: 7 } }))).toMatchObject({ task: 'results', path: '/my-items?tab=assigned', progress: { done: 7, total: null } });
  });

  it('asks for the Terms and Agreement before any other task', () => {
    expect(nextStep(facts({ agreed: false }))).toEqual({ kind: 'task', task: 'agreements', stage: Stage.Approve, path: '/agreements?estate=e1', dueAt: null, progress: { done: 0, total: null } });
    expect(nextStep(facts({ agreed: false, roles: [Role.Offspring], stage: Stage.Initial })).kind === 'task').toBe(true);
    // Helpers give no input, so they are not asked.
    expect(nextStep(facts({ agreed: false, roles: [Role.Observer] })).kind).toBe('wait');
  });

  it('offers no turn with nothing in it', () => {
    expect(nextStep(facts({ stage: Stage.Tokens, counts: { ...counts, tokensBudget: 0 } })).kind).toBe('wait');
    expect(nextStep(facts({ stage: Stage.Distribution, counts: { ...counts, received: 0 } })).kind).toBe('wait');
  });

  it('gives an offspring advice in stage 11, and the helpers their appraisals and sales', () => {
    expect(nextStep(facts({ stage: Stage.Interest, roles: [Role.Offspring], counts: { ...counts, hearted: 2 } }))).toEqual({
      kind: 'task', task: 'advice', stage: Stage.Interest, path: '/p/e1/i', dueAt: null, progress: { done: 2, total: null },
    });
    const settling = { ...counts, appraised: 1, toAppraise: 2, sold: 0, toSell: 3 };
    expect(nextStep(facts({ stage: Stage.Distribution, roles: [Role.Appraiser], counts: settling }))).toEqual({
      kind: 'task', task: 'appraise', stage: Stage.Distribution, path: '/unwanted-items', dueAt: null, progress: { done: 1, total: 3 },
    });
    expect(nextStep(facts({ stage: Stage.Finalizing, roles: [Role.Seller], counts: settling }))).toMatchObject({ task: 'sale', progress: { done: 0, total: 3 } });
    expect(nextStep(facts({ stage: Stage.Finalizing, roles: [Role.Buyer], counts: settling })).kind).toBe('task');
    // Nothing waits: nothing to do.
    expect(nextStep(facts({ stage: Stage.Finalizing, roles: [Role.Seller], counts: { ...settling, toSell: 0 } })).kind).toBe('wait');
    expect(nextStep(facts({ stage: Stage.Approve, roles: [Role.Appraiser], counts: settling })).kind).toBe('wait');
  });

  it('names what each stage needs from those who lead it, exit gates first', () => {
    const trustee = (stage: NextStepFacts['stage'], more: Partial<LeadFacts> = {}, gates: Partial<LeadFacts['gates']> = {}) =>
      nextStep(facts({ stage, roles: [Role.Trustee], leads: true, lead: { ...lead, ...more, gates: { ...lead.gates, ...gates } } }));
    expect(trustee(Stage.Initial)).toMatchObject({ need: 'setup' });
    expect(trustee(Stage.Approve, {}, { reviewWaiting: 0 })).toMatchObject({ need: 'move', progress: null });
    expect(trustee(Stage.Approve, {}, { reviewWaiting: 2, deadlinesPassed: [Stage.Approve] })).toMatchObject({ need: 'move' });
    expect(trustee(Stage.Directives)).toMatchObject({ need: 'directives' });
    expect(trustee(Stage.Interest)).toMatchObject({ need: 'members', progress: { done: 1, total: 3 } });
    expect(trustee(Stage.Interest, { finished: 3 })).toMatchObject({ need: 'move' });
    expect(trustee(Stage.ConfirmHighInterest)).toMatchObject({ need: 'high-interest' });
    expect(trustee(Stage.DistributionReview)).toMatchObject({ need: 'plan' });
    // An automated stage waits for its step (the exit gate), then for the move.
    expect(trustee(Stage.AssignHighInterest)).toMatchObject({ need: 'step', path: '/trustee/control' });
    expect(trustee(Stage.AssignHighInterest, {}, { stepsRun: [Stage.AssignHighInterest] })).toMatchObject({ need: 'move' });
    expect(trustee(Stage.Tokens, { finished: 0 })).toMatchObject({ need: 'members', progress: { done: 0, total: 3 } });
    expect(trustee(Stage.AssignmentCompleted)).toMatchObject({ need: 'move' });
    expect(trustee(Stage.Distribution, {}, { handoverOpen: 4 })).toMatchObject({ need: 'handover', path: '/trustee/handover', progress: { done: 4, total: null } });
    expect(trustee(Stage.Finalizing, { undecided: 2 })).toMatchObject({ need: 'decide', path: '/unwanted-items', progress: { done: 2, total: null } });
    expect(trustee(Stage.Finalizing)).toMatchObject({ need: 'move' });
    expect(trustee(Stage.Completed)).toEqual({ kind: 'wait', stage: Stage.Completed });
    // An administrator visiting for support sees the same need, and does not act on it.
    expect(nextStep(facts({ stage: Stage.Interest, roles: [Role.Admin], visits: true, lead }))).toMatchObject({ kind: 'lead', need: 'members', acts: false });
  });
});
