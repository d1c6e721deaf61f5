/**
 * The one thing a person should do next in an estate, for the large card at the top of Home: their
 * own task in this stage (the same derived to-do the to-do list shows) with its progress, or, for
 * those who lead the estate, the control panel, or a calm "nothing to do now".
 */
import { Role } from './roles.js';
import { Stage, type StageCode } from './stages.js';
import { stageTodo } from './todos.js';

export const NEXT_TASKS = ['catalogue', 'review', 'heart', 'rank', 'tokens', 'results', 'handover'] as const;
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
  counts: NextStepCounts;
};

export type Progress = { done: number; total: number | null };

export type NextStep =
  | { kind: 'task'; task: NextTask; stage: StageCode; path: string; dueAt: string | null; progress: Progress }
  | { kind: 'finished'; stage: StageCode; task: NextTask }
  | { kind: 'lead'; stage: StageCode; path: string }
  | { kind: 'wait'; stage: StageCode };

function progressOf(task: NextTask, c: NextStepCounts): Progress {
  switch (task) {
    case 'catalogue':
      return { done: c.items, total: null };
    case 'review':
      return { done: c.reviewed, total: c.items };
    case 'heart':
      return { done: c.hearted, total: null };
    case 'rank':
      return { done: c.ranked, total: c.rankLimit };
    case 'tokens':
      return { done: c.tokensUsed, total: c.tokensBudget };
    case 'results':
    case 'handover':
      return { done: c.received, total: null };
  }
}

export function nextStep(f: NextStepFacts): NextStep {
  const todo = stageTodo({ estateId: f.estateId, stage: f.stage, roles: f.roles, dueAt: f.dueAt, done: f.done });
  const task = TASK_OF[f.stage];
  // Cataloguing is the trustee's own work only when they are not leading: they see the control panel.
  const ownTask = todo && task && !(task === 'catalogue' && f.leads && !f.roles.includes(Role.Creator));
  if (ownTask) {
    const progress = progressOf(task, f.counts);
    // Review is finished when every item has an answer, even before "I'm done" is pressed.
    const finished = f.done || (task === 'review' && progress.total !== null && progress.total > 0 && progress.done >= progress.total);
    if (!finished) return { kind: 'task', task, stage: f.stage, path: todo.path, dueAt: f.dueAt, progress };
    if (!f.leads) return { kind: 'finished', stage: f.stage, task };
  }
  if (f.leads) return { kind: 'lead', stage: f.stage, path: '/trustee/control' };
  return { kind: 'wait', stage: f.stage };
}
