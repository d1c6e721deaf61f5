/**
 * The one thing a person should do next in an estate, for the large card at the top of Home: the
 * Terms and Agreement first for those who give input, then their own task in this stage (the same
 * derived to-do the to-do list shows) with its progress, a helper's appraisals or sales, or, for
 * those who lead the estate, the control panel, or a calm "nothing to do now" (api.md, "Next step
 * for every role").
 */
import { AGREEMENTS_PATH, givesInput } from './consent.js';
import { exitRefusal } from './process.js';
import { Role } from './roles.js';
import type { StageFacts } from './stage-machine.js';
import { DEADLINE_STAGES, Stage, type StageCode } from './stages.js';
import { helperTodo, stageTodo } from './todos.js';

export const NEXT_TASKS = ['agreements', 'catalogue', 'review', 'heart', 'advice', 'rank', 'tokens', 'results', 'handover', 'appraise', 'sale'] as const;
export type NextTask = (typeof NEXT_TASKS)[number];

const TASK_OF: Partial<Record<StageCode, NextTask>> = {
  [Stage.Cataloging]: 'catalogue',
  [Stage.Approve]: 'review',
  [Stage.Interest]: 'heart',
  [Stage.Ranking]: 'rank',
  [Stage.Tokens]: 'tokens',
  [Stage.AssignmentCompleted]: 'results',
  [Stage.Distribution]: 'handover',
};

/**
 * What the current stage needs from those who lead the estate (api.md, "Next step for every role"):
 * `setup` invite the family (0); `catalogue` add the items (1); `members` wait for the family to
 * finish their part (the review's exit gate, or "I'm done" in 11, 20, 30); `step` run the stage's
 * automated step (its exit gate); `directives` record written directives (10); `high-interest`
 * confirm the high-interest items (12); `plan` look over the distribution plan (13); `handover`
 * things still to hand over (41's exit gate); `decide` what becomes of unwanted and held items
 * (90); `move` nothing holds the stage: move on when ready.
 */
export const LEAD_NEEDS = ['setup', 'catalogue', 'members', 'step', 'directives', 'high-interest', 'plan', 'handover', 'decide', 'move'] as const;
export type LeadNeed = (typeof LEAD_NEEDS)[number];

/** What the server loads for those who lead: the exit gates' facts (process table) and a few counts. */
export type LeadFacts = {
  gates: StageFacts;
  /** Beneficiaries, and those of them who finished this stage (said "I'm done" or counted done). */
  receivers: number;
  finished: number;
  /** Unwanted or held items without a recorded outcome (stage 90). */
  undecided: number;
};

/** What the server counted for this person in this estate (only their own inputs). */
export type NextStepCounts = {
  items: number;
  reviewed: number;
  hearted: number;
  ranked: number;
  rankLimit: number;
  tokensUsed: number;
  tokensBudget: number;
  received: number;
  /** Unwanted or held items with a disposition: appraised so far, and still without an appraisal. */
  appraised: number;
  toAppraise: number;
  /** Items marked "sell": sold so far, and still without a sale. */
  sold: number;
  toSell: number;
};

export type NextStepFacts = {
  estateId: string;
  stage: StageCode;
  roles: readonly number[];
  /** They said "I'm done" for this stage (or the deadline counted them done). */
  done: boolean;
  dueAt: string | null;
  /** They lead the estate (may move its stage). */
  leads: boolean;
  /** They accepted the current Terms of Use and Agreement. */
  agreed: boolean;
  counts: NextStepCounts;
  /** Loaded only for those who lead the estate (or an administrator visiting it for support). */
  lead?: LeadFacts;
  /** An administrator visiting the estate for support: sees what it needs, moves nothing. */
  visits?: boolean;
};

export type Progress = { done: number; total: number | null };

export type NextStep =
  | { kind: 'task'; task: NextTask; stage: StageCode; path: string; dueAt: string | null; progress: Progress }
  | { kind: 'finished'; stage: StageCode; task: NextTask }
  | { kind: 'lead'; stage: StageCode; path: string; need: LeadNeed; progress: Progress | null; acts: boolean }
  | { kind: 'wait'; stage: StageCode };

function progressOf(task: NextTask, c: NextStepCounts): Progress {
  switch (task) {
    case 'catalogue':
      return { done: c.items, total: null };
    case 'review':
      return { done: c.reviewed, total: c.items };
    case 'heart':
    case 'advice':
      return { done: c.hearted, total: null };
    case 'rank':
      return { done: c.ranked, total: c.rankLimit };
    case 'tokens':
      return { done: c.tokensUsed, total: c.tokensBudget };
    case 'results':
    case 'handover':
      return { done: c.received, total: null };
    case 'appraise':
      return { done: c.appraised, total: c.appraised + c.toAppraise };
    case 'sale':
      return { done: c.sold, total: c.sold + c.toSell };
    case 'agreements':
      return { done: 0, total: null };
  }
}

/** A turn with nothing in it is no turn: no tokens to place, nothing to collect. */
function isEmptyTurn(task: NextTask, c: NextStepCounts): boolean {
  return (task === 'tokens' && c.tokensBudget === 0) || ((task === 'handover' || task === 'results') && c.received === 0);
}

/** The helpers' work (appraiser, seller or buyer) while items wait for it, or an offspring's advice. */
function helperStep(f: NextStepFacts): NextStep | undefined {
  const todo = helperTodo({ estateId: f.estateId, stage: f.stage, roles: f.roles, pending: { appraise: f.counts.toAppraise, sale: f.counts.toSell }, done: f.done });
  if (!todo || todo.done) return undefined;
  const task = todo.task;
  return { kind: 'task', task, stage: f.stage, path: todo.path, dueAt: task === 'advice' ? f.dueAt : null, progress: progressOf(task, f.counts) };
}

const CONTROL_PANEL = '/trustee/control';

/** What the stage needs from those who lead it: its first closed exit gate, else the stage's own work. */
export function leadStep(f: Pick<NextStepFacts, 'estateId' | 'stage' | 'counts'> & { lead: LeadFacts; acts: boolean }): Extract<NextStep, { kind: 'lead' }> {
  const { stage, lead, acts } = f;
  const step = (need: LeadNeed, progress: Progress | null = null, path = CONTROL_PANEL) => ({ kind: 'lead' as const, stage, path, need, progress, acts });
  const refusal = exitRefusal(stage, lead.gates);
  if (refusal?.code === 'step-not-run') return step('step');
  if (refusal?.code === 'review-incomplete') {
    return step('members', { done: Math.max(0, lead.receivers - refusal.params.waiting), total: lead.receivers });
  }
  if (refusal?.code === 'handover-incomplete') return step('handover', { done: refusal.params.open, total: null }, '/trustee/handover');
  if (stage === Stage.Initial) return step('setup');
  if (stage === Stage.Cataloging) return step('catalogue', { done: f.counts.items, total: null }, `/p/${f.estateId}/i`);
  if (stage === Stage.Directives) return step('directives');
  if (stage === Stage.ConfirmHighInterest) return step('high-interest');
  if (stage === Stage.DistributionReview) return step('plan');
  // The review's own gate counted its waiting above; hearts, ranking and tokens count "I'm done".
  if (stage !== Stage.Approve && DEADLINE_STAGES.includes(stage) && lead.finished < lead.receivers) return step('members', { done: lead.finished, total: lead.receivers });
  if (stage === Stage.Finalizing && lead.undecided > 0) return step('decide', { done: lead.undecided, total: null }, '/unwanted-items');
  return step('move');
}

export function nextStep(f: NextStepFacts): NextStep {
  // Nothing they give counts before the Terms and Agreement are accepted: that comes first.
  if (givesInput(f.roles) && !f.agreed && f.stage < Stage.Completed) {
    return { kind: 'task', task: 'agreements', stage: f.stage, path: `${AGREEMENTS_PATH}?estate=${f.estateId}`, dueAt: null, progress: progressOf('agreements', f.counts) };
  }
  const todo = stageTodo({ estateId: f.estateId, stage: f.stage, roles: f.roles, dueAt: f.dueAt, done: f.done });
  const task = TASK_OF[f.stage];
  // Cataloguing is the trustee's own work only when they are not leading: they see the control panel.
  const ownTask = todo && task && !(task === 'catalogue' && f.leads && !f.roles.includes(Role.Creator));
  if (ownTask && !isEmptyTurn(task, f.counts)) {
    const progress = progressOf(task, f.counts);
    // Review is finished when every item has an answer, even before "I'm done" is pressed.
    const finished = f.done || (task === 'review' && progress.total !== null && progress.total > 0 && progress.done >= progress.total);
    if (!finished) return { kind: 'task', task, stage: f.stage, path: todo.path, dueAt: f.dueAt, progress };
    if (!f.leads) return { kind: 'finished', stage: f.stage, task };
  }
  const helper = helperStep(f);
  if (helper) return helper;
  if ((f.leads || f.visits) && f.lead && f.stage < Stage.Completed) return leadStep({ ...f, lead: f.lead, acts: f.leads });
  return { kind: 'wait', stage: f.stage };
}
