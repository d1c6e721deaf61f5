/** Items: the catalogue's core. Every change is versioned (optimistic locking) and logged. */
import { asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { isStorableText } from '@estate/domain/schemas/text';
import { can } from '@estate/domain/permissions';
import { assignmentDetailFor, seesFullRecords } from '@estate/domain/draw/visibility';
import {
  itemLabel,
  parseItemLabel,
  styleWarnings,
  type createItemBody,
  type updateItemBody,
} from '@estate/domain/items';
import { preparedByText, type Db } from '../../db/client.js';
import { estates, itemLabels, items, labels, locations, photos, rooms } from '../../db/schema.js';
import { recordActivity } from '../../platform/activity.js';
import type { EstateAccess } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound, says } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { findItem, settingsOf } from '../../platform/pool.js';
import { inEstate } from '../../platform/tenancy.js';
import { ITEM_ID, heartedBy, receiverInterestCount } from '../../db/fragments.js';

type ItemRow = typeof items.$inferSelect;
type CreateBody = z.infer<typeof createItemBody>;
/** A catalogue patch, or the hold/release and appraisal changes the item routes make through it. */
type UpdateBody = z.infer<typeof updateItemBody> & { status?: 'unassigned' | 'hold' };

export const SORTS = ['number', '-number', 'name', '-name', 'updated', '-updated'] as const;
export type ListQuery = {
  q?: string | undefined;
  locationId?: string | undefined;
  roomId?: string | undefined;
  category?: string | undefined;
  status?: ItemRow['status'] | undefined;
  highInterest?: boolean | undefined;
  mine?: boolean | undefined;
  noPhoto?: boolean | undefined;
  sort: (typeof SORTS)[number];
  cursor?: string | undefined;
  limit: number;
};

const ITEM_FEATURED = sql.raw('"items"."featured_photo_id"');
const ITEM_NAME = sql.raw('"items"."name"');
const photoCountSql = sql<number>`(select count(*)::int from ${photos} p where p.item_id = ${ITEM_ID})`;
const thumbPhotoSql = sql<
  string | null
>`coalesce(${ITEM_FEATURED}, (select p.id from ${photos} p where p.item_id = ${ITEM_ID} order by p.position, p.id limit 1))`;
/** The item's label names of one kind, in the order the list and detail show them. */
const labelNamesSql = (kind: 'category' | 'tag') =>
  sql<
    string[]
  >`(select coalesce(json_agg(l.name order by lower(l.name)), '[]'::json) from ${itemLabels} il join ${labels} l on l.id = il.label_id
    where il.item_id = ${ITEM_ID} and l.kind = ${kind})`;

function sortKey(sort: ListQuery['sort']) {
  switch (sort) {
    case 'name':
    case '-name':
      return { column: sql`lower(${items.name})`, value: (r: ItemRow) => r.name.toLowerCase() };
    case 'updated':
    case '-updated':
      return { column: sql`${items.updatedAt}`, value: (r: ItemRow) => r.updatedAt.toISOString() };
    default:
      return { column: sql`${items.number}`, value: (r: ItemRow) => r.number };
  }
}

/**
 * A page cursor is `[sort value, item id]`, base64url JSON; what the value is depends on the sort.
 * One from another sort, edited by hand or cut short is refused (400 naming `cursor`), never sent
 * to the database.
 */
const CURSOR_VALUE = {
  number: z.number().int().min(0).max(2_147_483_647),
  name: z.string().max(400).refine(isStorableText),
  updated: z.iso.datetime(),
} as const;

function decodeCursor(cursor: string, sort: ListQuery['sort']): [string | number, string] {
  const kind = sort.replace(/^-/, '') as keyof typeof CURSOR_VALUE;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  const parsed = z.tuple([CURSOR_VALUE[kind], z.uuid()]).safeParse(decoded);
  if (parsed.success) return parsed.data;
  throw new AppError('validation_failed', says('items.cursor'), {
    cursor: says('items.cursorField'),
  });
}

/** Who may see an assignment before results are published (stage 40): trustees, observers, and the receiver. */
function canSeeAssignment(access: EstateAccess, row: ItemRow): boolean {
  return can('assignment.viewAll', access) || row.assignedTo === access.user.id;
}

function filters(access: EstateAccess, query: ListQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const number = parseItemLabel(query.q);
    conditions.push(
      or(
        ilike(items.name, pattern),
        ilike(items.notes, pattern),
        ...(number !== undefined ? [eq(items.number, number)] : []),
      )!,
    );
  }
  if (query.locationId) conditions.push(eq(items.locationId, query.locationId));
  if (query.roomId) conditions.push(eq(items.roomId, query.roomId));
  if (query.status) conditions.push(eq(items.status, query.status));
  if (query.highInterest !== undefined) conditions.push(eq(items.highInterest, query.highInterest));
  if (query.noPhoto) conditions.push(sql`not exists(select 1 from ${photos} p where p.item_id = ${ITEM_ID})`);
  if (query.category) {
    // Through the label's id (one index lookup), not a join per item.
    conditions.push(sql`${ITEM_ID} in (select il.item_id from ${itemLabels} il where il.label_id in (
      select l.id from ${labels} l where l.estate_id = ${access.estate.id} and l.kind = 'category' and lower(l.name) = lower(${query.category})))`);
  }
  if (query.mine) conditions.push(or(heartedBy(access.user.id), eq(items.assignedTo, access.user.id))!);
  return conditions;
}

/** A page of the list as this caller sees it; repeated reads between writes come from the read cache. */
export function listItems(ctx: AppContext, access: EstateAccess, query: ListQuery) {
  return ctx.reads.get(
    `items:${access.user.id}:${access.estate.id}:${JSON.stringify(query)}`,
    () => loadItemList(ctx, access, query),
    access.estate.id,
  );
}

async function loadItemList(ctx: AppContext, access: EstateAccess, query: ListQuery) {
  const estateId = access.estate.id;
  const conditions = filters(access, query);
  const key = sortKey(query.sort);
  const descending = query.sort.startsWith('-');
  const pageConditions = [...conditions];
  if (query.cursor) {
    const [value, id] = decodeCursor(query.cursor, query.sort);
    pageConditions.push(
      descending
        ? sql`(${key.column}, ${items.id}) < (${value}, ${id})`
        : sql`(${key.column}, ${items.id}) > (${value}, ${id})`,
    );
  }
  // The total rides along in the same statement (an uncorrelated subquery, counted once; inside it
  // "items" is the subquery's own table, so the same conditions apply to it).
  const totalSql = sql<number>`(select count(*)::int from ${items} where ${inEstate(items, estateId, ...conditions)})`;
  const rows = await preparedByText(
    ctx.db
      .select({
        item: items,
        interestCount: receiverInterestCount,
        interested: heartedBy(access.user.id),
        photoCount: photoCountSql,
        thumbPhotoId: thumbPhotoSql,
        categories: labelNamesSql('category'),
        total: totalSql,
      })
      .from(items)
      .where(inEstate(items, estateId, ...pageConditions))
      .orderBy(descending ? desc(key.column) : asc(key.column), descending ? desc(items.id) : asc(items.id))
      .limit(query.limit + 1),
  );
  // An empty page past a cursor says nothing of the total: only then is it counted on its own.
  const total =
    rows[0]?.total ??
    (query.cursor
      ? ((
          await ctx.db
            .select({ n: count() })
            .from(items)
            .where(inEstate(items, estateId, ...conditions))
        )[0]?.n ?? 0)
      : 0);
  const page = rows.slice(0, query.limit);
  const now = ctx.now();
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      id: r.item.id,
      number: r.item.number,
      label: itemLabel(r.item.number),
      name: r.item.name,
      locationId: r.item.locationId,
      roomId: r.item.roomId,
      categories: r.categories,
      status: r.item.status,
      distribution: r.item.distribution,
      highInterest: r.item.highInterest,
      value: r.item.value,
      currency: r.item.currency,
      photoCount: r.photoCount,
      thumbUrl: r.thumbPhotoId ? ctx.fileUrls.photoUrl(estateId, r.thumbPhotoId, 'thumb', now) : null,
      interestCount: r.interestCount,
      interested: r.interested,
      assignedTo: canSeeAssignment(access, r.item) ? r.item.assignedTo : null,
      version: r.item.version,
      updatedAt: r.item.updatedAt.toISOString(),
    })),
    nextCursor:
      rows.length > query.limit && last
        ? Buffer.from(JSON.stringify([key.value(last.item), last.item.id])).toString('base64url')
        : null,
    total,
  };
}

type PhotoRef = { id: string; width: number; height: number };

/**
 * The item as this caller sees it, in the answer's envelope; repeated reads between writes come
 * from the read cache (and, being the same object, are serialised once).
 */
export function viewItem(ctx: AppContext, access: EstateAccess, itemId: string) {
  return ctx.reads.get(
    `item:${access.user.id}:${access.estate.id}:${itemId}`,
    async () => ({ item: await loadItem(ctx, access, itemId) }),
    access.estate.id,
  );
}

export async function getItem(ctx: AppContext, access: EstateAccess, itemId: string) {
  return (await viewItem(ctx, access, itemId)).item;
}

/** One query for everything the detail shows (this is the most-read page after the list). */
async function loadItem(ctx: AppContext, access: EstateAccess, itemId: string) {
  const estateId = access.estate.id;
  const [found] = await preparedByText(
    ctx.db
      .select({
        item: items,
        interestCount: receiverInterestCount,
        interested: heartedBy(access.user.id),
        categories: labelNamesSql('category'),
        tags: labelNamesSql('tag'),
        photos: sql<
          PhotoRef[]
        >`(select coalesce(json_agg(json_build_object('id', p.id, 'width', p.width, 'height', p.height) order by p.position, p.id), '[]'::json)
        from ${photos} p where p.item_id = ${ITEM_ID})`,
        sameName: sql<
          string | null
        >`(select o.name from ${items} o where o.estate_id = ${estateId} and o.id <> ${ITEM_ID} and lower(o.name) = lower(${ITEM_NAME}) limit 1)`,
      })
      .from(items)
      .where(inEstate(items, estateId, eq(items.id, itemId))),
  );
  if (!found) throw notFound('That item');
  const { item: row, categories, tags, photos: photoRows } = found;
  const now = ctx.now();
  const showAssignment = canSeeAssignment(access, row);
  return {
    id: row.id,
    number: row.number,
    label: itemLabel(row.number),
    name: row.name,
    notes: row.notes,
    locationId: row.locationId,
    roomId: row.roomId,
    categories,
    tags,
    giver: row.giver,
    owners: row.owners,
    brand: row.brand,
    model: row.model,
    year: row.year,
    value: row.value,
    currency: row.currency,
    distribution: row.distribution,
    status: row.status,
    highInterest: row.highInterest,
    highInterestSource: row.highInterestSource,
    assignment:
      showAssignment && row.assignedTo
        ? {
            memberId: row.assignedTo,
            reason: row.assignmentReason,
            step: row.assignmentStep,
            // Someone else's rank, round, pick or tokens only with full records (distribution.md, "Privacy of inputs").
            detail: assignmentDetailFor(row.assignmentDetail, {
              own: row.assignedTo === access.user.id,
              full: seesFullRecords(access, settingsOf(access.estate.settings).publishFullRecords),
            }),
            at: row.assignedAt?.toISOString() ?? null,
          }
        : null,
    unwantedOutcome: row.unwantedOutcome,
    featuredPhotoId: row.featuredPhotoId ?? photoRows[0]?.id ?? null,
    photos: photoRows.map((p) => ({
      id: p.id,
      width: p.width,
      height: p.height,
      thumbUrl: ctx.fileUrls.photoUrl(estateId, p.id, 'thumb', now),
      previewUrl: ctx.fileUrls.photoUrl(estateId, p.id, 'preview', now),
      originalUrl: ctx.fileUrls.photoUrl(estateId, p.id, 'original', now),
    })),
    interestCount: found.interestCount,
    interested: found.interested,
    warnings: styleWarnings(
      { name: row.name, categories, giver: row.giver, brand: row.brand, model: row.model },
      { photoCount: photoRows.length, otherNames: found.sameName === null ? [] : [found.sameName] },
    ),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Checks the room belongs to the location (and the estate); a room alone implies its location. */
async function placement(db: Db, estateId: string, locationId: string | null, roomId: string | null) {
  if (!roomId) {
    if (locationId) {
      const [loc] = await db
        .select({ id: locations.id })
        .from(locations)
        .where(inEstate(locations, estateId, eq(locations.id, locationId)));
      if (!loc)
        throw new AppError('validation_failed', says('items.noLocation'), {
          locationId: says('items.noLocation'),
        });
    }
    return { locationId, roomId: null };
  }
  const [room] = await db
    .select()
    .from(rooms)
    .where(inEstate(rooms, estateId, eq(rooms.id, roomId)));
  if (!room)
    throw new AppError('validation_failed', says('items.noRoom'), {
      roomId: says('items.noRoom'),
    });
  if (locationId && room.locationId !== locationId) {
    throw new AppError('validation_failed', says('items.roomElsewhere'), {
      roomId: says('items.roomElsewhere'),
    });
  }
  return { locationId: room.locationId, roomId };
}

/** Label names → ids, creating names the estate does not have yet (case-insensitive). */
async function ensureLabels(
  db: Db,
  estateId: string,
  kind: 'category' | 'tag',
  names: string[],
): Promise<string[]> {
  const firstSpelling = new Map<string, string>();
  for (const n of names)
    if (!firstSpelling.has(n.trim().toLowerCase())) firstSpelling.set(n.trim().toLowerCase(), n.trim());
  const unique = [...firstSpelling.values()];
  if (unique.length === 0) return [];
  await db
    .insert(labels)
    .values(unique.map((name) => ({ id: newId(), estateId, kind, name })))
    .onConflictDoNothing();
  const rows = await db
    .select({ id: labels.id })
    .from(labels)
    .where(
      inEstate(
        labels,
        estateId,
        eq(labels.kind, kind),
        inArray(
          sql`lower(${labels.name})`,
          unique.map((n) => n.toLowerCase()),
        ),
      ),
    );
  return rows.map((r) => r.id);
}

async function setLabels(
  db: Db,
  estateId: string,
  itemId: string,
  categories: string[] | undefined,
  tags: string[] | undefined,
) {
  for (const [kind, names] of [
    ['category', categories],
    ['tag', tags],
  ] as const) {
    if (names === undefined) continue;
    const ids = await ensureLabels(db, estateId, kind, names);
    await db.execute(
      sql`delete from ${itemLabels} il using ${labels} l where il.label_id = l.id and il.item_id = ${itemId} and l.kind = ${kind}`,
    );
    if (ids.length > 0)
      await db.insert(itemLabels).values(ids.map((labelId) => ({ estateId, itemId, labelId })));
  }
}

const valueText = (v: number | null | undefined) => (v === null || v === undefined ? null : v.toFixed(2));

export async function createItem(ctx: AppContext, access: EstateAccess, body: CreateBody) {
  const estateId = access.estate.id;
  const id = newId();
  await ctx.db.transaction(async (tx) => {
    const place = await placement(tx, estateId, body.locationId, body.roomId);
    const [seq] = await tx
      .update(estates)
      .set({ itemSeq: sql`${estates.itemSeq} + 1` })
      .where(eq(estates.id, estateId))
      .returning({ n: estates.itemSeq });
    const { categories, tags, value, ...fields } = body;
    await tx.insert(items).values({
      ...fields,
      ...place,
      value: valueText(value),
      id,
      estateId,
      number: seq!.n,
      createdBy: access.user.id,
    });
    await setLabels(tx, estateId, id, categories, tags);
    await recordActivity(tx, {
      estateId,
      actorId: access.user.id,
      action: 'item.created',
      entity: 'item',
      entityId: id,
      field: 'name',
      to: body.name,
    });
  });
  await ctx.events.publish({ type: 'item', estateId, data: { itemId: id, change: 'created' } });
  return getItem(ctx, access, id);
}

/** The version from `If-Match` ("3", "\"3\"" or W/"3"); missing → 428. */
export function parseIfMatch(header: string | undefined): number {
  if (!header) throw new AppError('version_required', says('items.versionRequired'));
  const match = /^(?:W\/)?"?(\d+)"?$/.exec(header.trim());
  if (!match)
    throw new AppError('validation_failed', says('items.ifMatch'), {
      'If-Match': says('items.ifMatchField'),
    });
  return Number(match[1]);
}

const TRACKED: (keyof ItemRow)[] = [
  'name',
  'notes',
  'locationId',
  'roomId',
  'giver',
  'owners',
  'brand',
  'model',
  'year',
  'value',
  'currency',
  'distribution',
  'status',
  'featuredPhotoId',
];

export async function updateItem(
  ctx: AppContext,
  access: EstateAccess,
  itemId: string,
  version: number,
  body: UpdateBody,
) {
  const estateId = access.estate.id;
  await ctx.db.transaction(async (tx) => {
    const before = await findItem(tx, estateId, itemId);
    if (before.version !== version) {
      throw new AppError('version_mismatch', says('items.changedMeanwhile'));
    }
    if (body.status && !['unassigned', 'hold'].includes(before.status)) {
      throw new AppError('conflict', {
        reason: 'items.notHoldable',
        params: { status: before.status },
        english: `This item is ${before.status}; only unassigned items can be put on hold or released.`,
      });
    }
    if (body.featuredPhotoId) {
      const [photo] = await tx
        .select({ id: photos.id })
        .from(photos)
        .where(inEstate(photos, estateId, eq(photos.itemId, itemId), eq(photos.id, body.featuredPhotoId)));
      if (!photo)
        throw new AppError('validation_failed', says('items.photoNotHere'), {
          featuredPhotoId: says('items.photoNotHereField'),
        });
    }
    const movesPlace = body.locationId !== undefined || body.roomId !== undefined;
    const place = movesPlace
      ? await placement(
          tx,
          estateId,
          body.locationId !== undefined ? body.locationId : body.roomId ? null : before.locationId,
          body.roomId !== undefined ? body.roomId : null,
        )
      : {};
    const { categories, tags, value, ...fields } = body;
    const next = { ...fields, ...place, ...(value !== undefined ? { value: valueText(value) } : {}) };
    // The version check is in the WHERE clause too: two racing edits cannot both win.
    const [updated] = await tx
      .update(items)
      .set({ ...next, version: sql`${items.version} + 1`, updatedAt: ctx.now() })
      .where(inEstate(items, estateId, eq(items.id, itemId), eq(items.version, version)))
      .returning();
    if (!updated) throw new AppError('version_mismatch', says('items.changedMeanwhile'));
    await setLabels(tx, estateId, itemId, categories, tags);
    const changes = [
      ...TRACKED.filter((field) => field in next && before[field] !== updated[field]).map((field) => ({
        field,
        from: before[field],
        to: updated[field],
      })),
      ...(categories ? [{ field: 'categories', to: categories }] : []),
      ...(tags ? [{ field: 'tags', to: tags }] : []),
    ];
    for (const change of changes) {
      await recordActivity(tx, {
        estateId,
        actorId: access.user.id,
        action: 'item.updated',
        entity: 'item',
        entityId: itemId,
        ...change,
      });
    }
  });
  await ctx.events.publish({ type: 'item', estateId, data: { itemId, change: 'updated' } });
  return getItem(ctx, access, itemId);
}

export async function deleteItem(ctx: AppContext, access: EstateAccess, itemId: string) {
  const estateId = access.estate.id;
  await ctx.db.transaction(async (tx) => {
    const before = await findItem(tx, estateId, itemId);
    if (before.status === 'assigned' || before.status === 'handed-over') {
      throw new AppError('conflict', says('items.assignedNoDelete'));
    }
    await tx.delete(items).where(inEstate(items, estateId, eq(items.id, itemId)));
    await recordActivity(tx, {
      estateId,
      actorId: access.user.id,
      action: 'item.deleted',
      entity: 'item',
      entityId: itemId,
      field: 'name',
      from: `${itemLabel(before.number)} ${before.name}`,
    });
  });
  await ctx.events.publish({ type: 'item', estateId, data: { itemId, change: 'deleted' } });
}

export async function listLabels(ctx: AppContext, estateId: string) {
  const rows = await ctx.db
    .select({ kind: labels.kind, name: labels.name })
    .from(labels)
    .where(inEstate(labels, estateId))
    .orderBy(asc(sql`lower(${labels.name})`));
  return {
    categories: rows.filter((r) => r.kind === 'category').map((r) => r.name),
    tags: rows.filter((r) => r.kind === 'tag').map((r) => r.name),
  };
}
