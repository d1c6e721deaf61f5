/**
 * Written directives and returns (stage 10), the automated steps 14, 15, 21 and 31 (public
 * entropy, preview, run, undo), their draw records, the verifier and the fairness report.
 *
 * Every rule of the draw itself lives in `packages/domain` (buildRecord, verifyRecord, ...); this
 * module only reads the inputs from the database, hands them over, and writes the result back in
 * one transaction.
 */
import { randomBytes } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { DrawInputError, type DrawStep } from '@estate/domain/draw/inputs';
import { MissingSaltError } from '@estate/domain/draw/input-commitment';
import { beneficiaryCopy, buildRecord, drawRecordSchema, recordTieBreaks, type DrawRecord, type RecordAssignment } from '@estate/domain/draw/record';
import { fairnessReport, redactFairnessFor } from '@estate/domain/fairness/report';
import { itemLabel } from '@estate/domain/item-status';
import { can } from '@estate/domain/permissions';
import { seesFullRecords } from '@estate/domain/draw/visibility';
import { STAGE_NAMES, Stage, type StageCode } from '@estate/domain/stages';
import { queryRows, type Db } from '../../db/client.js';
import { drawRecords, drawSecrets, estates, interests, items, memberships, rankings, tokenAllocations, users } from '../../db/schema.js';
import { recordActivity } from '../../platform/activity.js';
import type { EstateAccess } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound, says } from '../../platform/errors.js';
import { documentInEstate } from '../documents/service.js';
import { inEstate } from '../../platform/tenancy.js';
import { POOL_STATUSES, recheckAccess, inPool, isPoolItem, isReceiver, lockedStage, notInPoolReason, receiverIds, settingsOf } from '../../platform/pool.js';
import { loadDrawInputs } from '../input-commitments/draw-inputs.js';
import { certaintyView, recordLines } from './lines.js';
import { assertInputsAsSealed, requireSeal, sealForStep } from '../input-commitments/for-step.js';

const RANDOM_STEPS: readonly DrawStep[] = [21, 31];
const isRandom = (step: DrawStep) => RANDOM_STEPS.includes(step);
const poolStatuses = sql.join(
  POOL_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

// ---------------------------------------------------------------------------------------------
// Written directives and returns (stage 10)

export type DirectiveBody = { itemId: string; memberId: string; clause: string; documentId?: string | undefined };
export type ReturnBody = { itemId: string; memberId?: string | undefined; note: string };

type ItemRow = typeof items.$inferSelect;

async function directiveDto(db: Db, row: ItemRow) {
  const names = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, [row.assignedTo, row.assignedBy].filter((id): id is string => id !== null)));
  const nameOf = (id: string | null) => {
    const u = names.find((n) => n.id === id);
    return u ? `${u.firstName} ${u.lastName}`.trim() : null;
  };
  const detail = row.assignmentDetail ?? {};
  const text = (key: string) => (typeof detail[key] === 'string' ? detail[key] : null);
  return {
    itemId: row.id,
    label: itemLabel(row.number),
    name: row.name,
    reason: row.assignmentReason === 'return' ? ('return' as const) : ('directive' as const),
    memberId: row.assignedTo,
    memberName: nameOf(row.assignedTo),
    clause: text('clause'),
    note: text('note'),
    documentId: text('documentId'),
    assignedAt: row.assignedAt?.toISOString() ?? null,
    assignedBy: row.assignedBy,
    assignedByName: nameOf(row.assignedBy),
  };
}

async function itemForStageTen(tx: Db, estateId: string, itemId: string): Promise<ItemRow> {
  const [item] = await tx.select().from(items).where(inEstate(items, estateId, eq(items.id, itemId)));
  if (!item) throw new AppError('validation_failed', says('draws.itemNotInEstate'), { itemId: says('draws.itemNotInEstateField') });
  return item;
}

/** A trustee gives an item to a receiver because the will or trust says so (reason "directive"). */
export async function createDirective(ctx: AppContext, access: EstateAccess, body: DirectiveBody) {
  const estateId = access.estate.id;
  const dto = await ctx.db.transaction(async (tx) => {
    await recheckAccess(tx, access, 'directive.manage');
    const item = await itemForStageTen(tx, estateId, body.itemId);
    if (item.distribution === 'return') {
      throw new AppError('conflict', says('draws.returnItem'));
    }
    if (!isPoolItem(item)) throw new AppError('conflict', notInPoolReason(item));
    const [member] = await tx.select({ roles: memberships.roles }).from(memberships).where(inEstate(memberships, estateId, eq(memberships.userId, body.memberId)));
    if (!member) throw new AppError('validation_failed', says('draws.notMember'), { memberId: says('draws.chooseBeneficiary') });
    if (!isReceiver(member.roles)) {
      throw new AppError('validation_failed', says('draws.onlyBeneficiaries'), { memberId: says('draws.onlyBeneficiariesField') });
    }
    if (body.documentId && !(await documentInEstate(tx, estateId, body.documentId))) {
      throw new AppError('validation_failed', says('directives.documentNotInEstate'), { documentId: says('directives.documentField') });
    }
    const now = ctx.now();
    const detail = { clause: body.clause, ...(body.documentId ? { documentId: body.documentId } : {}) };
    const [updated] = await tx
      .update(items)
      .set({ status: 'assigned', assignedTo: body.memberId, assignmentReason: 'directive', assignmentStep: Stage.Directives, assignmentDetail: detail, assignedAt: now, assignedBy: access.user.id, version: sql`${items.version} + 1`, updatedAt: now })
      .where(inEstate(items, estateId, eq(items.id, body.itemId), inPool()))
      .returning();
    if (!updated) throw new AppError('conflict', says('draws.changedMoment'));
    // Who receives what stays with trustees and observers until results are published (stage 40).
    await recordActivity(tx, { estateId, actorId: access.user.id, action: 'directive.created', entity: 'item', entityId: body.itemId, field: 'assignment', to: { memberId: body.memberId, ...detail }, visibility: 'trustees' });
    return directiveDto(tx, updated);
  });
  await ctx.events.publish({ type: 'item', estateId, data: { itemId: body.itemId, change: 'assigned' } });
  return dto;
}

/**
 * A Return item (lent or given to the deceased) goes back to its owner: never part of the pool,
 * recorded here with a note and, when the owner is a member of the estate, to that member.
 */
export async function createReturn(ctx: AppContext, access: EstateAccess, body: ReturnBody) {
  const estateId = access.estate.id;
  const dto = await ctx.db.transaction(async (tx) => {
    await recheckAccess(tx, access, 'directive.manage');
    const item = await itemForStageTen(tx, estateId, body.itemId);
    if (item.distribution !== 'return') {
      throw new AppError('conflict', says('draws.onlyReturn'));
    }
    if (!(POOL_STATUSES as readonly string[]).includes(item.status)) throw new AppError('conflict', notInPoolReason({ ...item, distribution: 'divide' }));
    if (body.memberId) {
      const [member] = await tx.select({ id: memberships.userId }).from(memberships).where(inEstate(memberships, estateId, eq(memberships.userId, body.memberId)));
      if (!member) throw new AppError('validation_failed', says('draws.notMember'), { memberId: says('draws.chooseMemberOrNone') });
    }
    const now = ctx.now();
    const [updated] = await tx
      .update(items)
      .set({ status: 'assigned', assignedTo: body.memberId ?? null, assignmentReason: 'return', assignmentStep: Stage.Directives, assignmentDetail: { note: body.note }, assignedAt: now, assignedBy: access.user.id, version: sql`${items.version} + 1`, updatedAt: now })
      .where(inEstate(items, estateId, eq(items.id, body.itemId), eq(items.distribution, 'return'), inArray(items.status, [...POOL_STATUSES])))
      .returning();
    if (!updated) throw new AppError('conflict', says('draws.changedMoment'));
    await recordActivity(tx, { estateId, actorId: access.user.id, action: 'return.created', entity: 'item', entityId: body.itemId, field: 'assignment', to: { memberId: body.memberId ?? null, note: body.note }, visibility: 'trustees' });
    return directiveDto(tx, updated);
  });
  await ctx.events.publish({ type: 'item', estateId, data: { itemId: body.itemId, change: 'assigned' } });
  return dto;
}

/** Directives and returns. Before results are published a beneficiary sees only their own. */
export async function listDirectives(ctx: AppContext, access: EstateAccess) {
  const all = can('assignment.viewAll', access);
  const rows = await ctx.db
    .select()
    .from(items)
    .where(
      inEstate(items, access.estate.id, eq(items.assignmentStep, Stage.Directives), inArray(items.assignmentReason, ['directive', 'return']), all ? undefined : eq(items.assignedTo, access.user.id)),
    )
    .orderBy(asc(items.number));
  const directives = [];
  for (const row of rows) directives.push(await directiveDto(ctx.db, row));
  return directives;
}

/** Undoes a directive or return while the estate is still in stage 10: the item goes back to the pool. */
export async function removeDirective(ctx: AppContext, access: EstateAccess, itemId: string) {
  const estateId = access.estate.id;
  await ctx.db.transaction(async (tx) => {
    await recheckAccess(tx, access, 'directive.manage');
    const [before] = await tx
      .select()
      .from(items)
      .where(inEstate(items, estateId, eq(items.id, itemId), eq(items.status, 'assigned'), eq(items.assignmentStep, Stage.Directives), inArray(items.assignmentReason, ['directive', 'return'])));
    if (!before) throw notFound('A directive for that item');
    const now = ctx.now();
    await tx
      .update(items)
      .set({ status: 'unassigned', assignedTo: null, assignmentReason: null, assignmentStep: null, assignmentDetail: null, assignedAt: null, assignedBy: null, version: sql`${items.version} + 1`, updatedAt: now })
      .where(inEstate(items, estateId, eq(items.id, itemId)));
    await recordActivity(tx, {
      estateId,
      actorId: access.user.id,
      action: before.assignmentReason === 'return' ? 'return.removed' : 'directive.removed',
      entity: 'item',
      entityId: itemId,
      field: 'assignment',
      from: { memberId: before.assignedTo, ...before.assignmentDetail },
      visibility: 'trustees',
    });
  });
  await ctx.events.publish({ type: 'item', estateId, data: { itemId, change: 'unassigned' } });
}

// ---------------------------------------------------------------------------------------------
// Public entropy, preview, run, undo

function stepName(step: DrawStep): string {
  return STAGE_NAMES[step];
}

/** Records the public entropy of step 21 or 31 (e.g. a future randomness-beacon round) before it runs. */
export async function setPublicEntropy(ctx: AppContext, access: EstateAccess, step: DrawStep, publicEntropy: string) {
  const estateId = access.estate.id;
  if (!isRandom(step)) {
    throw new AppError('validation_failed', says('draws.noRandomness'), { step: says('draws.noRandomnessField') });
  }
  return ctx.db.transaction(async (tx) => {
    await lockedStage(tx, estateId, 'share');
    const [secret] = await tx.select().from(drawSecrets).where(inEstate(drawSecrets, estateId, eq(drawSecrets.step, step)));
    if (!secret) {
      throw new AppError('wrong_stage', says('draws.noCommitmentsYet', { stage: Stage.Interest }));
    }
    const [ran] = await tx.select({ ranAt: drawRecords.ranAt }).from(drawRecords).where(inEstate(drawRecords, estateId, eq(drawRecords.step, step)));
    if (ran || secret.revealedAt) throw new AppError('conflict', says('draws.entropyAfterRun', { step }));
    await tx.update(drawSecrets).set({ publicEntropy }).where(inEstate(drawSecrets, estateId, eq(drawSecrets.step, step)));
    await recordActivity(tx, { estateId, actorId: access.user.id, action: 'draw.entropy-set', entity: 'draw', entityId: String(step), field: 'publicEntropy', from: secret.publicEntropy, to: publicEntropy });
    return { step, commitment: secret.commitment, publicEntropy };
  });
}

async function recordOf(db: Db, estateId: string, step: number) {
  const [row] = await db.select().from(drawRecords).where(inEstate(drawRecords, estateId, eq(drawRecords.step, step)));
  return row;
}

function alreadyRan(step: DrawStep, ranAt: Date): AppError {
  return new AppError('conflict', { reason: 'draws.alreadyRan', params: { step }, english: `The step "${stepName(step)}" already ran (${ranAt.toISOString()}); running it again changes nothing.` });
}

function build(params: Parameters<typeof buildRecord>[0]): DrawRecord {
  try {
    return buildRecord(params);
  } catch (error) {
    if (error instanceof DrawInputError) throw new AppError('conflict', { reason: 'draws.badInputs', english: `The step cannot run on these inputs: ${error.problems.slice(0, 3).join('; ')}` });
    if (error instanceof MissingSaltError) throw new AppError('conflict', says('draws.missingSalt'));
    throw error;
  }
}

export const PREVIEW_NOTICE = 'Simulation only: nothing was assigned or stored. Steps 21 and 31 were simulated with a throwaway secret, so the real draw will differ.';
/** What a practice draw of step 21 or 31 says, in plain words. */
export const PRACTICE_NOTICE =
  'This is a practice draw. The real draw uses a different secret, so it will pick in another order. What is certain: which items are given away and who can receive each one.';

/**
 * Simulates a step on the current inputs. Nothing is stored except an activity entry; steps 21 and
 * 31 use a throwaway secret, so a preview tells nothing about the committed draw.
 */
export async function previewStep(ctx: AppContext, access: EstateAccess, step: DrawStep) {
  const estateId = access.estate.id;
  const now = ctx.now();
  const record = await ctx.db.transaction(async (tx) => {
    const ran = await recordOf(tx, estateId, step);
    if (ran) throw alreadyRan(step, ran.ranAt);
    const [secretRow] = isRandom(step) ? await tx.select().from(drawSecrets).where(inEstate(drawSecrets, estateId, eq(drawSecrets.step, step))) : [];
    const inputs = await loadDrawInputs(tx, estateId);
    // Before the inputs freeze a preview simulates the current ones; once sealed, only the sealed ones.
    const seal = await sealForStep(tx, estateId, step);
    if (seal) assertInputsAsSealed(seal, inputs, estateId);
    const result = build({
      ...(seal ? { salts: seal.salts } : {}),
      estateId,
      step,
      mode: settingsOf(access.estate.settings).draftMode,
      secret: isRandom(step) ? new Uint8Array(randomBytes(32)) : new Uint8Array(0),
      publicEntropy: secretRow?.publicEntropy ?? '',
      inputs,
      ranAt: now.toISOString(),
      ranBy: access.user.id,
    });
    await recordActivity(tx, {
      estateId,
      actorId: access.user.id,
      action: 'step.previewed',
      entity: 'draw',
      entityId: String(step),
      field: 'preview',
      // Counts only: the preview's input hash is unsalted, so it is not shown to members (distribution.md, "Privacy of inputs").
      to: { step, assignments: result.assignments.length, unwanted: result.unwanted?.length ?? 0 },
    });
    return result;
  });
  const [lines, certainty] = await Promise.all([recordLines(ctx.db, estateId, record), certaintyView(ctx.db, estateId, record)]);
  return { preview: true as const, notice: isRandom(step) ? PRACTICE_NOTICE : PREVIEW_NOTICE, record, lines, certainty };
}

/** How an assignment is explained on the item (reason and round/pick, or tokens/tied). */
function detailOf(a: RecordAssignment): Record<string, number> | null {
  const detail: Record<string, number> = {};
  if (a.round !== undefined) detail.round = a.round;
  if (a.pick !== undefined) detail.pick = a.pick;
  if (a.tokens !== undefined) detail.tokens = a.tokens;
  if (a.tied !== undefined) detail.tied = a.tied;
  return Object.keys(detail).length > 0 ? detail : null;
}

/**
 * Applies one automated step inside the caller's transaction: the estate row is locked, the stage
 * and "not yet run" are checked, the inputs are read (pool rows locked), the engine builds the
 * record, and assignments, Unwanted statuses, the record, the revealed secret and the activity
 * entry are written. Either all of it commits or none of it. Exported for the benchmark.
 */
export async function applyStep(tx: Db, params: { estateId: string; step: DrawStep; actorId: string; now: Date }): Promise<DrawRecord> {
  const { estateId, step, actorId, now } = params;
  const { stage, settings } = await lockedStage(tx, estateId, 'update');
  if (stage !== step) {
    throw new AppError('wrong_stage', says('draws.ownStage', { step, stage }));
  }
  const ran = await recordOf(tx, estateId, step);
  if (ran) throw alreadyRan(step, ran.ranAt);
  let secret = new Uint8Array(0);
  let publicEntropy = '';
  if (isRandom(step)) {
    const [row] = await tx.select().from(drawSecrets).where(inEstate(drawSecrets, estateId, eq(drawSecrets.step, step)));
    if (!row) throw new AppError('conflict', says('draws.noCommitment', { step, stage: Stage.Interest }));
    secret = new Uint8Array(Buffer.from(row.secret, 'hex'));
    publicEntropy = row.publicEntropy;
  }
  const inputs = await loadDrawInputs(tx, estateId, { lockPool: true });
  // The step runs on exactly the choices sealed (and published) when they froze, or not at all.
  const seal = requireSeal(await sealForStep(tx, estateId, step), step, estateId);
  assertInputsAsSealed(seal, inputs, estateId);
  const record = build({ estateId, step, mode: settings.draftMode, secret, publicEntropy, inputs, salts: seal.salts, ranAt: now.toISOString(), ranBy: actorId });
  if (record.inputCommitment !== seal.root) throw new Error(`step ${step}: the record's input commitment is not the sealed root`);

  if (record.assignments.length > 0) {
    const rows = record.assignments.map((a) => ({ item_id: a.itemId, member_id: a.memberId, reason: a.reason, detail: detailOf(a) }));
    const updated = await queryRows<{ id: string }>(tx, sql`
      update ${items} as it set status = 'assigned', assigned_to = v.member_id, assignment_reason = v.reason,
        assignment_step = ${step}, assignment_detail = v.detail, assigned_at = ${now.toISOString()}::timestamptz,
        assigned_by = ${actorId}::uuid, version = it.version + 1, updated_at = ${now.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(item_id uuid, member_id uuid, reason text, detail jsonb)
      where it.id = v.item_id and it.estate_id = ${estateId} and it.distribution = 'divide' and it.status in (${poolStatuses})
      returning it.id`);
    if (updated.length !== rows.length) throw new AppError('conflict', says('draws.changedDuringRun'));
  }
  const unwanted = record.unwanted ?? [];
  if (unwanted.length > 0) {
    const updated = await queryRows<{ id: string }>(tx, sql`
      update ${items} set status = 'unwanted', assignment_reason = 'unwanted', assignment_step = ${step},
        assigned_at = ${now.toISOString()}::timestamptz, assigned_by = ${actorId}::uuid, version = version + 1, updated_at = ${now.toISOString()}::timestamptz
      where estate_id = ${estateId} and distribution = 'divide' and status in (${poolStatuses})
        and id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(unwanted)}::jsonb))
      returning id`);
    if (updated.length !== unwanted.length) throw new AppError('conflict', says('draws.changedDuringRun'));
  }
  // The key (estate, step) makes a second run impossible even if the checks above were bypassed.
  await tx.insert(drawRecords).values({ estateId, step, record, ranBy: actorId, ranAt: now });
  if (isRandom(step)) await tx.update(drawSecrets).set({ revealedAt: now }).where(inEstate(drawSecrets, estateId, eq(drawSecrets.step, step)));
  await recordActivity(tx, {
    estateId,
    actorId,
    action: 'step.ran',
    entity: 'draw',
    entityId: String(step),
    field: 'record',
    to: { step, name: stepName(step), commitment: record.commitment, inputCommitment: record.inputCommitment, assigned: record.assignments.length, unwanted: unwanted.length },
  });
  return record;
}

async function publishStepEvents(ctx: AppContext, estateId: string, stage: StageCode, step: DrawStep, change: 'ran' | 'undone') {
  await ctx.events.publish({ type: 'stage', estateId, data: { stage, name: STAGE_NAMES[stage], step, change } });
  await ctx.events.publish({ type: 'item', estateId, data: { change: change === 'ran' ? 'step-applied' : 'step-undone', step } });
}

export async function runStep(ctx: AppContext, access: EstateAccess, step: DrawStep) {
  const estateId = access.estate.id;
  const record = await ctx.db.transaction((tx) => applyStep(tx, { estateId, step, actorId: access.user.id, now: ctx.now() }));
  await publishStepEvents(ctx, estateId, step, step, 'ran');
  return { record, lines: await recordLines(ctx.db, estateId, record) };
}

export const UNDO_REFUSED_RANDOM =
  'A draw cannot be undone: its secret is now public, so anyone could predict a re-run and steer it by changing inputs. ' +
  'Correct single items instead; each change is logged and counted as a trustee override in the fairness report.';

/**
 * Undoes step 14 or 15 while the estate is still in that stage (see docs/decisions/0003). The
 * items go back to the pool and the record is deleted; the activity log keeps the undone record.
 */
export async function undoStep(ctx: AppContext, access: EstateAccess, step: DrawStep) {
  const estateId = access.estate.id;
  if (isRandom(step)) throw new AppError('conflict', says('draws.undoRandom'));
  const restored = await ctx.db.transaction(async (tx) => {
    await recheckAccess(tx, access, 'step.undo', { mode: 'update', facts: { step } });
    const row = await recordOf(tx, estateId, step);
    if (!row) throw new AppError('conflict', says('draws.nothingToUndo', { step }));
    const record = drawRecordSchema.parse(row.record);
    const now = ctx.now().toISOString();
    const ids = JSON.stringify([...record.assignments.map((a) => a.itemId), ...(record.unwanted ?? [])]);
    const back = await queryRows<{ id: string }>(tx, sql`
      update ${items} set status = 'unassigned', assigned_to = null, assignment_reason = null, assignment_step = null,
        assignment_detail = null, assigned_at = null, assigned_by = null, unwanted_outcome = null,
        version = version + 1, updated_at = ${now}::timestamptz
      where estate_id = ${estateId} and assignment_step = ${step} and status in ('assigned', 'unwanted')
        and id in (select value::uuid from jsonb_array_elements_text(${ids}::jsonb))
      returning id`);
    await tx.delete(drawRecords).where(inEstate(drawRecords, estateId, eq(drawRecords.step, step)));
    const summary = { step, name: stepName(step), inputCommitment: record.inputCommitment ?? null, assigned: record.assignments.length, unwanted: record.unwanted?.length ?? 0, restored: back.length };
    await recordActivity(tx, { estateId, actorId: access.user.id, action: 'step.undone', entity: 'draw', entityId: String(step), field: 'record', from: summary });
    // The full record names who hearted what: it is kept for trustees and observers only.
    await recordActivity(tx, { estateId, actorId: access.user.id, action: 'step.undone-record', entity: 'draw', entityId: String(step), field: 'record', from: row.record, visibility: 'trustees' });
    return back.length;
  });
  await publishStepEvents(ctx, estateId, step, step, 'undone');
  return { step, undone: true as const, restored };
}

// ---------------------------------------------------------------------------------------------
// Draw records

function fullRecords(access: EstateAccess): boolean {
  return seesFullRecords(access, settingsOf(access.estate.settings).publishFullRecords);
}

/**
 * Every step that ran, with its commitment and inputs commitment. The unsalted input hash only for
 * those who see full records: from it, anyone who knows the items could try the few combinations
 * of others' choices that fit (distribution.md, "Privacy of inputs").
 */
export async function listDraws(ctx: AppContext, access: EstateAccess) {
  const full = fullRecords(access);
  const rows = await ctx.db.select().from(drawRecords).where(inEstate(drawRecords, access.estate.id)).orderBy(asc(drawRecords.step));
  return rows.map((r) => {
    const record = r.record as { commitment?: unknown; inputHash?: unknown; inputCommitment?: unknown };
    return {
      step: r.step,
      name: STAGE_NAMES[r.step as StageCode] ?? '',
      commitment: typeof record.commitment === 'string' ? record.commitment : '',
      ...(typeof record.inputCommitment === 'string' ? { inputCommitment: record.inputCommitment } : {}),
      ...(full && typeof record.inputHash === 'string' ? { inputHash: record.inputHash } : {}),
      ranAt: r.ranAt.toISOString(),
    };
  });
}

/**
 * The full record for trustees and observers (and for everyone once the trustee published them
 * after stage 40); a beneficiary's own copy otherwise (domain `beneficiaryCopy`).
 */
export async function getDraw(ctx: AppContext, access: EstateAccess, step: DrawStep) {
  const row = await recordOf(ctx.db, access.estate.id, step);
  if (!row) throw notFound(`A record of "${stepName(step)}"`);
  const record = drawRecordSchema.parse(row.record);
  if (fullRecords(access)) return record;
  return beneficiaryCopy(record, access.user.id);
}

/** The stored result of a step in words (trustees and observers): the same list after a reload. */
export async function getDrawLines(ctx: AppContext, access: EstateAccess, step: DrawStep) {
  const row = await recordOf(ctx.db, access.estate.id, step);
  if (!row) throw notFound(`A record of "${stepName(step)}"`);
  return { step, lines: await recordLines(ctx.db, access.estate.id, drawRecordSchema.parse(row.record)) };
}

export async function publishRecords(ctx: AppContext, access: EstateAccess) {
  const estateId = access.estate.id;
  await ctx.db.transaction(async (tx) => {
    const { settings } = await lockedStage(tx, estateId, 'update');
    if (settings.publishFullRecords) return;
    await tx.update(estates).set({ settings: { ...settings, publishFullRecords: true } }).where(eq(estates.id, estateId));
    await recordActivity(tx, { estateId, actorId: access.user.id, action: 'draw.records-published', entity: 'estate', entityId: estateId, field: 'publishFullRecords', from: false, to: true });
  });
  return { published: true as const };
}

// ---------------------------------------------------------------------------------------------
// Fairness report

const KNOWN_REASONS = new Set(['directive', 'return', 'only-interested', 'high-interest', 'tokens']);

export async function getFairness(ctx: AppContext, access: EstateAccess) {
  const estateId = access.estate.id;
  const stored = await ctx.db.select().from(drawRecords).where(inEstate(drawRecords, estateId));
  if (!stored.some((r) => r.step === Stage.AssignRemaining)) {
    throw new AppError('wrong_stage', says('draws.fairnessNotReady', { step: Stage.AssignRemaining, stage: access.stage }));
  }
  const viewAll = can('report.viewAll', access);
  const records = stored.map((r) => drawRecordSchema.parse(r.record));
  const receivers = await receiverIds(ctx.db, estateId);
  const itemRows = await ctx.db
    .select({ id: items.id, number: items.number, name: items.name, highInterest: items.highInterest, value: items.value, status: items.status, assignedTo: items.assignedTo, reason: items.assignmentReason, step: items.assignmentStep })
    .from(items)
    .where(inEstate(items, estateId));
  // Offspring hearts are advice, not inputs (filtered here rather than joined: see input-commitments/draw-inputs.ts).
  const isReceiverId = new Set(receivers);
  const wants = (await ctx.db.select({ m: interests.memberId, i: interests.itemId }).from(interests).where(inEstate(interests, estateId))).filter((w) => isReceiverId.has(w.m));
  const ranks = await ctx.db.select({ m: rankings.memberId, i: rankings.itemId, v: rankings.rank }).from(rankings).where(inEstate(rankings, estateId));
  const tokens = await ctx.db.select({ m: tokenAllocations.memberId, i: tokenAllocations.itemId, v: tokenAllocations.count }).from(tokenAllocations).where(inEstate(tokenAllocations, estateId));

  // A trustee override: an item whose assignment differs from what its step recorded, one
  // assigned for a reason no step or directive gives, or one the trustee gave to nobody after the
  // results (a "changed" answer to a question: reason 'trustee', now unwanted).
  const recorded = new Map<string, string>();
  for (const record of records) for (const a of record.assignments) recorded.set(a.itemId, a.memberId);
  const assigned = itemRows.filter((r) => r.assignedTo !== null && (r.status === 'assigned' || r.status === 'handed-over'));
  const assignedIds = new Set(assigned.map((r) => r.id));
  const overrides =
    assigned.filter((r) => !KNOWN_REASONS.has(r.reason ?? '') || (recorded.has(r.id) && recorded.get(r.id) !== r.assignedTo)).length +
    [...recorded.keys()].filter((id) => !assignedIds.has(id)).length +
    itemRows.filter((r) => r.reason === 'trustee' && !assignedIds.has(r.id) && !recorded.has(r.id)).length;

  const report = fairnessReport({
    receivers,
    items: itemRows.map((r) => ({ id: r.id, highInterest: r.highInterest, value: r.value === null ? null : Number(r.value) })),
    interests: wants.map((w) => [w.m, w.i] as const),
    rankings: ranks.map((r) => [r.m, r.i, r.v] as const),
    tokens: tokens.map((t) => [t.m, t.i, t.v] as const),
    assignments: assigned.map((r) => ({ itemId: r.id, memberId: r.assignedTo!, reason: r.reason ?? 'trustee' })),
    randomTieBreaks: records.reduce((sum, record) => sum + recordTieBreaks(record), 0),
    trusteeOverrides: overrides,
  });
  if (viewAll) return { scope: 'full' as const, report };
  // What they hearted that went to someone else, with who and the plain reason (results are public from 40).
  const mine = new Set(wants.filter((w) => w.m === access.user.id).map((w) => w.i));
  const missed = assigned
    .filter((r) => mine.has(r.id) && r.assignedTo !== access.user.id)
    .sort((a, b) => a.number - b.number)
    .map((r) => ({ itemId: r.id, label: itemLabel(r.number), name: r.name, receiverId: r.assignedTo!, reason: r.reason ?? 'trustee' }));
  return { scope: 'own' as const, report: redactFairnessFor(report, access.user.id), missed };
}

// ---------------------------------------------------------------------------------------------
// Pool summary (stage 13, the trustee's review before the automated steps)

/**
 * How the pool stands before the automated steps: how many items are unwanted, wanted by one,
 * high-interest and contested, and each receiver's inputs so far. Nothing is assigned here.
 */
export async function poolSummary(ctx: AppContext, access: EstateAccess) {
  const inputs = await loadDrawInputs(ctx.db, access.estate.id);
  const wanting = new Map<string, number>();
  for (const [, itemId] of inputs.interests) wanting.set(itemId, (wanting.get(itemId) ?? 0) + 1);
  let unwanted = 0;
  let wantedByOne = 0;
  let highInterest = 0;
  let contested = 0;
  for (const item of inputs.items) {
    const n = wanting.get(item.id) ?? 0;
    if (n === 0) unwanted += 1;
    else if (item.highInterest) highInterest += 1;
    else if (n === 1) wantedByOne += 1;
    else contested += 1;
  }
  const hiItems = new Set(inputs.items.filter((i) => i.highInterest).map((i) => i.id));
  const names = new Map(
    (
      await ctx.db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(inEstate(memberships, access.estate.id))
    ).map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim()]),
  );
  const receivers = inputs.receivers.map((memberId) => ({
    memberId,
    displayName: names.get(memberId) ?? '',
    hearted: inputs.interests.filter(([m]) => m === memberId).length,
    heartedHighInterest: inputs.interests.filter(([m, i]) => m === memberId && hiItems.has(i)).length,
    ranked: inputs.rankings.filter(([m]) => m === memberId).length,
    tokens: inputs.tokens.filter(([m]) => m === memberId).reduce((sum, [, , count]) => sum + count, 0),
  }));
  return { poolItems: inputs.items.length, unwanted, wantedByOne, highInterest, contested, receivers };
}
