/**
 * The one permission table. The server checks every route against it and the web app uses it to
 * decide what to show, so the two never disagree. A rule grants an action to some roles, optionally
 * only in some stages. Role failures map to 403, stage failures to 409 naming the stages.
 */
import { renewableSeal, renewRefusal } from './draw/sealed-stages.js';
import { ACCESS, Role, type RoleCode } from './roles.js';
import { AUTOMATED_STAGES, DEADLINE_STAGES, STAGE_NAMES, STAGE_ORDER, Stage, isStageCode, type StageCode } from './stages.js';

/** What a predicate may know about the addressed resource (from the request's path). */
export type ResourceFacts = { step?: number; stage?: number };

/**
 * A rule grants an action to some roles, optionally only in some stages, and optionally only when a
 * short predicate over the stage and the addressed resource holds (e.g. "the step being run is the
 * estate's current stage").
 */
export type Rule = {
  roles: readonly RoleCode[];
  stages?: readonly StageCode[];
  when?: { test: (stage: StageCode, facts: ResourceFacts) => boolean; says: (stage: StageCode, facts: ResourceFacts) => string };
};

const trustee = ACCESS.trustee;
const everyone = ACCESS.member;
const trusteesAndObservers = [...trustee, Role.Observer];
const beforeResults = STAGE_ORDER.filter((s) => s < Stage.AssignmentCompleted);
const afterResults = STAGE_ORDER.filter((s) => s >= Stage.AssignmentCompleted);
const catalogueEdit: readonly Rule[] = [
  { roles: trustee, stages: beforeResults },
  { roles: [Role.Creator], stages: [Stage.Cataloging] },
];
/** Steps are addressed by their number in the path (`/steps/:step/…`). */
const named = (code: number | undefined) => (code !== undefined && isStageCode(code) ? `"${STAGE_NAMES[code]}"` : 'another stage');
const theStepsOwnStage = {
  test: (stage: StageCode, facts: ResourceFacts) => facts.step === stage,
  says: (stage: StageCode, facts: ResourceFacts) =>
    `This step is done in its own stage, ${named(facts.step)}; the estate is in ${named(stage)}.`,
};
const theCurrentStage = {
  test: (stage: StageCode, facts: ResourceFacts) => facts.stage === stage,
  says: (stage: StageCode, facts: ResourceFacts) =>
    `This can only be done in the stage ${named(facts.stage)} while the estate is in it; the estate is in ${named(stage)}.`,
};
const notYetPast = {
  test: (stage: StageCode, facts: ResourceFacts) => facts.step !== undefined && stage <= facts.step,
  says: (stage: StageCode, facts: ResourceFacts) =>
    `The step ${named(facts.step)} has already been passed (the estate is in ${named(stage)}); its record is final.`,
};

/**
 * Every rule about who may do what, and when. Routes declare one of these actions; services read
 * the same table (`can`) to shape answers. Names say what they guard.
 */
export const POLICY = {
  // The estate itself
  'estate.view': [{ roles: everyone }],
  'estate.update': [{ roles: trustee }],
  'estate.stage': [{ roles: trustee }],
  'deadline.view': [{ roles: everyone }],
  'deadline.set': [{ roles: trustee, stages: beforeResults }],
  'commitment.view': [{ roles: everyone }],
  // People
  'member.list': [{ roles: everyone }],
  'member.invite': [{ roles: trustee }],
  'activity.view': [{ roles: everyone }],
  'activity.viewAll': [{ roles: trusteesAndObservers }],
  // Catalogue
  'item.view': [{ roles: everyone }],
  'item.create': catalogueEdit,
  'item.update': catalogueEdit,
  'item.delete': catalogueEdit,
  'item.import': catalogueEdit,
  'item.export': [{ roles: everyone }],
  'item.labels': [{ roles: everyone }],
  /** Taking an item out of the pool (Hold) and putting it back is the trustee's decision alone. */
  'item.hold': [{ roles: trustee, stages: beforeResults }],
  /** The appraiser's one job: an item's value. */
  'item.appraise': [{ roles: [...trustee, Role.Appraiser], stages: beforeResults }],
  'photo.manage': catalogueEdit,
  'location.view': [{ roles: everyone }],
  'location.manage': catalogueEdit,
  // Review (stage 2)
  'approval.set': [{ roles: [Role.Beneficiary], stages: [Stage.Approve] }],
  'approval.viewOwn': [{ roles: everyone }],
  'approval.viewAll': [{ roles: trusteesAndObservers }],
  'approval.resolve': [{ roles: trustee, stages: beforeResults }],
  // Interest, ranking, tokens
  'interest.set': [{ roles: [Role.Beneficiary, Role.Offspring], stages: [Stage.Interest] }],
  'interest.viewWho': [{ roles: trusteesAndObservers }],
  'advice.view': [{ roles: [Role.Beneficiary] }],
  'highInterest.set': [{ roles: trustee, stages: [Stage.ConfirmHighInterest] }],
  'highInterest.review': [{ roles: trusteesAndObservers }],
  'participation.view': [{ roles: [Role.Beneficiary, Role.Offspring] }],
  'participation.viewAll': [{ roles: trusteesAndObservers }],
  'participation.done': [{ roles: [Role.Beneficiary], stages: DEADLINE_STAGES, when: theCurrentStage }],
  'ranking.set': [{ roles: [Role.Beneficiary], stages: [Stage.Ranking] }],
  'tokens.set': [{ roles: [Role.Beneficiary], stages: [Stage.Tokens] }],
  // Distribution
  'directive.view': [{ roles: everyone }],
  'directive.manage': [{ roles: trustee, stages: [Stage.Directives] }],
  'pool.review': [{ roles: trusteesAndObservers }],
  'step.entropy': [{ roles: trustee, stages: STAGE_ORDER.filter((s) => s >= Stage.Interest && s <= Stage.AssignRemaining), when: notYetPast }],
  'step.preview': [{ roles: trustee, stages: STAGE_ORDER.filter((s) => s >= Stage.DistributionReview && s <= Stage.AssignRemaining), when: notYetPast }],
  'step.run': [{ roles: trustee, stages: AUTOMATED_STAGES, when: theStepsOwnStage }],
  'step.undo': [{ roles: trustee, stages: AUTOMATED_STAGES, when: theStepsOwnStage }],
  'draw.list': [{ roles: everyone }],
  'draw.view': [{ roles: [...trusteesAndObservers, Role.Beneficiary] }],
  'draw.viewFull': [{ roles: trusteesAndObservers }],
  'draw.publish': [{ roles: trustee, stages: afterResults }],
  'inputs.commitment.view': [{ roles: everyone }],
  'inputs.commitment.mine': [{ roles: [Role.Beneficiary] }],
  'inputs.commitment.renew': [{ roles: trustee, when: { test: (stage, f) => f.stage !== undefined && renewableSeal(stage) === f.stage, says: (stage, f) => renewRefusal(stage, f.stage) } }],
  /** Who received what: trustees and observers always, everyone once results are published. */
  'assignment.viewAll': [{ roles: trusteesAndObservers }, { roles: everyone, stages: afterResults }],
  'report.view': [{ roles: trusteesAndObservers }, { roles: [Role.Beneficiary], stages: afterResults }],
  'report.viewAll': [{ roles: trusteesAndObservers }],
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

/** A policy table: the one above, or a deliberately weakened copy in the mutation test. */
export type Policy = Readonly<Record<Action, readonly Rule[]>>;

export function authorize(action: Action, actor: Actor, facts: ResourceFacts = {}): Decision {
  return authorizeWith(POLICY, action, actor, facts);
}

export function authorizeWith(policy: Policy, action: Action, actor: Actor, facts: ResourceFacts = {}): Decision {
  const rules = policy[action];
  const byRole = rules.filter((rule) => rule.roles.some((r) => actor.roles.includes(r)));
  if (byRole.length === 0) return { ok: false, reason: 'role' };
  const inStage = byRole.filter((rule) => !rule.stages || rule.stages.includes(actor.stage));
  if (inStage.some((rule) => !rule.when || rule.when.test(actor.stage, facts))) return { ok: true };
  if (inStage.length > 0) return { ok: false, reason: 'condition', says: inStage.find((r) => r.when)!.when!.says(actor.stage, facts) };
  const allowed = new Set(byRole.flatMap((rule) => rule.stages ?? []));
  return { ok: false, reason: 'stage', allowedStages: STAGE_ORDER.filter((s) => allowed.has(s)) };
}

export function can(action: Action, actor: Actor, facts: ResourceFacts = {}): boolean {
  return authorize(action, actor, facts).ok;
}
