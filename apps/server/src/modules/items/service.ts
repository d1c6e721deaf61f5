/** Items: the catalogue's core. Every change is versioned (optimistic locking) and logged. */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { isStorableText } from '@estate/domain/schemas/text';
import { can } from '@estate/domain/permissions';
import { assignmentDetailFor, seesFullRecords } from '@estate/domain/draw/visibility';
import { styleWarnings, type createItemBody, type updateItemBody } from '@estate/domain/items';
import { itemLabel, parseItemLabel } from '@estate/domain/item-status';
import { queryTextPrepared, type Db } from '../../db/client.js';
import { estates, itemLabels, items, labels, locations, photos, rooms } from '../../db/schema.js';
import { recordActivity } from '../../platform/activity.js';
import type { EstateAccess } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound, says } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { findItem, settingsOf } from '../../platform/pool.js';
import { inEstate } from '../../platform/tenancy.js';

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
function canSeeAssignment(access: EstateAccess, row: Pick<ItemRow, 'assignedTo'>): boolean {
  return can('assignment.viewAll', access) || row.assignedTo === access.user.id;
}

/** The list's SQL, written as text with `$n` parameters (see `queryTextPrepared`). */
class ListSql {
  readonly params: unknown[] = [];
  /** A new parameter's placeholder. */
  p(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }
}

/** The filters, on `items` as `i` (the caller's estate is added by the caller). */
function filters(sqlText: ListSql, access: EstateAccess, query: ListQuery, withCategory = true): string[] {
  const conditions: string[] = [];
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const number = parseItemLabel(query.q);
    const p = sqlText.p(pattern);
    conditions.push(
      // The name, the notes, the number ("A-0012", "12") and the room it stands in ("kitchen").
      `(i.name ilike ${p} or i.notes ilike ${p} or i.room_id in (select r.id from rooms r where r.estate_id = i.estate_id and r.name ilike ${p})${number !== undefined ? ` or i.number = ${sqlText.p(number)}::int` : ''})`,
    );
  }
  if (query.locationId) conditions.push(`i.location_id = ${sqlText.p(query.locationId)}::uuid`);
  if (query.roomId) conditions.push(`i.room_id = ${sqlText.p(query.roomId)}::uuid`);
  if (query.status) conditions.push(`i.status = ${sqlText.p(query.status)}`);
  if (query.highInterest !== undefined) conditions.push(`i.high_interest = ${sqlText.p(query.highInterest)}::boolean`);
  if (query.noPhoto) conditions.push('not exists(select 1 from photos ph where ph.item_id = i.id)');
  if (query.category && withCategory)
    conditions.push(`i.id in (select il.item_id from item_labels il where il.label_id in (${categoryLabel(sqlText, access, query.category)}))`);
  if (query.mine) {
    const me = sqlText.p(access.user.id);
    conditions.push(`(exists(select 1 from interests h where h.item_id = i.id and h.member_id = ${me}::uuid) or i.assigned_to = ${me}::uuid)`);
  }
  return conditions;
}

/** The estate's category label of that name (case-insensitive: at most one). */
function categoryLabel(sqlText: ListSql, access: EstateAccess, name: string): string {
  return `select l.id from labels l where l.estate_id = ${sqlText.p(access.estate.id)}::uuid and l.kind = 'category' and lower(l.name) = lower(${sqlText.p(name)})`;
}

/**
 * The list's total without counting where a kept count says it (`item_counts`, migration 0016): a
 * category alone is its label's count, no filter the estate's. Other filters count their matches.
 */
function totalSql(sqlText: ListSql, access: EstateAccess, query: ListQuery): string {
  // Its own parameters: every parameter made must be used (PostgreSQL cannot type one that is not).
  const others =
    query.q || query.locationId || query.roomId || query.status || query.highInterest !== undefined || query.mine || query.noPhoto;
  if (!others) {
    const key = query.category ? `(${categoryLabel(sqlText, access, query.category)})` : `${sqlText.p(access.estate.id)}::uuid`;
    return `coalesce((select n.items from item_counts n where n.key = ${key}), 0)`;
  }
  const estate = `${sqlText.p(access.estate.id)}::uuid`;
  return `(select count(*)::int from items i where i.estate_id = ${estate} and ${filters(sqlText, access, query).join(' and ')})`;
}

type ListRow = {
  /** The item's fields that need nothing from the server, as JSON text (`LIST_ITEM_JSON`). */
  item: string;
  id: string;
  number: number;
  /** The sort's value for this row, for the next page's cursor (an `updated` sort's to the microsecond). */
  sort_key: string | number;
  thumb_photo_id: string | null;
  assigned_to: string | null;
  total: number | null;
};

/** A timestamp as SQL text in `Date.prototype.toISOString`'s form: cut to the millisecond (`MS`) or the microsecond (`US`). */
const isoUtc = (column: string, fraction: 'MS' | 'US' = 'MS') =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.${fraction}"Z"')`;

/**
 * An entry of the list as PostgreSQL writes it, as JSON text: parsing twenty columns of fifty rows
 * into objects and writing them out again was most of the server's time on an uncached page (ADR
 * 0023). The server adds what it alone knows: the label, the signed thumbnail link and whether the
 * caller may see the assignment.
 */
const LIST_ITEM_JSON = `json_build_object(
  'id', p.id, 'number', p.number, 'name', p.name, 'locationId', p.location_id, 'roomId', p.room_id,
  'categories', coalesce(s.categories, '[]'::jsonb), 'status', p.status, 'distribution', p.distribution,
  'highInterest', p.high_interest, 'value', p.value::text, 'currency', p.currency,
  'photoCount', coalesce(s.photo_count, 0), 'interestCount', coalesce(s.interest_count, 0),
  'interested', h.item_id is not null, 'version', p.version, 'updatedAt', ${isoUtc('p.updated_at')}
)::text`;

const SORT_SQL = {
  number: (t: string) => `${t}.number`,
  name: (t: string) => `lower(${t}.name)`,
  updated: (t: string) => `${t}.updated_at`,
} as const;

/**
 * A page of the list as this caller sees it, as the answer's JSON text (`itemsPageAnswer`);
 * repeated reads between writes come from the read cache.
 */
export function listItems(ctx: AppContext, access: EstateAccess, query: ListQuery): Promise<string> {
  return ctx.reads.get(
    `items:${access.user.id}:${access.estate.id}:${JSON.stringify(query)}`,
    () => loadItemList(ctx, access, query),
    access.estate.id,
  );
}

/**
 * One statement: the page's items by an index range (filter, sort, limit), then each of the page's
 * rows joined by key to its summary (counts, first photo, category names: `item_summaries`, kept by
 * triggers) and the caller's own heart; the total rides along (`totalSql`).
 */
async function loadItemList(ctx: AppContext, access: EstateAccess, query: ListQuery) {
  const estateId = access.estate.id;
  const q = new ListSql();
  const kind = query.sort.replace(/^-/, '') as keyof typeof SORT_SQL;
  const descending = query.sort.startsWith('-');
  const direction = descending ? 'desc' : 'asc';
  // A category in number order (the default) walks the category's links in number order
  // (`item_labels_label_number_idx`) and stops at the page's end; other sorts filter, then sort.
  const viaLinks = query.category !== undefined && kind === 'number';
  const key = viaLinks ? (t: string) => (t === 'i' ? 'il.item_number' : `${t}.number`) : SORT_SQL[kind];
  const id = viaLinks ? 'il.item_id' : 'i.id';
  const pageConditions = [`i.estate_id = ${q.p(estateId)}::uuid`, ...filters(q, access, query, !viaLinks)];
  if (viaLinks) pageConditions.push(`il.label_id = (${categoryLabel(q, access, query.category!)})`);
  if (query.cursor) {
    const [value, cursorId] = decodeCursor(query.cursor, query.sort);
    const cast = kind === 'number' ? '::int' : kind === 'updated' ? '::timestamptz' : '::text';
    pageConditions.push(`(${key('i')}, ${id}) ${descending ? '<' : '>'} (${q.p(value)}${cast}, ${q.p(cursorId)}::uuid)`);
  }
  const limit = q.p(query.limit + 1);
  const from = viaLinks ? 'item_labels il join items i on i.id = il.item_id' : 'items i';
  const me = q.p(access.user.id);
  const total = totalSql(q, access, query);
  const sortKey = kind === 'updated' ? isoUtc('p.updated_at', 'US') : key('p');
  const text = `select ${LIST_ITEM_JSON} as item, p.id, p.number, ${sortKey} as sort_key,
  coalesce(p.featured_photo_id, s.first_photo_id) as thumb_photo_id, p.assigned_to,
  ${total} as total
from (select i.* from ${from} where ${pageConditions.join(' and ')} order by ${key('i')} ${direction}, ${id} ${direction} limit ${limit}) p
left join lateral (select * from item_summaries s where s.item_id = p.id) s on true
left join lateral (select h.item_id from interests h where h.item_id = p.id and h.member_id = ${me}::uuid limit 1) h on true
order by ${key('p')} ${direction}, p.id ${direction}`;
  const rows = await queryTextPrepared<ListRow>(ctx.db, text, q.params);
  const page = rows.slice(0, query.limit);
  // An empty page past a cursor says nothing of the total: only then is it counted on its own.
  let totalCount = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.cursor) {
    const c = new ListSql();
    const where = [`i.estate_id = ${c.p(estateId)}::uuid`, ...filters(c, access, query)].join(' and ');
    const [counted] = await queryTextPrepared<{ n: number }>(ctx.db, `select count(*)::int as n from items i where ${where}`, c.params);
    totalCount = counted?.n ?? 0;
  }
  const now = ctx.now();
  const last = page.at(-1);
  // Asked once a page, not once an item: the caller's roles are the same for every row.
  const seesEveryAssignment = can('assignment.viewAll', access);
  const entries = page.map((r) => {
    const thumbUrl = r.thumb_photo_id ? ctx.fileUrls.photoUrl(estateId, r.thumb_photo_id, 'thumb', now) : null;
    const assignedTo = seesEveryAssignment || r.assigned_to === access.user.id ? r.assigned_to : null;
    return `{"label":${JSON.stringify(itemLabel(r.number))},"thumbUrl":${JSON.stringify(thumbUrl)},"assignedTo":${JSON.stringify(assignedTo)},${r.item.slice(1)}`;
  });
  const nextCursor =
    rows.length > query.limit && last ? Buffer.from(JSON.stringify([last.sort_key, last.id])).toString('base64url') : null;
  return `{"items":[${entries.join(',')}],"nextCursor":${JSON.stringify(nextCursor)},"total":${totalCount}}`;
}

type PhotoRef = { id: string; width: number; height: number; createdBy: string | null };

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

type DetailRow = Omit<ItemRow, 'estateId' | 'importRef' | 'assignedBy' | 'updatedAt' | 'createdAt' | 'assignedAt'> & {
  createdAt: Date;
  updatedAt: Date;
  assignedAt: Date | null;
  interestCount: number;
  interested: boolean;
  categories: string[];
  tags: string[];
  photos: PhotoRef[];
  sameName: string | null;
};

/** The item's columns the detail shows, its summary (counts, names), the caller's heart, its photos, a same-named item. */
const DETAIL_SQL = `select i.id, i.number, i.name, i.notes, i.location_id as "locationId", i.room_id as "roomId", i.giver, i.owners,
  i.brand, i.model, i.year, i.value::text as value, i.currency, i.distribution, i.status, i.high_interest as "highInterest",
  i.high_interest_source as "highInterestSource", i.assigned_to as "assignedTo", i.assignment_reason as "assignmentReason",
  i.assignment_step as "assignmentStep", i.assignment_detail as "assignmentDetail", i.assigned_at as "assignedAt",
  i.unwanted_outcome as "unwantedOutcome", i.featured_photo_id as "featuredPhotoId", i.version,
  i.created_at as "createdAt", i.updated_at as "updatedAt", i.created_by as "createdBy",
  coalesce(s.interest_count, 0) as "interestCount",
  coalesce(s.categories, '[]'::jsonb) as categories, coalesce(s.tags, '[]'::jsonb) as tags,
  exists(select 1 from interests h where h.item_id = i.id and h.member_id = $3::uuid) as interested,
  (select coalesce(json_agg(json_build_object('id', p.id, 'width', p.width, 'height', p.height, 'createdBy', p.created_by) order by p.position, p.id), '[]'::json)
    from photos p where p.item_id = i.id) as photos,
  (select o.name from items o where o.estate_id = $1::uuid and o.id <> i.id and lower(o.name) = lower(i.name) limit 1) as "sameName"
from items i left join item_summaries s on s.item_id = i.id
where i.estate_id = $1::uuid and i.id = $2::uuid`;

/** One query for everything the detail shows (this is the most-read page after the list). */
async function loadItem(ctx: AppContext, access: EstateAccess, itemId: string) {
  const estateId = access.estate.id;
  const [found] = await queryTextPrepared<DetailRow>(ctx.db, DETAIL_SQL, [estateId, itemId, access.user.id]);
  if (!found) throw notFound('That item');
  const { categories, tags, photos: photoRows } = found;
  const row = found;
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
      addedByYou: p.createdBy === access.user.id,
    })),
    interestCount: found.interestCount,
    interested: found.interested,
    addedByYou: row.createdBy === access.user.id,
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
    const { categories, tags, value, currency, ...fields } = body;
    await tx.insert(items).values({
      ...fields,
      // Without one of its own, an item's value is in the estate's currency.
      currency: currency ?? settingsOf(access.estate.settings).currency,
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
