/**
 * Hand-over (stage 41): where each assigned item is on its way to its receiver, the trustee's record
 * of it (scheduled, handed over, shipped, returned), and the receiver's receipt. Stage 42 closes
 * hand-over only when every assigned item has an outcome (`openHandoverCount`).
 */
import { and, asc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { can } from '@estate/domain/permissions';
import { ACCESS } from '@estate/domain/roles';
import { itemLabel } from '@estate/domain/item-status';
import {
  handoverChangeRefusal,
  handoverViewStatus,
  receiptRefusal,
  type BulkHandoverBody,
  type HandoverBody,
  type HandoverMethod,
  type HandoverStatus,
  type HandoverViewStatus,
} from '@estate/domain/handover';
import { queryRows, type Db } from '../../db/client.js';
import { handovers, items, locations, memberships, photos, receipts, rooms, users } from '../../db/schema.js';
import { recordActivity } from '../../platform/activity.js';
import type { EstateAccess } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { recheckAccess } from '../../platform/pool.js';
import { inEstate } from '../../platform/tenancy.js';
import { notifyHandover } from './notify.js';

/** Items that have a receiver to hand them to (or an owner to go back to). */
export const HANDED_STATUSES = ['assigned', 'handed-over'] as const;

export type HandoverEntry = {
  itemId: string;
  memberId: string | null;
  status: HandoverViewStatus;
  method: HandoverMethod | null;
  scheduledAt: string | null;
  handedOverAt: string | null;
  receivedAt: string | null;
  note: string | null;
  receipt: { id: string; receivedAt: string; confirmedBy: string; note: string } | null;
  item: {
    number: number;
    label: string;
    name: string;
    locationId: string | null;
    locationName: string | null;
    roomId: string | null;
    roomName: string | null;
    reason: string | null;
    thumbUrl: string | null;
    version: number;
  };
};

const firstPhotoSql = sql<string | null>`coalesce(${items.featuredPhotoId}, (select p.id from ${photos} p where p.item_id = ${items.id} order by p.position, p.id limit 1))`;

/** The members whose hand-over this caller may read: everyone (null), or themselves and those they receive for. */
export async function visibleReceivers(db: Db, access: EstateAccess): Promise<string[] | null> {
  if (can('handover.viewAll', access)) return null;
  const children = await db
    .select({ id: memberships.userId })
    .from(memberships)
    .where(inEstate(memberships, access.estate.id, eq(memberships.receivesThrough, access.user.id)));
  return [access.user.id, ...children.map((c) => c.id)];
}

/** Hand-over rows of the estate, oldest item number first, for some receivers or items. */
export async function loadHandover(
  ctx: AppContext,
  estateId: string,
  filter: { memberIds?: string[] | null; itemIds?: string[] } = {},
): Promise<HandoverEntry[]> {
  const conditions: (SQL | undefined)[] = [inArray(items.status, [...HANDED_STATUSES])];
  if (filter.memberIds) conditions.push(filter.memberIds.length ? inArray(items.assignedTo, filter.memberIds) : sql`false`);
  if (filter.itemIds) conditions.push(filter.itemIds.length ? inArray(items.id, filter.itemIds) : sql`false`);
  const rows = await ctx.db
    .select({
      item: {
        id: items.id,
        number: items.number,
        name: items.name,
        assignedTo: items.assignedTo,
        reason: items.assignmentReason,
        locationId: items.locationId,
        roomId: items.roomId,
        version: items.version,
      },
      locationName: locations.name,
      roomName: rooms.name,
      photoId: firstPhotoSql,
      handover: handovers,
      receipt: { id: receipts.id, receivedAt: receipts.receivedAt, confirmedBy: receipts.confirmedBy, note: receipts.note },
    })
    .from(items)
    .leftJoin(locations, eq(locations.id, items.locationId))
    .leftJoin(rooms, eq(rooms.id, items.roomId))
    .leftJoin(handovers, eq(handovers.itemId, items.id))
    .leftJoin(receipts, eq(receipts.itemId, items.id))
    .where(inEstate(items, estateId, ...conditions))
    .orderBy(asc(items.number));
  const now = ctx.now();
  return rows.map((r) => {
    const h = r.handover;
    const receipt = r.receipt?.id ? r.receipt : null;
    return {
      itemId: r.item.id,
      memberId: r.item.assignedTo,
      status: handoverViewStatus(h?.status, receipt !== null),
      method: h?.method ?? null,
      scheduledAt: h?.scheduledAt?.toISOString() ?? null,
      handedOverAt: h?.handedOverAt?.toISOString() ?? null,
      receivedAt: receipt?.receivedAt?.toISOString() ?? null,
      note: h?.note ? h.note : null,
      receipt: receipt
        ? { id: receipt.id, receivedAt: receipt.receivedAt.toISOString(), confirmedBy: receipt.confirmedBy, note: receipt.note ?? '' }
        : null,
      item: {
        number: r.item.number,
        label: itemLabel(r.item.number),
        name: r.item.name,
        locationId: r.item.locationId,
        locationName: r.locationName,
        roomId: r.item.roomId,
        roomName: r.roomName,
        reason: r.item.reason,
        thumbUrl: r.photoId ? ctx.fileUrls.photoUrl(estateId, r.photoId, 'thumb', now) : null,
        version: r.item.version,
      },
    };
  });
}

/** `GET …/handover`: all for trustees and observers; a beneficiary their own and their offspring's. */
export async function listHandover(ctx: AppContext, access: EstateAccess) {
  const memberIds = await visibleReceivers(ctx.db, access);
  return loadHandover(ctx, access.estate.id, { memberIds });
}

/**
 * Assigned items with no outcome yet (no receipt, and not handed over, shipped or returned): the
 * count that keeps hand-over (41) from closing.
 */
export async function openHandoverCount(db: Db, estateId: string): Promise<number> {
  const [row] = await queryRows<{ open: number }>(db, sql`
    select count(*)::int as open from ${items} i
    left join ${handovers} h on h.item_id = i.id
    where i.estate_id = ${estateId} and i.status in ('assigned', 'handed-over')
      and not exists (select 1 from ${receipts} r where r.item_id = i.id)
      and coalesce(h.status, '') not in ('handed-over', 'shipped', 'returned')`);
  return row?.open ?? 0;
}

type ItemForUpdate = typeof items.$inferSelect;

/** The item's status follows its hand-over: Handed over once it left (or arrived), Assigned otherwise. */
function itemStatusFor(recorded: HandoverStatus, received: boolean): 'assigned' | 'handed-over' {
  if (recorded === 'returned') return 'assigned';
  return received || recorded === 'handed-over' || recorded === 'shipped' ? 'handed-over' : 'assigned';
}

const staleVersion = () =>
  new AppError('version_mismatch', 'Someone else changed this item a moment ago. Please look at it again and try once more.');

/** Writes one item's hand-over record inside the caller's transaction (the item row is locked). */
async function applyHandover(
  tx: Db,
  ctx: AppContext,
  access: EstateAccess,
  item: ItemForUpdate,
  version: number,
  body: Omit<HandoverBody, 'status'> & { status: HandoverStatus },
): Promise<void> {
  const estateId = access.estate.id;
  if (item.version !== version) throw staleVersion();
  if (!(HANDED_STATUSES as readonly string[]).includes(item.status)) {
    throw new AppError('conflict', `${itemLabel(item.number)} is not assigned to anyone, so it has nothing to hand over.`);
  }
  const [existing] = await tx.select().from(handovers).where(inEstate(handovers, estateId, eq(handovers.itemId, item.id)));
  const [receipt] = await tx.select({ id: receipts.id }).from(receipts).where(inEstate(receipts, estateId, eq(receipts.itemId, item.id)));
  const current = handoverViewStatus(existing?.status, Boolean(receipt));
  const refusal = handoverChangeRefusal(current, body.status);
  if (refusal) throw new AppError('conflict', `${itemLabel(item.number)}: ${refusal}`);
  const now = ctx.now();
  const leaves = body.status === 'handed-over' || body.status === 'shipped';
  const wasGone = existing?.status === 'handed-over' || existing?.status === 'shipped';
  const values = {
    memberId: item.assignedTo,
    status: body.status,
    method: body.method ?? existing?.method ?? null,
    scheduledAt: body.scheduledAt !== undefined ? new Date(body.scheduledAt) : (existing?.scheduledAt ?? null),
    handedOverAt: leaves ? (wasGone && existing?.handedOverAt ? existing.handedOverAt : now) : (existing?.handedOverAt ?? null),
    returnedAt: body.status === 'returned' ? now : null,
    note: body.note ?? existing?.note ?? '',
    // A new hand-over (handed over or shipped again) earns a new reminder.
    remindedAt: leaves && !wasGone ? null : (existing?.remindedAt ?? null),
    updatedBy: access.user.id,
    updatedAt: now,
  };
  await tx
    .insert(handovers)
    .values({ estateId, itemId: item.id, ...values })
    .onConflictDoUpdate({ target: handovers.itemId, set: values });
  const [updated] = await tx
    .update(items)
    .set({ status: itemStatusFor(body.status, Boolean(receipt)), version: sql`${items.version} + 1`, updatedAt: now })
    .where(inEstate(items, estateId, eq(items.id, item.id), eq(items.version, version)))
    .returning({ id: items.id });
  if (!updated) throw staleVersion();
  await recordActivity(tx, {
    estateId,
    actorId: access.user.id,
    action: 'handover.updated',
    entity: 'item',
    entityId: item.id,
    field: 'handover',
    from: current,
    to: { status: body.status, method: values.method, scheduledAt: values.scheduledAt?.toISOString() ?? null },
  });
}

async function lockItems(tx: Db, estateId: string, itemIds: string[]): Promise<ItemForUpdate[]> {
  return tx.select().from(items).where(inEstate(items, estateId, inArray(items.id, itemIds))).orderBy(asc(items.id)).for('update');
}

/** `PUT …/items/:iid/handover` (trustee, stage 41, with the item's version). */
export async function updateHandover(ctx: AppContext, access: EstateAccess, itemId: string, version: number, body: HandoverBody) {
  const estateId = access.estate.id;
  const item = await ctx.db.transaction(async (tx) => {
    await recheckAccess(tx, access, 'handover.update');
    const [row] = await lockItems(tx, estateId, [itemId]);
    if (!row) throw notFound('That item');
    await applyHandover(tx, ctx, access, row, version, body);
    return row;
  });
  await ctx.events.publish({ type: 'item', estateId, data: { itemId, change: 'updated' } });
  await notifyHandover(ctx, access, [{ itemId, memberId: item.assignedTo }], body.status);
  const [entry] = await loadHandover(ctx, estateId, { itemIds: [itemId] });
  return entry!;
}

/**
 * One receiver's pick-up at once (extension of api.md): every listed item must be assigned to
 * `memberId` and still at the version the helper saw; all are written, or none.
 */
export async function bulkHandover(ctx: AppContext, access: EstateAccess, body: BulkHandoverBody) {
  const estateId = access.estate.id;
  const ids = body.items.map((i) => i.itemId);
  await ctx.db.transaction(async (tx) => {
    await recheckAccess(tx, access, 'handover.update');
    const rows = await lockItems(tx, estateId, ids);
    if (rows.length !== ids.length) throw notFound('Some of those items');
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const { itemId, version } of body.items) {
      const row = byId.get(itemId)!;
      if (row.assignedTo !== body.memberId) {
        throw new AppError('conflict', `${itemLabel(row.number)} is not one of this person's items; nothing was changed.`, { items: 'Every item must belong to the person whose pick-up this is.' });
      }
      const { items: _items, memberId: _memberId, ...change } = body;
      await applyHandover(tx, ctx, access, row, version, change);
    }
  });
  for (const itemId of ids) await ctx.events.publish({ type: 'item', estateId, data: { itemId, change: 'updated' } });
  await notifyHandover(ctx, access, ids.map((itemId) => ({ itemId, memberId: body.memberId })), body.status);
  return loadHandover(ctx, estateId, { itemIds: ids });
}

/**
 * `POST …/items/:iid/receipt`: the receiver, or the parent who receives for them, says the item
 * arrived. Once per item (409 the second time); stored with the time and who confirmed it.
 */
export async function confirmReceipt(ctx: AppContext, access: EstateAccess, itemId: string, note: string | undefined) {
  const estateId = access.estate.id;
  const receipt = await ctx.db.transaction(async (tx) => {
    await recheckAccess(tx, access, 'handover.receipt');
    const [item] = await lockItems(tx, estateId, [itemId]);
    if (!item) throw notFound('That item');
    if (!(HANDED_STATUSES as readonly string[]).includes(item.status) || !item.assignedTo) {
      throw new AppError('conflict', 'This item is not assigned to anyone, so there is no receipt to confirm.');
    }
    if (item.assignedTo !== access.user.id) {
      const [child] = await tx
        .select({ parent: memberships.receivesThrough })
        .from(memberships)
        .where(inEstate(memberships, estateId, eq(memberships.userId, item.assignedTo)));
      if (child?.parent !== access.user.id) {
        throw new AppError('forbidden', 'Only the person who receives this item (or the parent who receives for them) can confirm it arrived.');
      }
    }
    const [existing] = await tx.select({ status: handovers.status }).from(handovers).where(inEstate(handovers, estateId, eq(handovers.itemId, itemId)));
    const [earlier] = await tx.select({ id: receipts.id }).from(receipts).where(inEstate(receipts, estateId, eq(receipts.itemId, itemId)));
    const refusal = receiptRefusal(handoverViewStatus(existing?.status, Boolean(earlier)));
    if (refusal) throw new AppError('conflict', refusal);
    const now = ctx.now();
    const [row] = await tx
      .insert(receipts)
      .values({ id: newId(), estateId, itemId, memberId: item.assignedTo, confirmedBy: access.user.id, receivedAt: now, note: note ?? '' })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('conflict', 'You have already confirmed that you received this item.');
    await tx
      .update(items)
      .set({ status: 'handed-over', version: sql`${items.version} + 1`, updatedAt: now })
      .where(inEstate(items, estateId, eq(items.id, itemId)));
    await recordActivity(tx, { estateId, actorId: access.user.id, action: 'handover.received', entity: 'item', entityId: itemId, field: 'receipt', to: { memberId: item.assignedTo, receivedAt: now.toISOString() } });
    return row;
  });
  await ctx.events.publish({ type: 'item', estateId, data: { itemId, change: 'updated' } });
  // The trustees' boards show it at once.
  await ctx.events.publish({ type: 'notification', estateId, roles: ACCESS.trustee, data: { kind: 'handover-received', itemId } });
  return { id: receipt.id, itemId, memberId: receipt.memberId, receivedAt: receipt.receivedAt.toISOString() };
}

/** A receiver of the estate whose lists this caller may download (404 for a non-member, 403 for someone else's). */
export async function receiverFor(ctx: AppContext, access: EstateAccess, memberId: string) {
  const [member] = await ctx.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, settings: users.settings, receivesThrough: memberships.receivesThrough })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(inEstate(memberships, access.estate.id, eq(memberships.userId, memberId)));
  if (!member) throw notFound('That member');
  if (!can('handover.viewAll', access) && member.id !== access.user.id && member.receivesThrough !== access.user.id) {
    throw new AppError('forbidden', 'You can download your own list (and the lists of those you receive for), not someone else’s.');
  }
  return { id: member.id, name: `${member.firstName} ${member.lastName}`.trim(), settings: member.settings };
}

/** Names of members, for "confirmed by" on receipt sheets. */
export async function memberNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.lastName}`.trim()]));
}

/** Hand-over rows that were handed over or shipped a while ago and have no receipt: due a reminder. */
export function reminderDueSql(before: Date): SQL {
  return and(
    inArray(handovers.status, ['handed-over', 'shipped']),
    isNotNull(handovers.handedOverAt),
    sql`${handovers.handedOverAt} <= ${before}`,
    sql`${handovers.remindedAt} is null`,
    isNotNull(handovers.memberId),
    sql`not exists (select 1 from ${receipts} r where r.item_id = ${handovers.itemId})`,
  )!;
}
