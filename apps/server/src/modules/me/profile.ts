/**
 * The profile (issue 12): phone and picture; the person's own activity in their estates, as
 * sentences (`@estate/domain/timeline`); the photos they added. Only estates they belong to now
 * are read, and only what they did themselves.
 */
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { MyPhoto, Profile, TimelineEntry } from '@estate/domain/schemas/people';
import { timelineSentence } from '@estate/domain/timeline';
import { activityEvents, estates, items, memberships, photos, users } from '../../db/schema.js';
import type { UserRow } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { processAvatar } from '../../platform/images.js';

export function profileOf(ctx: AppContext, user: Pick<UserRow, 'id' | 'phone' | 'avatarKey'>): Profile {
  return { phone: user.phone, avatarUrl: user.avatarKey ? ctx.fileUrls.avatarUrl(user.id, user.avatarKey, ctx.now()) : null };
}

export async function updateProfile(ctx: AppContext, user: UserRow, body: { phone?: string | undefined }): Promise<Profile> {
  const [updated] = await ctx.db
    .update(users)
    .set({ ...(body.phone !== undefined ? { phone: body.phone } : {}), updatedAt: ctx.now() })
    .where(eq(users.id, user.id))
    .returning();
  return profileOf(ctx, updated!);
}

/** Resized to 256 × 256, upright, without EXIF (platform/images.ts); kept through the storage interface. */
export async function setAvatar(ctx: AppContext, user: UserRow, bytes: Buffer): Promise<Profile> {
  const picture = await processAvatar(bytes);
  const key = await ctx.storage.put(picture);
  const [updated] = await ctx.db.update(users).set({ avatarKey: key, updatedAt: ctx.now() }).where(eq(users.id, user.id)).returning();
  // The old file, if no one else's, goes with the hourly sweep (photos/sweep.ts).
  return profileOf(ctx, updated!);
}

export async function removeAvatar(ctx: AppContext, user: UserRow): Promise<Profile> {
  const [updated] = await ctx.db.update(users).set({ avatarKey: null, updatedAt: ctx.now() }).where(eq(users.id, user.id)).returning();
  return profileOf(ctx, updated!);
}

/** The picture behind a signed URL (the signature was checked by the route). */
export async function readAvatar(ctx: AppContext, userId: string, version: string): Promise<Buffer> {
  const [row] = await ctx.db.select({ key: users.avatarKey }).from(users).where(eq(users.id, userId));
  if (!row?.key || !row.key.startsWith(version)) throw notFound('That picture');
  const bytes = await ctx.storage.get(row.key);
  if (!bytes) throw notFound('That picture');
  return bytes;
}

/** The estates the person belongs to now, by id: their name. */
async function myEstates(ctx: AppContext, userId: string): Promise<Map<string, string>> {
  const rows = await ctx.db
    .select({ id: estates.id, name: estates.name })
    .from(memberships)
    .innerJoin(estates, eq(estates.id, memberships.estateId))
    .where(eq(memberships.userId, userId));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function listTimeline(
  ctx: AppContext,
  user: UserRow,
  cursor: string | undefined,
  limit: number,
): Promise<{ entries: TimelineEntry[]; nextCursor: string | null }> {
  const estateNames = await myEstates(ctx, user.id);
  if (estateNames.size === 0) return { entries: [], nextCursor: null };
  const estateIds = [...estateNames.keys()];
  const rows = await ctx.db
    .select()
    .from(activityEvents)
    .where(and(eq(activityEvents.actorId, user.id), inArray(activityEvents.estateId, estateIds), cursor ? lt(activityEvents.id, cursor) : undefined))
    .orderBy(desc(activityEvents.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const itemIds = [...new Set(page.filter((e) => e.entity === 'item' && e.entityId).map((e) => e.entityId!))].filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  const found =
    itemIds.length === 0
      ? []
      : await ctx.db
          .select({ id: items.id, estateId: items.estateId, number: items.number, name: items.name })
          .from(items)
          .where(and(inArray(items.id, itemIds), inArray(items.estateId, estateIds)));
  const byId = new Map(found.map((i) => [i.id, i]));
  const entries: TimelineEntry[] = [];
  for (const event of page) {
    const item = event.entity === 'item' && event.entityId ? byId.get(event.entityId) : undefined;
    const sentence = timelineSentence(event, item && item.estateId === event.estateId ? item : undefined);
    if (!sentence) continue;
    entries.push({
      id: event.id,
      estateId: event.estateId,
      estateName: estateNames.get(event.estateId) ?? '',
      kind: sentence.kind,
      values: sentence.values,
      path: sentence.itemId ? `/p/${event.estateId}/i/${sentence.itemId}` : null,
      at: event.at.toISOString(),
    });
  }
  return { entries, nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
}

export async function listMyPhotos(
  ctx: AppContext,
  user: UserRow,
  cursor: string | undefined,
  limit: number,
): Promise<{ photos: MyPhoto[]; nextCursor: string | null }> {
  const rows = await ctx.db
    .select({
      id: photos.id,
      estateId: photos.estateId,
      estateName: estates.name,
      itemId: items.id,
      itemName: items.name,
      itemNumber: items.number,
      addedAt: photos.createdAt,
    })
    .from(photos)
    .innerJoin(memberships, and(eq(memberships.estateId, photos.estateId), eq(memberships.userId, user.id)))
    .innerJoin(items, and(eq(items.id, photos.itemId), eq(items.estateId, photos.estateId)))
    .innerJoin(estates, eq(estates.id, photos.estateId))
    .where(and(eq(photos.createdBy, user.id), cursor ? lt(photos.id, cursor) : undefined))
    .orderBy(desc(photos.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const now = ctx.now();
  return {
    photos: page.map((r) => ({
      ...r,
      addedAt: r.addedAt.toISOString(),
      thumbUrl: ctx.fileUrls.photoUrl(r.estateId, r.id, 'thumb', now),
      previewUrl: ctx.fileUrls.photoUrl(r.estateId, r.id, 'preview', now),
    })),
    nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  };
}
