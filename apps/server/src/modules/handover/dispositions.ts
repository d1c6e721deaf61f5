/**
 * What becomes of the items nobody received: Unwanted items (nobody hearted them) and items the
 * trustee held. The trustee decides (donate, sell, discard, family decision) with a note; the
 * appraiser values an item and says why; the seller or buyer records the sale of an item to be sold.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { itemLabel } from '@estate/domain/item-status';
import type { DispositionAppraisalBody, DispositionBody, SaleBody } from '@estate/domain/handover';
import type { Db } from '../../db/client.js';
import { dispositions, items } from '../../db/schema.js';
import { recordActivity } from '../../platform/activity.js';
import type { EstateAccess } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { recheckAccess } from '../../platform/pool.js';
import { inEstate } from '../../platform/tenancy.js';
import { mailHelpers } from './notify-helpers.js';

/** Items nobody received: these get a disposition. */
export const DISPOSABLE_STATUSES = ['unwanted', 'hold'] as const;

type Row = typeof dispositions.$inferSelect;
type ItemRow = typeof items.$inferSelect;

function toDto(item: Pick<ItemRow, 'id' | 'number' | 'name' | 'status' | 'value' | 'currency' | 'version'>, row: Row | null) {
  return {
    itemId: item.id,
    label: itemLabel(item.number),
    name: item.name,
    itemStatus: item.status,
    version: item.version,
    disposition: row?.disposition ?? null,
    note: row?.note ?? '',
    appraisal: row?.appraisedAt
      ? { value: item.value, currency: item.currency, note: row.appraisalNote, at: row.appraisedAt.toISOString() }
      : null,
    sale:
      row?.salePrice !== null && row?.salePrice !== undefined
        ? { price: row.salePrice, currency: row.saleCurrency ?? item.currency, soldAt: row.soldAt?.toISOString() ?? null, buyer: row.buyer, note: row.saleNote }
        : null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

export type DispositionDto = ReturnType<typeof toDto>;

/** `GET …/dispositions`: every Unwanted or held item, with what becomes of it (if decided). */
export async function listDispositions(ctx: AppContext, access: EstateAccess): Promise<DispositionDto[]> {
  const rows = await ctx.db
    .select({ item: items, disposition: dispositions })
    .from(items)
    .leftJoin(dispositions, eq(dispositions.itemId, items.id))
    .where(inEstate(items, access.estate.id, inArray(items.status, [...DISPOSABLE_STATUSES])))
    .orderBy(asc(items.number));
  return rows.map((r) => toDto(r.item, r.disposition));
}

async function lockedItem(tx: Db, estateId: string, itemId: string): Promise<ItemRow> {
  const [item] = await tx.select().from(items).where(inEstate(items, estateId, eq(items.id, itemId))).for('update');
  if (!item) throw notFound('That item');
  if (!(DISPOSABLE_STATUSES as readonly string[]).includes(item.status)) {
    throw new AppError('conflict', `${itemLabel(item.number)} went to someone; only unwanted or held items get a disposition.`);
  }
  return item;
}

async function current(tx: Db, estateId: string, itemId: string): Promise<Row | undefined> {
  const [row] = await tx.select().from(dispositions).where(inEstate(dispositions, estateId, eq(dispositions.itemId, itemId)));
  return row;
}

async function finish(ctx: AppContext, access: EstateAccess, itemId: string): Promise<DispositionDto> {
  await ctx.events.publish({ type: 'item', estateId: access.estate.id, data: { itemId, change: 'updated' } });
  const [row] = await ctx.db
    .select({ item: items, disposition: dispositions })
    .from(items)
    .leftJoin(dispositions, eq(dispositions.itemId, items.id))
    .where(inEstate(items, access.estate.id, eq(items.id, itemId)));
  return toDto(row!.item, row!.disposition);
}

/** `PUT …/items/:iid/disposition` (trustee, from stage 40). The item shows it as its outcome. */
export async function setDisposition(ctx: AppContext, access: EstateAccess, itemId: string, body: DispositionBody) {
  const estateId = access.estate.id;
  const before = await ctx.db.transaction(async (tx) => {
    await recheckAccess(tx, access, 'disposition.set');
    const item = await lockedItem(tx, estateId, itemId);
    const before = await current(tx, estateId, itemId);
    if (before?.salePrice != null && body.disposition !== 'sell') {
      throw new AppError('conflict', `${itemLabel(item.number)} has been sold; its sale is recorded, so it stays "sell".`);
    }
    const now = ctx.now();
    const values = { disposition: body.disposition, note: body.note ?? before?.note ?? '', recordedBy: access.user.id, updatedAt: now };
    await tx.insert(dispositions).values({ estateId, itemId, ...values }).onConflictDoUpdate({ target: dispositions.itemId, set: values });
    await tx.update(items).set({ unwantedOutcome: body.disposition, version: sql`${items.version} + 1`, updatedAt: now }).where(inEstate(items, estateId, eq(items.id, itemId)));
    await recordActivity(tx, { estateId, actorId: access.user.id, action: 'disposition.set', entity: 'item', entityId: itemId, field: 'disposition', from: before?.disposition ?? null, to: { disposition: body.disposition, note: values.note } });
    return before;
  });
  // The helpers hear of new work: a first decision needs an appraisal; "sell" needs a sale.
  if (!before) ctx.mailer.inBackground(() => mailHelpers(ctx, estateId, itemId, 'appraise', access.user.id));
  if (body.disposition === 'sell' && before?.disposition !== 'sell') ctx.mailer.inBackground(() => mailHelpers(ctx, estateId, itemId, 'sale', access.user.id));
  return finish(ctx, access, itemId);
}

/** `PUT …/items/:iid/disposition/appraisal` (appraiser or trustee): the value and a note, once a disposition is decided. */
export async function appraiseDisposition(ctx: AppContext, access: EstateAccess, itemId: string, body: DispositionAppraisalBody) {
  const estateId = access.estate.id;
  await ctx.db.transaction(async (tx) => {
    await recheckAccess(tx, access, 'disposition.appraise');
    const item = await lockedItem(tx, estateId, itemId);
    const before = await current(tx, estateId, itemId);
    if (!before) throw new AppError('conflict', `The trustee has not yet said what becomes of ${itemLabel(item.number)}; it can be appraised once they have.`);
    const now = ctx.now();
    const value = body.value === null ? null : body.value.toFixed(2);
    await tx.update(dispositions).set({ appraisalNote: body.note ?? before.appraisalNote, appraisedBy: access.user.id, appraisedAt: now, updatedAt: now }).where(inEstate(dispositions, estateId, eq(dispositions.itemId, itemId)));
    await tx
      .update(items)
      .set({ value, ...(body.currency ? { currency: body.currency } : {}), version: sql`${items.version} + 1`, updatedAt: now })
      .where(inEstate(items, estateId, eq(items.id, itemId)));
    await recordActivity(tx, { estateId, actorId: access.user.id, action: 'disposition.appraised', entity: 'item', entityId: itemId, field: 'value', from: item.value, to: { value, currency: body.currency ?? item.currency, note: body.note ?? before.appraisalNote } });
  });
  return finish(ctx, access, itemId);
}

/** `PUT …/items/:iid/sale` (seller, buyer or trustee): the sale of an item marked "sell". */
export async function recordSale(ctx: AppContext, access: EstateAccess, itemId: string, body: SaleBody) {
  const estateId = access.estate.id;
  await ctx.db.transaction(async (tx) => {
    await recheckAccess(tx, access, 'disposition.sale');
    const item = await lockedItem(tx, estateId, itemId);
    const before = await current(tx, estateId, itemId);
    if (before?.disposition !== 'sell') {
      throw new AppError('conflict', `${itemLabel(item.number)} is not marked to be sold, so no sale can be recorded for it.`);
    }
    const now = ctx.now();
    const sale = {
      salePrice: body.price.toFixed(2),
      saleCurrency: body.currency ?? item.currency,
      soldAt: body.soldAt ? new Date(body.soldAt) : now,
      buyer: body.buyer ?? before.buyer,
      saleNote: body.note ?? before.saleNote,
      saleRecordedBy: access.user.id,
      updatedAt: now,
    };
    await tx.update(dispositions).set(sale).where(inEstate(dispositions, estateId, eq(dispositions.itemId, itemId)));
    await tx.update(items).set({ version: sql`${items.version} + 1`, updatedAt: now }).where(inEstate(items, estateId, eq(items.id, itemId)));
    await recordActivity(tx, { estateId, actorId: access.user.id, action: 'disposition.sold', entity: 'item', entityId: itemId, field: 'sale', from: before.salePrice, to: { price: sale.salePrice, currency: sale.saleCurrency, soldAt: sale.soldAt.toISOString() } });
  });
  return finish(ctx, access, itemId);
}
