/**
 * Stage 2: every beneficiary checks every item. Approve, or flag with a comment and perhaps a
 * suggested correction, which waits (item status Pending) until a trustee accepts or rejects it.
 */
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { Role } from '@estate/domain/roles';
import { Stage } from '@estate/domain/stages';
import type { approvalBody, resolveBody } from '@estate/domain/schemas/approval';
import { queryRows, type Db } from '../../db/client.js';
import { approvals, itemLabels, items, labels, memberships, participation, users } from '../../db/schema.js';
import { recordActivity } from '../../platform/activity.js';
import type { EstateAccess } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound, says } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { inEstate } from '../../platform/tenancy.js';
import { assertInputsOpen, checkInputsOpen, writeInput } from '../../platform/pool.js';

type Suggestion = Record<string, unknown>;

export async function setApproval(ctx: AppContext, access: EstateAccess, itemId: string, body: z.infer<typeof approvalBody>) {
  const estateId = access.estate.id;
  const memberId = access.user.id;
  const now = ctx.now();
  const suggestion = body.suggestion ?? null;
  // One statement (platform/pool.ts, `writeInput`): the guard, the answer stored (replacing an
  // earlier one and its resolution), the item Pending while any unresolved suggestion waits (the
  // others' read here, the caller's from the body: a statement does not see its own write) and
  // Unassigned again when none does, and the activity entry.
  const mineWaits = body.status === 'flagged' && suggestion !== null;
  const write = sql`insert into ${approvals} (estate_id, item_id, member_id, status, comment, suggestion, automatic, resolution, resolved_by, resolved_at, updated_at)
      select ${estateId}::uuid, i.id, ${memberId}::uuid, ${body.status}, ${body.comment}, ${suggestion === null ? null : JSON.stringify(suggestion)}::jsonb, false, null, null, null, ${now.toISOString()}::timestamptz
      from ${items} i where i.estate_id = ${estateId} and i.id = ${itemId} and exists (select 1 from inputs_open)
      on conflict (item_id, member_id) do update set status = excluded.status, comment = excluded.comment, suggestion = excluded.suggestion,
        automatic = false, resolution = null, resolved_by = null, resolved_at = null, updated_at = excluded.updated_at
      returning item_id`;
  const waiting = sql`(${mineWaits} or exists (select 1 from ${approvals} a where a.estate_id = ${estateId} and a.item_id = ${itemId}
      and a.member_id <> ${memberId} and a.status = 'flagged' and a.resolution is null and a.suggestion is not null))`;
  const result = await writeInput<{ item_found: boolean; status_changed: boolean }>(ctx.db, access, 'approval.set', now, {
    write,
    activity: {
      action: body.status === 'approved' ? 'item.approved' : 'item.flagged',
      entity: 'item',
      entityId: itemId,
      field: 'approval',
      // A beneficiary's review answers are their own inputs: trustees and observers read them, others do not.
      to: body.status === 'flagged' ? { comment: body.comment, suggestion } : 'approved',
    },
    extra: sql`exists (select 1 from ${items} i where i.estate_id = ${estateId} and i.id = ${itemId}) as item_found,
      exists (select 1 from pending) as status_changed`,
    more: sql`pending as (
      update ${items} set status = case when ${waiting} then 'pending' else 'unassigned' end
      where estate_id = ${estateId} and id = ${itemId} and exists (select 1 from written)
        and status = case when ${waiting} then 'unassigned' else 'pending' end
      returning id
    )`,
  });
  if (!result.open) checkInputsOpen(result.guard, access, 'approval.set', now);
  if (!result.extra.item_found) throw notFound('That item');
  // Open pages learn that the item became Pending (or stopped being); a plain approval says nothing.
  if (result.extra.status_changed) await ctx.events.publish({ type: 'item', estateId, data: { itemId, change: 'updated' } });
}

/** Pending while any unresolved suggestion waits; back to Unassigned when none does. True if it changed. */
async function refreshPending(tx: Db, estateId: string, itemId: string): Promise<boolean> {
  const [open] = await tx
    .select({ n: count() })
    .from(approvals)
    .where(inEstate(approvals, estateId, eq(approvals.itemId, itemId), eq(approvals.status, 'flagged'), isNull(approvals.resolution), sql`${approvals.suggestion} is not null`));
  const waiting = (open?.n ?? 0) > 0;
  const updated = await tx
    .update(items)
    .set({ status: waiting ? 'pending' : 'unassigned' })
    .where(inEstate(items, estateId, eq(items.id, itemId), inArray(items.status, waiting ? ['unassigned'] : ['pending'])))
    .returning({ id: items.id });
  return updated.length > 0;
}

export async function approveAllRemaining(ctx: AppContext, access: EstateAccess) {
  const estateId = access.estate.id;
  const memberId = access.user.id;
  return ctx.db.transaction(async (tx) => {
    await assertInputsOpen(tx, access, 'approval.set', ctx.now());
    const inserted = await queryRows<{ item_id: string }>(tx, sql`
      insert into ${approvals} (estate_id, item_id, member_id, status, updated_at)
      select ${estateId}, i.id, ${memberId}, 'approved', now() from ${items} i
      where i.estate_id = ${estateId}
        and not exists (select 1 from ${approvals} a where a.item_id = i.id and a.member_id = ${memberId})
      returning item_id`);
    const n = inserted.length;
    await recordActivity(tx, { estateId, actorId: memberId, action: 'item.approved-all', entity: 'estate', entityId: estateId, field: 'approval', to: n, visibility: 'trustees' });
    return n;
  });
}

export async function myApprovals(ctx: AppContext, access: EstateAccess) {
  const rows = await ctx.db
    .select({ itemId: approvals.itemId, status: approvals.status, comment: approvals.comment, suggestion: approvals.suggestion, resolution: approvals.resolution, automatic: approvals.automatic })
    .from(approvals)
    .where(inEstate(approvals, access.estate.id, eq(approvals.memberId, access.user.id)));
  return rows;
}

async function beneficiaries(db: Db, estateId: string) {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(inEstate(memberships, estateId, sql`${Role.Beneficiary} = any(${memberships.roles})`));
}

/** For the trustee: how far each beneficiary has come. */
export async function approvalProgress(ctx: AppContext, estateId: string) {
  const [total] = await ctx.db.select({ n: count() }).from(items).where(inEstate(items, estateId));
  const people = await beneficiaries(ctx.db, estateId);
  const counts = await ctx.db
    .select({ memberId: approvals.memberId, status: approvals.status, automatic: approvals.automatic, n: count() })
    .from(approvals)
    .where(inEstate(approvals, estateId))
    .groupBy(approvals.memberId, approvals.status, approvals.automatic);
  return {
    totalItems: total?.n ?? 0,
    members: people.map((p) => {
      const mine = counts.filter((c) => c.memberId === p.id);
      const sum = (f: (c: (typeof mine)[number]) => boolean) => mine.filter(f).reduce((a, c) => a + c.n, 0);
      return {
        memberId: p.id,
        displayName: `${p.firstName} ${p.lastName}`.trim(),
        approved: sum((c) => c.status === 'approved' && !c.automatic),
        approvedAutomatically: sum((c) => c.status === 'approved' && c.automatic),
        flagged: sum((c) => c.status === 'flagged'),
      };
    }),
  };
}

/** For the trustee: flags waiting for a decision, with what was suggested. */
export async function listFlags(ctx: AppContext, estateId: string) {
  const rows = await ctx.db
    .select({ approval: approvals, itemName: items.name, itemNumber: items.number, firstName: users.firstName, lastName: users.lastName })
    .from(approvals)
    .innerJoin(items, eq(items.id, approvals.itemId))
    .innerJoin(users, eq(users.id, approvals.memberId))
    .where(inEstate(approvals, estateId, eq(approvals.status, 'flagged')));
  return rows.map((r) => ({
    itemId: r.approval.itemId,
    itemName: r.itemName,
    itemNumber: r.itemNumber,
    memberId: r.approval.memberId,
    memberName: `${r.firstName} ${r.lastName}`.trim(),
    comment: r.approval.comment,
    suggestion: r.approval.suggestion,
    resolution: r.approval.resolution,
  }));
}

async function applySuggestion(tx: Db, estateId: string, itemId: string, suggestion: Suggestion, actorId: string, now: Date) {
  const { categories, ...fields } = suggestion as Suggestion & { categories?: string[] };
  const [before] = await tx.select().from(items).where(inEstate(items, estateId, eq(items.id, itemId)));
  if (!before) throw notFound('That item');
  await tx.update(items).set({ ...fields, version: sql`${items.version} + 1`, updatedAt: now }).where(inEstate(items, estateId, eq(items.id, itemId)));
  for (const [field, to] of Object.entries(fields)) {
    await recordActivity(tx, { estateId, actorId, action: 'item.updated', entity: 'item', entityId: itemId, field, from: before[field as keyof typeof before], to });
  }
  if (categories) {
    const ids: string[] = [];
    for (const name of categories) {
      await tx.insert(labels).values({ id: newId(), estateId, kind: 'category', name }).onConflictDoNothing();
      const [label] = await tx.select({ id: labels.id }).from(labels).where(inEstate(labels, estateId, eq(labels.kind, 'category'), sql`lower(${labels.name}) = lower(${name})`));
      if (label) ids.push(label.id);
    }
    await tx.execute(sql`delete from ${itemLabels} il using ${labels} l where il.label_id = l.id and il.item_id = ${itemId} and l.kind = 'category'`);
    if (ids.length > 0) await tx.insert(itemLabels).values(ids.map((labelId) => ({ estateId, itemId, labelId })));
    await recordActivity(tx, { estateId, actorId, action: 'item.updated', entity: 'item', entityId: itemId, field: 'categories', to: categories });
  }
}

export async function resolveFlag(ctx: AppContext, access: EstateAccess, itemId: string, memberId: string, body: z.infer<typeof resolveBody>) {
  const estateId = access.estate.id;
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [flag] = await tx.select().from(approvals).where(inEstate(approvals, estateId, eq(approvals.itemId, itemId), eq(approvals.memberId, memberId)));
    if (!flag || flag.status !== 'flagged') throw notFound('That flag');
    if (flag.resolution) throw new AppError('conflict', says('approvals.resolved'));
    if (body.resolution === 'accepted' && flag.suggestion) await applySuggestion(tx, estateId, itemId, flag.suggestion, access.user.id, now);
    await tx
      .update(approvals)
      .set({ resolution: body.resolution, resolvedBy: access.user.id, resolvedAt: now })
      .where(and(eq(approvals.estateId, estateId), eq(approvals.itemId, itemId), eq(approvals.memberId, memberId)));
    await refreshPending(tx, estateId, itemId);
    await recordActivity(tx, { estateId, actorId: access.user.id, action: `flag.${body.resolution}`, entity: 'item', entityId: itemId, field: 'approval', from: flag.suggestion, to: body.note ?? null });
  });
  await ctx.events.publish({ type: 'item', estateId, data: { itemId, change: 'updated' } });
}

/** At the deadline: beneficiaries who did not answer an item count as approving it, recorded as such. */
export async function approveForNonResponders(tx: Db, estateId: string): Promise<number> {
  const result = await queryRows<Record<string, string>>(tx, sql`
    insert into ${approvals} (estate_id, item_id, member_id, status, automatic, updated_at)
    select ${estateId}, i.id, m.user_id, 'approved', true, now()
    from ${items} i cross join ${memberships} m
    where i.estate_id = ${estateId} and m.estate_id = ${estateId} and ${Role.Beneficiary} = any(m.roles)
      and not exists (select 1 from ${approvals} a where a.item_id = i.id and a.member_id = m.user_id)
    returning item_id`);
  return result.length;
}

/**
 * Beneficiaries who have neither answered every item of the review nor said they are done with it
 * (the review's exit gate: stage 2 cannot be left while any are waiting, until its deadline).
 */
export async function reviewWaiting(db: Db, estateId: string): Promise<number> {
  const [row] = await queryRows<{ waiting: number }>(db, sql`
    select count(*)::int as waiting from ${memberships} m
    where m.estate_id = ${estateId} and ${Role.Beneficiary} = any(m.roles)
      and not exists (select 1 from ${participation} p
        where p.estate_id = m.estate_id and p.member_id = m.user_id and p.stage = ${Stage.Approve})
      and (select count(*) from ${approvals} a where a.estate_id = m.estate_id and a.member_id = m.user_id)
        < (select count(*) from ${items} i where i.estate_id = m.estate_id)`);
  return row?.waiting ?? 0;
}
