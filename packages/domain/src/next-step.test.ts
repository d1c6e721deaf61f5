import { describe, expect, it } from 'vitest';
import { nextStep, type NextStepFacts } from './next-step.js';
import { Role } from './roles.js';
import { Stage } from './stages.js';

const counts = { items: 10, reviewed: 0, hearted: 0, ranked: 0, rankLimit: 0, tokensUsed: 0, tokensBudget: 0, received: 0 };
const facts = (over: Partial<NextStepFacts>): NextStepFacts => ({ estateId: 'e1', stage: Stage.Approve, roles: [Role.Beneficiary], done: false, dueAt: null, leads: false, counts, ...over });

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
    expect(nextStep(facts({ roles: [Role.Trustee], leads: true }))).toEqual({ kind: 'lead', stage: Stage.Approve, path: '/trustee/control' });
    expect(nextStep(facts({ roles: [Role.Trustee, Role.Beneficiary], leads: true })).kind).toBe('task');
    expect(nextStep(facts({ roles: [Role.Trustee, Role.Beneficiary], leads: true, done: true })).kind).toBe('lead');
    // Cataloguing is the trustee's to-do too, but the control panel is where they lead from.
    expect(nextStep(facts({ stage: Stage.Cataloging, roles: [Role.Trustee], leads: true })).kind).toBe('lead');
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
});
