/**
 * What a member must do now: derived from the stage and their roles, never stored, so it can never
 * drift from the estate's real state. Titles are i18n keys (content/stages.*.json `todo`).
 */
import { Role } from './roles.js';
import { Stage, type StageCode } from './stages.js';

export type StageTodo = {
  id: string;
  estateId: string;
  stage: StageCode;
  /** i18n key of the title; the stage's `todo` text with {{deadline}}. */
  titleKey: string;
  dueAt: string | null;
  required: boolean;
  done: boolean;
  /** Where in the app the member does it. */
  path: string;
};

/** Which roles act in which stage. */
const ACTORS: Partial<Record<StageCode, readonly number[]>> = {
  [Stage.Cataloging]: [Role.Creator, Role.Trustee, Role.Owner],
  [Stage.Approve]: [Role.Beneficiary],
  [Stage.Interest]: [Role.Beneficiary],
  [Stage.Ranking]: [Role.Beneficiary],
  [Stage.Tokens]: [Role.Beneficiary],
  [Stage.AssignmentCompleted]: [Role.Beneficiary],
  [Stage.Distribution]: [Role.Beneficiary],
  // The final accounting: those who lead record what becomes of every unwanted and held item.
  [Stage.Finalizing]: [Role.Trustee, Role.Owner],
};

const PATHS: Partial<Record<StageCode, string>> = {
  [Stage.Cataloging]: '/p/{eid}/i',
  [Stage.Approve]: '/p/{eid}/i?review=1',
  [Stage.Interest]: '/p/{eid}/i',
  [Stage.Ranking]: '/my-items?tab=ranking',
  [Stage.Tokens]: '/my-items?tab=tokens',
  [Stage.AssignmentCompleted]: '/my-items?tab=assigned',
  [Stage.Distribution]: '/my-items?tab=assigned',
  [Stage.Finalizing]: '/unwanted-items',
};

/** Stages whose to-do must be done (or will be counted as done at the deadline). */
const REQUIRED: readonly StageCode[] = [Stage.Approve, Stage.Interest, Stage.Ranking, Stage.Tokens];

export function stageTodo(input: {
  estateId: string;
  stage: StageCode;
  roles: readonly number[];
  dueAt: string | null;
  done: boolean;
}): StageTodo | undefined {
  const actors = ACTORS[input.stage];
  if (!actors?.some((r) => input.roles.includes(r))) return undefined;
  return {
    id: `stage-${input.estateId}-${input.stage}`,
    estateId: input.estateId,
    stage: input.stage,
    titleKey: `stage.${input.stage}.todo`,
    dueAt: input.dueAt,
    required: REQUIRED.includes(input.stage),
    done: input.done,
    path: (PATHS[input.stage] ?? '/i/').replace('{eid}', input.estateId),
  };
}

export type HelperTask = 'advice' | 'appraise' | 'sale';

/** Stages in which unwanted and held items get their appraisal and sale (the policy's `afterResultsOpen`). */
const SETTLING_STAGES: readonly StageCode[] = [Stage.AssignmentCompleted, Stage.Distribution, Stage.DistributionCompleted, Stage.Finalizing];

/**
 * The work of the people around the beneficiaries: an offspring's hearts in stage 11 count as advice;
 * an appraiser values the unwanted or held items the trustee decided on; a seller or buyer records
 * the sale of items marked "sell". Each only while something waits for them (`pending`).
 */
export function helperTodo(input: {
  estateId: string;
  stage: StageCode;
  roles: readonly number[];
  pending: { appraise: number; sale: number };
  done: boolean;
}): (StageTodo & { task: HelperTask }) | undefined {
  const has = (r: number) => input.roles.includes(r);
  const base = { estateId: input.estateId, stage: input.stage, dueAt: null, required: false };
  if (input.stage === Stage.Interest && has(Role.Offspring) && !has(Role.Beneficiary)) {
    return { ...base, task: 'advice', id: `advice-${input.estateId}-${input.stage}`, titleKey: 'todo:helper.advice', done: input.done, path: `/p/${input.estateId}/i` };
  }
  if (!SETTLING_STAGES.includes(input.stage)) return undefined;
  if (has(Role.Appraiser) && input.pending.appraise > 0) {
    return { ...base, task: 'appraise', id: `appraise-${input.estateId}`, titleKey: 'todo:helper.appraise', done: false, path: '/unwanted-items' };
  }
  if ((has(Role.Seller) || has(Role.Buyer)) && input.pending.sale > 0) {
    return { ...base, task: 'sale', id: `sale-${input.estateId}`, titleKey: 'todo:helper.sale', done: false, path: '/unwanted-items' };
  }
  return undefined;
}

/**
 * The tokens a receiver has to place in stage 30 (distribution.md): one per contested item they
 * hearted, or the estate's equal budget. With no contested item they hearted there is nothing to
 * place, whatever the budget: no "your turn", no "0 of 0".
 */
export function tokenBudget(rule: { tokenBudget: 'per-interest' | 'equal'; equalTokenBudget: number }, contested: number): number {
  return rule.tokenBudget === 'equal' ? rule.equalTokenBudget : contested;
}

export function tokensToPlace(rule: { tokenBudget: 'per-interest' | 'equal'; equalTokenBudget: number }, contested: number): number {
  return contested > 0 ? tokenBudget(rule, contested) : 0;
}
