/**
 * The one permission table. The server checks every route against it and the web app uses it to
 * decide what to show, so the two never disagree. A rule grants an action to some roles, optionally
 * only in some stages. Role failures map to 403, stage failures to 409 naming the stages.
 */
import { ACCESS, Role, type RoleCode } from './roles.js';
import { DEADLINE_STAGES, STAGE_ORDER, Stage, type StageCode } from './stages.js';

/** What a predicate may know about the addressed resource (from the request's path). */
export type ResourceFacts = { step?: number };

/**
 * A rule grants an action to some roles, optionally only in some stages, and optionally only when a
 * short predicate over the stage and the addressed resource holds (e.g. "the step being run is the
 * estate's current stage").
 */
type Rule = {
  roles: readonly RoleCode[];
  stages?: readonly StageCode[];
  when?: { test: (stage: StageCode, facts: ResourceFacts) => boolean; says: string };
};

const trustee = ACCESS.trustee;
const everyone = ACCESS.member;
const beforeResults = STAGE_ORDER.filter((s) => s < Stage.AssignmentCompleted);
const afterResults = STAGE_ORDER.filter((s) => s >= Stage.AssignmentCompleted);

export const POLICY = {
  'estate.view': [{ roles: everyone }],
  'estate.update': [{ roles: trustee }],
  'estate.stage': [{ roles: trustee }],
  'member.list': [{ roles: everyone }],
  'member.invite': [{ roles: trustee }],
  'member.update': [{ roles: trustee }],
  'activity.view': [{ roles: everyone }],
  'activity.viewAll': [{ roles: [...trustee, Role.Observer] }],
  'item.view': [{ roles: everyone }],
  'item.create': [{ roles: trustee, stages: beforeResults }, { roles: [Role.Creator], stages: [Stage.Cataloging] }],
  'item.update': [{ roles: trustee, stages: beforeResults }, { roles: [Role.Creator], stages: [Stage.Cataloging] }],
  'item.delete': [{ roles: trustee, stages: beforeResults }, { roles: [Role.Creator], stages: [Stage.Cataloging] }],
  'item.suggest': [{ roles: [Role.Beneficiary], stages: [Stage.Approve] }],
  'item.appraise': [{ roles: [...trustee, Role.Appraiser], stages: beforeResults }],
  'location.manage': [
    { roles: trustee, stages: beforeResults },
    { roles: [Role.Creator], stages: [Stage.Cataloging] },
  ],
  'approval.set': [{ roles: [Role.Beneficiary], stages: [Stage.Approve] }],
  'interest.set': [{ roles: [Role.Beneficiary, Role.Offspring], stages: [Stage.Interest] }],
  'interest.viewWho': [{ roles: [...trustee, Role.Observer] }],
  'advice.view': [{ roles: [Role.Beneficiary] }],
  'highInterest.set': [{ roles: trustee, stages: [Stage.ConfirmHighInterest] }],
  'highInterest.review': [{ roles: [...trustee, Role.Observer] }],
  'participation.view': [{ roles: [Role.Beneficiary, Role.Offspring] }],
  'participation.viewAll': [{ roles: [...trustee, Role.Observer] }],
  'participation.done': [{ roles: [Role.Beneficiary], stages: DEADLINE_STAGES }],
  'ranking.set': [{ roles: [Role.Beneficiary], stages: [Stage.Ranking] }],
  'tokens.set': [{ roles: [Role.Beneficiary], stages: [Stage.Tokens] }],
  'directive.create': [{ roles: trustee, stages: [Stage.Directives] }],
  'step.run': [{ roles: trustee }],
  'draw.view': [{ roles: [...trustee, Role.Observer, Role.Beneficiary] }],
  'draw.viewFull': [{ roles: [...trustee, Role.Observer] }],
  'draw.publish': [{ roles: trustee, stages: afterResults }],
  'report.view': [{ roles: [...trustee, Role.Observer, Role.Beneficiary] }],
  'report.viewAll': [{ roles: [...trustee, Role.Observer] }],
  'files.view': [{ roles: everyone }],
  'files.manage': [{ roles: trustee }],
  'chat.use': [{ roles: everyone }],
} as const satisfies Record<string, readonly Rule[]>;

export type Action = keyof typeof POLICY;

export type Decision =
  | { ok: true }
  | { ok: false; reason: 'role' }
  | { ok: false; reason: 'stage'; allowedStages: StageCode[] }
  | { ok: false; reason: 'condition'; says: string };

export type Actor = { roles: readonly number[]; stage: StageCode };

export function isAction(value: string): value is Action {
  return Object.hasOwn(POLICY, value);
}

export function authorize(action: Action, actor: Actor, facts: ResourceFacts = {}): Decision {
  const rules: readonly Rule[] = POLICY[action];
  const byRole = rules.filter((rule) => rule.roles.some((r) => actor.roles.includes(r)));
  if (byRole.length === 0) return { ok: false, reason: 'role' };
  const inStage = byRole.filter((rule) => !rule.stages || rule.stages.includes(actor.stage));
  if (inStage.some((rule) => !rule.when || rule.when.test(actor.stage, facts))) return { ok: true };
  if (inStage.length > 0) return { ok: false, reason: 'condition', says: inStage.find((r) => r.when)!.when!.says };
  const allowed = new Set(byRole.flatMap((rule) => rule.stages ?? []));
  return { ok: false, reason: 'stage', allowedStages: STAGE_ORDER.filter((s) => allowed.has(s)) };
}

export function can(action: Action, actor: Actor, facts: ResourceFacts = {}): boolean {
  return authorize(action, actor, facts).ok;
}
