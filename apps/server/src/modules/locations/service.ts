/** Locations (a house, a storage unit) and their rooms, in the order the family arranges them. */
import { and, asc, count, eq, max } from 'drizzle-orm';
import { items, locations, rooms } from '../../db/schema.js';
import { recordActivity } from '../../platform/activity.js';
import type { EstateAccess } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, says } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { inEstate } from '../../platform/tenancy.js';

export type LocationSettings = { color?: string; subscribed?: boolean; cardCoverImages?: boolean };

const locationNotFound = () => new AppError('not_found', says('items.noLocation'));
const roomNotFound = () => new AppError('not_found', says('items.noRoom'));

type LocationRow = typeof locations.$inferSelect;
type RoomRow = typeof rooms.$inferSelect;

const toLocation = (r: LocationRow, itemCount = 0, roomCount = 0) => ({
  id: r.id,
  name: r.name,
  position: r.position,
  settings: { color: '#5b7083', subscribed: false, cardCoverImages: true, ...(r.settings as LocationSettings) },
  itemCount,
  roomCount,
  createdBy: r.createdBy,
});
const toRoom = (r: RoomRow, itemCount = 0) => ({ id: r.id, locationId: r.locationId, name: r.name, position: r.position, itemCount, createdBy: r.createdBy });

export async function listLocations(ctx: AppContext, estateId: string) {
  const rows = await ctx.db.select().from(locations).where(inEstate(locations, estateId)).orderBy(asc(locations.position), asc(locations.id));
  const itemCounts = await ctx.db.select({ id: items.locationId, n: count() }).from(items).where(inEstate(items, estateId)).groupBy(items.locationId);
  const roomCounts = await ctx.db.select({ id: rooms.locationId, n: count() }).from(rooms).where(inEstate(rooms, estateId)).groupBy(rooms.locationId);
  const byId = (list: { id: string | null; n: number }[]) => new Map(list.map((c) => [c.id, c.n]));
  const ic = byId(itemCounts);
  const rc = byId(roomCounts);
  return rows.map((r) => toLocation(r, ic.get(r.id) ?? 0, rc.get(r.id) ?? 0));
}

export async function getLocation(ctx: AppContext, estateId: string, locationId: string): Promise<LocationRow> {
  const [row] = await ctx.db.select().from(locations).where(inEstate(locations, estateId, eq(locations.id, locationId)));
  if (!row) throw locationNotFound();
  return row;
}

export async function createLocation(ctx: AppContext, access: EstateAccess, body: { name: string; settings?: LocationSettings | undefined }) {
  const estateId = access.estate.id;
  return ctx.db.transaction(async (tx) => {
    const [last] = await tx.select({ p: max(locations.position) }).from(locations).where(inEstate(locations, estateId));
    const [row] = await tx
      .insert(locations)
      .values({ id: newId(), estateId, name: body.name, position: (last?.p ?? -1) + 1, settings: body.settings ?? {}, createdBy: access.user.id })
      .returning();
    await recordActivity(tx, { estateId, actorId: access.user.id, action: 'location.created', entity: 'location', entityId: row!.id, field: 'name', to: body.name });
    return toLocation(row!);
  });
}

export async function updateLocation(
  ctx: AppContext,
  access: EstateAccess,
  locationId: string,
  body: { name?: string | undefined; position?: number | undefined; settings?: LocationSettings | undefined },
) {
  const estateId = access.estate.id;
  const before = await getLocation(ctx, estateId, locationId);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(locations)
      .set({
        name: body.name ?? before.name,
        position: body.position ?? before.position,
        settings: body.settings ? { ...(before.settings as LocationSettings), ...body.settings } : before.settings,
      })
      .where(inEstate(locations, estateId, eq(locations.id, locationId)))
      .returning();
    if (body.name !== undefined && body.name !== before.name) {
      await recordActivity(tx, { estateId, actorId: access.user.id, action: 'location.renamed', entity: 'location', entityId: locationId, field: 'name', from: before.name, to: body.name });
    }
    return toLocation(row!);
  });
}

export async function deleteLocation(ctx: AppContext, access: EstateAccess, locationId: string) {
  const estateId = access.estate.id;
  const before = await getLocation(ctx, estateId, locationId);
  await ctx.db.transaction(async (tx) => {
    const [held] = await tx.select({ n: count() }).from(items).where(inEstate(items, estateId, eq(items.locationId, locationId)));
    if ((held?.n ?? 0) > 0) {
      throw new AppError('conflict', says('locations.notEmpty', { name: before.name, count: held!.n }));
    }
    await tx.delete(rooms).where(inEstate(rooms, estateId, eq(rooms.locationId, locationId)));
    await tx.delete(locations).where(inEstate(locations, estateId, eq(locations.id, locationId)));
    await recordActivity(tx, { estateId, actorId: access.user.id, action: 'location.deleted', entity: 'location', entityId: locationId, field: 'name', from: before.name });
  });
}

export async function listRooms(ctx: AppContext, estateId: string, locationId: string) {
  await getLocation(ctx, estateId, locationId);
  const rows = await ctx.db.select().from(rooms).where(inEstate(rooms, estateId, eq(rooms.locationId, locationId))).orderBy(asc(rooms.position), asc(rooms.id));
  const counts = await ctx.db
    .select({ id: items.roomId, n: count() })
    .from(items)
    .where(inEstate(items, estateId, eq(items.locationId, locationId)))
    .groupBy(items.roomId);
  const byId = new Map(counts.map((c) => [c.id, c.n]));
  return rows.map((r) => toRoom(r, byId.get(r.id) ?? 0));
}

/** Every room of the estate, location by location (the whole-estate item list names rooms from it). */
export async function listAllRooms(ctx: AppContext, estateId: string) {
  const rows = await ctx.db
    .select({ room: rooms })
    .from(rooms)
    .innerJoin(locations, eq(locations.id, rooms.locationId))
    .where(inEstate(rooms, estateId))
    .orderBy(asc(locations.position), asc(locations.id), asc(rooms.position), asc(rooms.id));
  const counts = await ctx.db.select({ id: items.roomId, n: count() }).from(items).where(inEstate(items, estateId)).groupBy(items.roomId);
  const byId = new Map(counts.map((c) => [c.id, c.n]));
  return rows.map(({ room }) => toRoom(room, byId.get(room.id) ?? 0));
}

export async function getRoom(ctx: AppContext, estateId: string, roomId: string): Promise<RoomRow> {
  const [row] = await ctx.db.select().from(rooms).where(inEstate(rooms, estateId, eq(rooms.id, roomId)));
  if (!row) throw roomNotFound();
  return row;
}

export async function createRoom(ctx: AppContext, access: EstateAccess, locationId: string, name: string) {
  const estateId = access.estate.id;
  await getLocation(ctx, estateId, locationId);
  return ctx.db.transaction(async (tx) => {
    const [last] = await tx.select({ p: max(rooms.position) }).from(rooms).where(inEstate(rooms, estateId, eq(rooms.locationId, locationId)));
    const [row] = await tx.insert(rooms).values({ id: newId(), estateId, locationId, name, position: (last?.p ?? -1) + 1, createdBy: access.user.id }).returning();
    await recordActivity(tx, { estateId, actorId: access.user.id, action: 'room.created', entity: 'room', entityId: row!.id, field: 'name', to: name });
    return toRoom(row!);
  });
}

/**
 * The location's rooms in a new order, all at once: a dropped connection half-way can never leave
 * two rooms in the same place. The list must name every room of the location exactly once.
 */
export async function reorderRooms(ctx: AppContext, access: EstateAccess, locationId: string, roomIds: string[]) {
  const estateId = access.estate.id;
  await getLocation(ctx, estateId, locationId);
  await ctx.db.transaction(async (tx) => {
    const current = await tx.select({ id: rooms.id }).from(rooms).where(inEstate(rooms, estateId, eq(rooms.locationId, locationId))).for('update');
    const known = new Set(current.map((r) => r.id));
    if (roomIds.length !== known.size || new Set(roomIds).size !== roomIds.length || !roomIds.every((id) => known.has(id))) {
      throw new AppError('validation_failed', says('locations.orderRooms'), { roomIds: says('locations.orderRoomsField') });
    }
    for (const [position, id] of roomIds.entries()) {
      await tx.update(rooms).set({ position }).where(inEstate(rooms, estateId, eq(rooms.id, id)));
    }
    await recordActivity(tx, { estateId, actorId: access.user.id, action: 'rooms.reordered', entity: 'location', entityId: locationId, field: 'rooms', to: roomIds });
  });
  return listRooms(ctx, estateId, locationId);
}

/** Rename, move to another location (its items move with it), or change its order. */
export async function updateRoom(
  ctx: AppContext,
  access: EstateAccess,
  roomId: string,
  body: { name?: string | undefined; locationId?: string | undefined; position?: number | undefined },
) {
  const estateId = access.estate.id;
  const before = await getRoom(ctx, estateId, roomId);
  if (body.locationId && body.locationId !== before.locationId) await getLocation(ctx, estateId, body.locationId);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(rooms)
      .set({ name: body.name ?? before.name, locationId: body.locationId ?? before.locationId, position: body.position ?? before.position })
      .where(inEstate(rooms, estateId, eq(rooms.id, roomId)))
      .returning();
    if (body.locationId && body.locationId !== before.locationId) {
      await tx.update(items).set({ locationId: body.locationId }).where(inEstate(items, estateId, eq(items.roomId, roomId)));
      await recordActivity(tx, { estateId, actorId: access.user.id, action: 'room.moved', entity: 'room', entityId: roomId, field: 'locationId', from: before.locationId, to: body.locationId });
    }
    if (body.name !== undefined && body.name !== before.name) {
      await recordActivity(tx, { estateId, actorId: access.user.id, action: 'room.renamed', entity: 'room', entityId: roomId, field: 'name', from: before.name, to: body.name });
    }
    return toRoom(row!);
  });
}

export async function deleteRoom(ctx: AppContext, access: EstateAccess, roomId: string) {
  const estateId = access.estate.id;
  const before = await getRoom(ctx, estateId, roomId);
  await ctx.db.transaction(async (tx) => {
    const [held] = await tx.select({ n: count() }).from(items).where(and(eq(items.estateId, estateId), eq(items.roomId, roomId)));
    if ((held?.n ?? 0) > 0) {
      throw new AppError('conflict', says('locations.roomNotEmpty', { name: before.name, count: held!.n }));
    }
    await tx.delete(rooms).where(inEstate(rooms, estateId, eq(rooms.id, roomId)));
    await recordActivity(tx, { estateId, actorId: access.user.id, action: 'room.deleted', entity: 'room', entityId: roomId, field: 'name', from: before.name });
  });
}
