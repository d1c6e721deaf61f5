/**
 * The one permission table. The server checks every route against it and the web app uses it to
 * decide what to show, so the two never disagree. A rule grants an action to some roles, optionally
 * only in some stages. Role failures map to 403, stage failures to 409 naming the stages.
 */
import { renewableSeal, renewRefusal } from './draw/sealed-stages.js';
import { AGREEMENT_EDIT_STAGES } from './consent.js';
import { ACCESS, Role, isSupportVisit, type RoleCode } from './roles.js';
import { AUTOMATED_STAGES, DEADLINE_STAGES, STAGE_NAMES, STAGE_ORDER, Stage, isStageCode, type StageCode } from './stages.js';

/** A condition's refusal as a stable reason (content/refusals.*.json) and its parameters (stage codes). */
export type ConditionRefusal = { reason: string; params: Record<string, number> };

/** Why a seal cannot be renewed now, as a reason: no step waits for one, or another stage's does. */
function renewReason(stage: StageCode): ConditionRefusal {
  const open = renewableSeal(stage);
  return open === undefined ? { reason: 'policy.renewNone', params: { stage } } : { reason: 'policy.renewOther', params: { stage, openStage: open } };
}

/**
 * What a predicate may know about the addressed resource: from the request's path (`step`,
 * `stage`), or read from its row (`addedByCaller`: whether the caller added the item, photo,
 * location or room; the server reads it only when a rule needs it, see route-access.ts).
 */
export type ResourceFacts = { step?: number; stage?: number; addedByCaller?: boolean };

/**
 * A rule grants an action to some roles, optionally only in some stages, and optionally only when a
 * short predicate over the stage and the addressed resource holds (e.g. "the step being run is the
 * estate's current stage").
 */
export type Rule = {
  roles: readonly RoleCode[];
  stages?: readonly StageCode[];
  when?: {
    test: (stage: StageCode, facts: ResourceFacts) => boolean;
    says: (stage: StageCode, facts: ResourceFacts) => string;
    /** The same refusal as a stable reason (a key of content/refusals.*.json) with its parameters, for every language. */
    reason?: (stage: StageCode, facts: ResourceFacts) => ConditionRefusal;
    /** A refusal about who, not when: answered 403 (`forbidden`) rather than 409. */
    forbids?: true;
  };
};

const trustee = ACCESS.trustee;
const everyone = ACCESS.member;
const trusteesAndObservers = [...trustee, Role.Observer];
const beforeResults = STAGE_ORDER.filter((s) => s < Stage.AssignmentCompleted);
const afterResults = STAGE_ORDER.filter((s) => s >= Stage.AssignmentCompleted);
/** From the published results until the estate is closed (99 is read-only). */
const afterResultsOpen = afterResults.filter((s) => s !== Stage.Completed);
/** Questions on a result (issue 30): from the results (40) up to the wrap-up (90). */
const questionStages = afterResultsOpen;
/** Stages in which the set of receivers may change: not while items are being divided (11–31). */
const receiversOpen = STAGE_ORDER.filter((s) => s < Stage.Interest || s >= Stage.AssignmentCompleted);
/** Adding to the catalogue: trustees until the results, asset creators while cataloguing. */
const catalogueEdit: readonly Rule[] = [
  { roles: trustee, stages: beforeResults },
  { roles: [Role.Creator], stages: [Stage.Cataloging] },
];
/**
 * Creators add: an asset creator changes and deletes only what they added (an item, a photo, a
 * location or room; rows from before this rule, with no one recorded, count as the trustee's).
 */
const theirOwn = {
  test: (_stage: StageCode, facts: ResourceFacts) => facts.addedByCaller === true,
  says: () => 'Only the person who added this, or a trustee, can change it.',
  reason: (): ConditionRefusal => ({ reason: 'policy.notTheirs', params: {} }),
  forbids: true as const,
};
/** Changing or deleting a catalogue entry: trustees any, asset creators their own, while cataloguing. */
const catalogueChange: readonly Rule[] = [
  { roles: trustee, stages: beforeResults },
  { roles: [Role.Creator], stages: [Stage.Cataloging], when: theirOwn },
];
/** Steps are addressed by their number in the path (`/steps/:step/…`). */
const named = (code: number | undefined) => (code !== undefined && isStageCode(code) ? `"${STAGE_NAMES[code]}"` : 'another stage');
const theStepsOwnStage = {
  test: (stage: StageCode, facts: ResourceFacts) => facts.step === stage,
  says: (stage: StageCode, facts: ResourceFacts) =>
    `This step is done in its own stage, ${named(facts.step)}; the estate is in ${named(stage)}.`,
  reason: (stage: StageCode, facts: ResourceFacts): ConditionRefusal => ({ reason: 'policy.ownStage', params: { step: facts.step ?? stage, stage } }),
};
const theCurrentStage = {
  test: (stage: StageCode, facts: ResourceFacts) => facts.stage === stage,
  says: (stage: StageCode, facts: ResourceFacts) =>
    `This can only be done in the stage ${named(facts.stage)} while the estate is in it; the estate is in ${named(stage)}.`,
  reason: (stage: StageCode, facts: ResourceFacts): ConditionRefusal => ({ reason: 'policy.currentStage', params: { inStage: facts.stage ?? stage, stage } }),
};
const notYetPast = {
  test: (stage: StageCode, facts: ResourceFacts) => facts.step !== undefined && stage <= facts.step,
  says: (stage: StageCode, facts: ResourceFacts) =>
    `The step ${named(facts.step)} has already been passed (the estate is in ${named(stage)}); its record is final.`,
  reason: (stage: StageCode, facts: ResourceFacts): ConditionRefusal => ({ reason: 'policy.passed', params: { step: facts.step ?? stage, stage } }),
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
  /** An item's history (issue 30): every member; private inputs stay with trustees and observers (the service). */
  'item.history': [{ roles: everyone }],
  // Questions on a result (issue 30): a beneficiary asks about an item's result, the trustee answers.
  'question.ask': [{ roles: [Role.Beneficiary], stages: questionStages }],
  'question.view': [{ roles: trusteesAndObservers }, { roles: [Role.Beneficiary] }],
  'question.viewAll': [{ roles: trusteesAndObservers }],
  'question.answer': [{ roles: trustee, stages: questionStages }],
  // Catalogue
  'item.view': [{ roles: everyone }],
  'item.create': catalogueEdit,
  'item.update': catalogueChange,
  'item.delete': catalogueChange,
  'item.import': catalogueEdit,
  'item.export': [{ roles: everyone }],
  'item.labels': [{ roles: everyone }],
  /** Taking an item out of the pool (Hold) and putting it back is the trustee's decision alone. */
  'item.hold': [{ roles: trustee, stages: beforeResults }],
  /** The appraiser's one job: an item's value. */
  'item.appraise': [{ roles: [...trustee, Role.Appraiser], stages: beforeResults }],
  /** Adding a photo to any item (creators add); deleting one or reordering an item's: `photo.manage`. */
  'photo.add': catalogueEdit,
  'photo.manage': catalogueChange,
  'location.view': [{ roles: everyone }],
  /** Adding a location, or a room to any location (creators add); renaming, moving, deleting: `location.manage`. */
  'location.create': catalogueEdit,
  'location.manage': catalogueChange,
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
  'inputs.commitment.renew': [{ roles: trustee, when: { test: (stage, f) => f.stage !== undefined && renewableSeal(stage) === f.stage, says: (stage, f) => renewRefusal(stage, f.stage), reason: (stage) => renewReason(stage) } }],
  /** Who received what: trustees and observers always, everyone once results are published. */
  'assignment.viewAll': [{ roles: trusteesAndObservers }, { roles: everyone, stages: afterResults }],
  'report.view': [{ roles: trusteesAndObservers }, { roles: [Role.Beneficiary], stages: afterResults }],
  'report.viewAll': [{ roles: trusteesAndObservers }],
  // Hand-over (41–42), receipts, pick-up lists, and what becomes of unwanted or held items (issue 11).
  // Which receiver's items a beneficiary reads, lists or confirms (their own, and their offspring's
  // for whom they receive) is the service's check on the addressed member or item.
  'handover.view': [{ roles: [...trusteesAndObservers, Role.Beneficiary, Role.Offspring], stages: afterResults }],
  'handover.viewAll': [{ roles: trusteesAndObservers }],
  'handover.update': [{ roles: trustee, stages: [Stage.Distribution] }],
  /** The receiver, or the parent who receives for them, confirms an item arrived. */
  'handover.receipt': [{ roles: [Role.Beneficiary, Role.Offspring], stages: [Stage.Distribution, Stage.DistributionCompleted] }],
  /** Pick-up lists and receipt sheets: trustees and observers for anyone, a beneficiary their own. */
  'handover.pickupList': [{ roles: [...trusteesAndObservers, Role.Beneficiary], stages: afterResults }],
  'disposition.view': [{ roles: everyone, stages: afterResults }],
  'disposition.set': [{ roles: trustee, stages: afterResultsOpen }],
  /** The appraiser's value and note on an item to be sold or given away. */
  'disposition.appraise': [{ roles: [...trustee, Role.Appraiser], stages: afterResultsOpen }],
  /** The seller and the buyer record the sale of an item marked "sell". */
  'disposition.sale': [{ roles: [...trustee, Role.Seller, Role.Buyer], stages: afterResultsOpen }],
  // The settlement statement (distribution.md "Settlement"): from the published results. Trustees and
  // observers read every row; a beneficiary the totals, their own row and the payments they are part of.
  'settlement.view': [{ roles: [...trusteesAndObservers, Role.Beneficiary], stages: afterResults }],
  'settlement.viewAll': [{ roles: trusteesAndObservers }],
  /** The trustee's weights (equal shares by default), until the estate is closed. */
  'settlement.weights': [{ roles: trustee, stages: afterResultsOpen }],
  // Closing: stage 90's report files and stage 99's archive (a closed estate itself is `CLOSED_STAGE` below)
  /** Making the report files again (they are made when the estate reaches 90): the trustee, in 90. */
  'report.generate': [{ roles: trustee, stages: [Stage.Finalizing] }],
  /** The whole estate as one ZIP: trustees and observers, once the final accounting has begun. */
  'archive.download': [{ roles: trusteesAndObservers, stages: [Stage.Finalizing, Stage.Completed] }],
  // Directory and profile (issue 12). Stars and groups are each viewer's own (nobody else sees
  // them). A member's page, their roles and disabling them are the trustees'. Who receives items
  // (a Beneficiary role, or a receiver's membership) cannot change while items are being divided:
  // the services re-ask 'member.changeReceivers' when a change would do that.
  'member.star': [{ roles: everyone }],
  'member.group': [{ roles: everyone }],
  'member.viewDetail': [{ roles: trustee }],
  'member.changeRoles': [{ roles: trustee }],
  'member.disable': [{ roles: trustee }],
  'member.changeReceivers': [{ roles: trustee, stages: receiversOpen }],
  'invitation.resend': [{ roles: trustee }],
  // Lessons, to-dos, analytics
  /** Who has read the lessons (each person's own progress is theirs, an account route). */
  'lesson.progressAll': [{ roles: trusteesAndObservers }],
  /** The estate's figures name who hearted, ranked and placed tokens: never for beneficiaries. */
  'analytics.view': [{ roles: trusteesAndObservers }],
  // Conversations and notes (issue 12). Every member talks in the estate's conversation and one to
  // one; nobody reads another pair's conversation (the service answers 404: not a policy matter).
  // A closed estate keeps its history readable (its writes are refused as every write is). Notes
  // are personal: account-level ('account').
  'chat.view': [{ roles: everyone }],
  'chat.post': [{ roles: everyone }],
  // Consent and documents (issue 13). Every member reads and accepts the Terms and the Agreement;
  // the trustee may publish a new Agreement before the review. The vault's list and files are for
  // every member, each document up to its access level (the service answers 404 below it).
  'agreement.view': [{ roles: everyone }],
  'agreement.accept': [{ roles: everyone }],
  'agreement.publish': [{ roles: trustee, stages: AGREEMENT_EDIT_STAGES }],
  'agreement.viewAll': [{ roles: trusteesAndObservers }],
  'document.view': [{ roles: everyone }],
  'document.manage': [{ roles: trustee }],
  // Stories behind the things (issue 34): every member reads and tells them, alike, in every stage
  // until the estate is closed (99 refuses every write); its teller or a trustee removes one.
  'story.view': [{ roles: everyone }],
  'story.add': [{ roles: everyone }],
  'story.remove': [{ roles: trustee }, { roles: everyone, when: theirOwn }],
} as const satisfies Record<string, readonly Rule[]>;

export type Action = keyof typeof POLICY;

export type Decision =
  | { ok: true }
  | { ok: false; reason: 'role' }
  | { ok: false; reason: 'stage'; allowedStages: StageCode[] }
  | { ok: false; reason: 'condition'; says: string; refusal?: ConditionRefusal; forbids?: true }
  | { ok: false; reason: 'closed' }
  /** The administrator's support visit (not a member): every write, whatever its rule (403 `support_read_only`). */
  | { ok: false; reason: 'support' };

export type Actor = { roles: readonly number[]; stage: StageCode };

export function isAction(value: string): value is Action {
  return Object.hasOwn(POLICY, value);
}

/** A policy table: the one above, or a deliberately weakened copy in the mutation test. */
export type Policy = Readonly<Record<Action, readonly Rule[]>>;

export function authorize(action: Action, actor: Actor, facts: ResourceFacts = {}, intent?: Intent): Decision {
  return authorizeWith(POLICY, action, actor, facts, intent);
}

export function authorizeWith(policy: Policy, action: Action, actor: Actor, facts: ResourceFacts = {}, intent: Intent = intentOf(action)): Decision {
  const rules = policy[action];
  if (intent === 'write' && isSupportVisit(actor.roles)) return { ok: false, reason: 'support' };
  const byRole = rules.filter((rule) => rule.roles.some((r) => actor.roles.includes(r)));
  if (byRole.length === 0) return { ok: false, reason: 'role' };
  if (intent === 'write' && actor.stage === CLOSED_STAGE) return { ok: false, reason: 'closed' };
  const inStage = byRole.filter((rule) => !rule.stages || rule.stages.includes(actor.stage));
  if (inStage.some((rule) => !rule.when || rule.when.test(actor.stage, facts))) return { ok: true };
  if (inStage.length > 0) {
    const when = inStage.find((r) => r.when)!.when!;
    return { ok: false, reason: 'condition', says: when.says(actor.stage, facts), ...(when.reason ? { refusal: when.reason(actor.stage, facts) } : {}), ...(when.forbids ? { forbids: true as const } : {}) };
  }
  const allowed = new Set(byRole.flatMap((rule) => rule.stages ?? []));
  return { ok: false, reason: 'stage', allowedStages: STAGE_ORDER.filter((s) => allowed.has(s)) };
}

export function can(action: Action, actor: Actor, facts: ResourceFacts = {}, intent?: Intent): boolean {
  return authorize(action, actor, facts, intent).ok;
}

// ---------------------------------------------------------------------------------------------
// Closing: stage 99 leaves the estate as a read-only archive

/** Stage 99, "Estate Distribution Completed": nothing in the estate changes any more. */
export const CLOSED_STAGE: StageCode = Stage.Completed;


/**
 * Whether a request reads or writes. The server says it from the HTTP method (anything but GET and
 * HEAD writes) and re-asks with 'write' under the row lock; the web, which offers buttons, reads it
 * from the action (`intentOf`).
 */
export type Intent = 'read' | 'write';

/**
 * Actions whose routes change something (a non-GET route declares them). `authorization-matrix.test.ts`
 * checks that every action a non-GET route declares is listed here, so the web never offers, in a
 * closed estate, a button the server would refuse.
 */
export const WRITE_ACTIONS: ReadonlySet<string> = new Set<string>([
  'handover.update',
  'handover.receipt',
  'disposition.set',
  'disposition.appraise',
  'disposition.sale',
  'settlement.weights',
  'estate.update',
  'estate.stage',
  'deadline.set',
  'member.invite',
  'item.create',
  'item.update',
  'item.delete',
  'item.import',
  'item.hold',
  'item.appraise',
  'photo.add',
  'photo.manage',
  'location.create',
  'location.manage',
  'approval.set',
  'approval.resolve',
  'interest.set',
  'highInterest.set',
  'participation.done',
  'ranking.set',
  'tokens.set',
  'directive.manage',
  'step.entropy',
  'step.preview',
  'step.run',
  'step.undo',
  'draw.publish',
  'inputs.commitment.renew',
  'report.generate',
  'chat.post',
  'agreement.accept',
  'agreement.publish',
  'document.manage',
  // Directory and profile
  'member.star',
  'member.group',
  'member.changeRoles',
  'member.disable',
  'member.changeReceivers',
  'invitation.resend',
  // Questions on a result
  'question.ask',
  'question.answer',
  // Stories
  'story.add',
  'story.remove',
]);

/** The intent the web assumes for an action: a write when some route that changes things declares it. */
export function intentOf(action: string): Intent {
  return WRITE_ACTIONS.has(action) ? 'write' : 'read';
}
