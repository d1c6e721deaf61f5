/** Item photos: processed after upload (see platform/images.ts), ordered, one featured. */
import { and, asc, eq, max } from 'drizzle-orm';
import { PHOTO_LIMITS } from '@estate/domain/uploads';
import { items, photos } from '../../db/schema.js';
import { recordActivity } from '../../platform/activity.js';
import type { EstateAccess } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound, says } from '../../platform/errors.js';
import type { PhotoVariant } from '../../platform/file-urls.js';
import { newId } from '../../platform/ids.js';
import { processPhoto } from '../../platform/images.js';
import { inEstate } from '../../platform/tenancy.js';

export const MAX_PHOTOS_PER_ITEM = PHOTO_LIMITS.perItem;

async function requireItem(ctx: AppContext, estateId: string, itemId: string) {
  const [item] = await ctx.db.select().from(items).where(inEstate(items, estateId, eq(items.id, itemId)));
  if (!item) throw notFound('That item');
  return item;
}

export async function addPhoto(ctx: AppContext, access: EstateAccess, itemId: string, bytes: Buffer) {
  const estateId = access.estate.id;
  await requireItem(ctx, estateId, itemId);
  // Heavy work happens before the transaction, so the database is never held while resizing.
  const image = await processPhoto(bytes);
  const [originalKey, previewKey, thumbKey] = await Promise.all([ctx.storage.put(image.original), ctx.storage.put(image.preview), ctx.storage.put(image.thumb)]);
  const id = newId();
  await ctx.db.transaction(async (tx) => {
    // The item's row locked first: concurrent uploads to one item count and insert one after the
    // other, so the limit holds on PostgreSQL too (16 at once onto 20 photos made 32 without it).
    const [locked] = await tx.select({ id: items.id }).from(items).where(inEstate(items, estateId, eq(items.id, itemId))).for('update');
    // Removed by someone else while the photo was being prepared: reload and try again.
    if (!locked) throw new AppError('conflict', says('code.conflict'));
    const [last] = await tx.select({ p: max(photos.position), n: photos.itemId }).from(photos).where(inEstate(photos, estateId, eq(photos.itemId, itemId))).groupBy(photos.itemId);
    const existing = await tx.select({ id: photos.id }).from(photos).where(inEstate(photos, estateId, eq(photos.itemId, itemId)));
    if (existing.length >= MAX_PHOTOS_PER_ITEM) throw new AppError('conflict', says('photos.tooMany', { max: MAX_PHOTOS_PER_ITEM }));
    await tx.insert(photos).values({
      id,
      estateId,
      itemId,
      position: (last?.p ?? -1) + 1,
      originalKey,
      previewKey,
      thumbKey,
      width: image.width,
      height: image.height,
      bytes: image.original.length,
      createdBy: access.user.id,
    });
    await tx
      .update(items)
      .set({ featuredPhotoId: existing.length === 0 ? id : undefined, updatedAt: ctx.now() })
      .where(inEstate(items, estateId, eq(items.id, itemId)));
    await recordActivity(tx, { estateId, actorId: access.user.id, action: 'photo.added', entity: 'item', entityId: itemId, field: 'photos', to: id });
  });
  const now = ctx.now();
  return {
    id,
    width: image.width,
    height: image.height,
    thumbUrl: ctx.fileUrls.photoUrl(estateId, id, 'thumb', now),
    previewUrl: ctx.fileUrls.photoUrl(estateId, id, 'preview', now),
    originalUrl: ctx.fileUrls.photoUrl(estateId, id, 'original', now),
    addedByYou: true,
  };
}

export async function removePhoto(ctx: AppContext, access: EstateAccess, itemId: string, photoId: string) {
  const estateId = access.estate.id;
  await ctx.db.transaction(async (tx) => {
    const [deleted] = await tx.delete(photos).where(inEstate(photos, estateId, eq(photos.itemId, itemId), eq(photos.id, photoId))).returning();
    if (!deleted) throw notFound('That photo');
    const [item] = await tx.select().from(items).where(inEstate(items, estateId, eq(items.id, itemId)));
    if (item?.featuredPhotoId === photoId) {
      const [next] = await tx.select({ id: photos.id }).from(photos).where(inEstate(photos, estateId, eq(photos.itemId, itemId))).orderBy(asc(photos.position)).limit(1);
      await tx.update(items).set({ featuredPhotoId: next?.id ?? null }).where(inEstate(items, estateId, eq(items.id, itemId)));
    }
    await recordActivity(tx, { estateId, actorId: access.user.id, action: 'photo.removed', entity: 'item', entityId: itemId, field: 'photos', from: photoId });
  });
  // Files are named by content and may serve other photos: the hourly sweep (sweep.ts) removes them.
}

export async function reorderPhotos(ctx: AppContext, access: EstateAccess, itemId: string, photoIds: string[]) {
  const estateId = access.estate.id;
  await ctx.db.transaction(async (tx) => {
    const current = await tx.select({ id: photos.id }).from(photos).where(inEstate(photos, estateId, eq(photos.itemId, itemId)));
    const known = new Set(current.map((p) => p.id));
    if (photoIds.length !== known.size || !photoIds.every((id) => known.has(id))) {
      throw new AppError('validation_failed', says('photos.order'), { photoIds: says('photos.orderField') });
    }
    for (const [position, id] of photoIds.entries()) {
      await tx.update(photos).set({ position }).where(and(eq(photos.estateId, estateId), eq(photos.id, id)));
    }
  });
}

/** The bytes of one variant, for a signed URL. */
export async function readPhoto(ctx: AppContext, estateId: string, photoId: string, variant: PhotoVariant) {
  const [photo] = await ctx.db.select().from(photos).where(inEstate(photos, estateId, eq(photos.id, photoId)));
  if (!photo) throw notFound('That photo');
  const key = variant === 'thumb' ? photo.thumbKey : variant === 'preview' ? photo.previewKey : photo.originalKey;
  const bytes = await ctx.storage.get(key);
  if (!bytes) throw notFound('That photo file');
  return { bytes, contentType: variant === 'original' ? 'image/jpeg' : 'image/webp' };
}
