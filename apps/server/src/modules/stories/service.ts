/**
 * Stories behind the things (issue 34; api.md "Stories and offline creation"): any member tells
 * an item's story, in words, as a voice recording, or both, in every stage until the estate is
 * closed (the policy refuses writes at 99). Every member reads every story alike: a story is never
 * a way to lobby, so nothing about it depends on who reads it but the "remove" button.
 */
import { and, asc, eq } from 'drizzle-orm';
import { can } from '@estate/domain/permissions';
import { AUDIO_CONTENT_TYPES, STORY_LIMITS, checkStory, type AudioKind } from '@estate/domain/stories';
import type { Story } from '@estate/domain/schemas/stories';
import { items, stories, users } from '../../db/schema.js';
import type { Db } from '../../db/client.js';
import { recordActivity } from '../../platform/activity.js';
import type { EstateAccess } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound, says } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { inEstate } from '../../platform/tenancy.js';

export type StoryUpload = { text?: string; audio?: Buffer; declaredSeconds?: number };

const MB = 1024 * 1024;

type StoryRow = typeof stories.$inferSelect & { firstName: string | null; lastName: string | null };

function toStory(ctx: AppContext, access: EstateAccess, row: StoryRow): Story {
  return {
    id: row.id,
    itemId: row.itemId,
    authorId: row.authorId,
    authorName: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim(),
    text: row.text,
    ...(row.audioKey ? { audioUrl: ctx.fileUrls.storyAudioUrl(row.estateId, row.id, ctx.now()) } : {}),
    ...(row.durationSeconds !== null ? { durationSeconds: row.durationSeconds } : {}),
    createdAt: row.createdAt.toISOString(),
    removable: can('story.remove', { roles: access.roles, stage: access.stage }, { addedByCaller: row.authorId === access.user.id }),
  };
}

async function readStories(db: Db, estateId: string, itemId: string, storyId?: string): Promise<StoryRow[]> {
  const rows = await db
    .select({ s: stories, firstName: users.firstName, lastName: users.lastName })
    .from(stories)
    .innerJoin(users, eq(users.id, stories.authorId))
    .where(inEstate(stories, estateId, eq(stories.itemId, itemId), storyId ? eq(stories.id, storyId) : undefined))
    .orderBy(asc(stories.createdAt), asc(stories.id));
  return rows.map((r) => ({ ...r.s, firstName: r.firstName, lastName: r.lastName }));
}

async function requireItem(db: Db, estateId: string, itemId: string) {
  const [item] = await db.select({ id: items.id }).from(items).where(inEstate(items, estateId, eq(items.id, itemId)));
  if (!item) throw notFound('That item');
}

/** An item's stories, oldest first: the same list for every member. */
export async function listStories(ctx: AppContext, access: EstateAccess, itemId: string): Promise<Story[]> {
  await requireItem(ctx.db, access.estate.id, itemId);
  return (await readStories(ctx.db, access.estate.id, itemId)).map((row) => toStory(ctx, access, row));
}

/** Refuses what may not be kept: nothing told, a text too long, bytes that are not audio, too long or too large. */
function checked(upload: StoryUpload): { kind?: AudioKind; seconds?: number } {
  const check = checkStory(upload);
  if (check.ok) return check;
  switch (check.problem) {
    case 'empty':
      throw new AppError('validation_failed', says('stories.empty'), { text: says('stories.empty') });
    case 'textTooLong':
      throw new AppError('validation_failed', says('stories.textTooLong', { max: STORY_LIMITS.textChars }), { text: says('stories.textTooLong', { max: STORY_LIMITS.textChars }) });
    case 'notAudio':
      throw new AppError('unsupported_type', says('stories.notAudio'), { audio: says('stories.notAudio') });
    case 'tooLarge':
      throw new AppError('too_large', says('stories.tooLarge', { max: STORY_LIMITS.bytes / MB }), { audio: says('stories.tooLarge', { max: STORY_LIMITS.bytes / MB }) });
    case 'tooLong':
      throw new AppError('too_large', says('stories.tooLong'), { audio: says('stories.tooLong') });
  }
}

/** Keeps a story: the recording is stored like a photo (by its content), then the row is written. */
export async function addStory(ctx: AppContext, access: EstateAccess, itemId: string, upload: StoryUpload): Promise<Story> {
  const estateId = access.estate.id;
  const { kind, seconds } = checked(upload);
  await requireItem(ctx.db, estateId, itemId);
  const audioKey = upload.audio && kind ? await ctx.storage.put(upload.audio) : null;
  const id = newId();
  const text = upload.text?.trim() || null;
  await ctx.db.transaction(async (tx) => {
    await tx.insert(stories).values({
      id,
      estateId,
      itemId,
      authorId: access.user.id,
      text,
      audioKey,
      audioType: kind ? AUDIO_CONTENT_TYPES[kind] : null,
      audioBytes: upload.audio?.length ?? null,
      durationSeconds: seconds ?? null,
    });
    await recordActivity(tx, { estateId, actorId: access.user.id, action: 'story.added', entity: 'item', entityId: itemId, field: 'stories', to: id });
  });
  const [row] = await readStories(ctx.db, estateId, itemId, id);
  return toStory(ctx, access, row!);
}

/** Removes a story (its author or a trustee: the route's policy). */
export async function removeStory(ctx: AppContext, access: EstateAccess, itemId: string, storyId: string): Promise<void> {
  const estateId = access.estate.id;
  await ctx.db.transaction(async (tx) => {
    const [deleted] = await tx.delete(stories).where(inEstate(stories, estateId, eq(stories.itemId, itemId), eq(stories.id, storyId))).returning({ id: stories.id });
    if (!deleted) throw notFound('That story');
    await recordActivity(tx, { estateId, actorId: access.user.id, action: 'story.removed', entity: 'item', entityId: itemId, field: 'stories', from: storyId });
  });
  // The recording's file may serve another story: the hourly sweep (photos/sweep.ts) removes it.
}

/** The recording's bytes, for a signed link. */
export async function readStoryAudio(ctx: AppContext, estateId: string, storyId: string) {
  const [row] = await ctx.db.select({ key: stories.audioKey, type: stories.audioType }).from(stories).where(inEstate(stories, estateId, and(eq(stories.id, storyId))));
  if (!row?.key) throw notFound('That recording');
  const bytes = await ctx.storage.get(row.key);
  if (!bytes) throw notFound('That recording');
  return { bytes, contentType: row.type ?? 'application/octet-stream' };
}

/** Who told a story, for the policy's "their own" (only read for a member who is not a trustee). */
export async function storyAuthor(db: Db, estateId: string, itemId: string, storyId: string): Promise<string | null> {
  const [row] = await db.select({ by: stories.authorId }).from(stories).where(inEstate(stories, estateId, eq(stories.itemId, itemId), eq(stories.id, storyId)));
  if (!row) throw notFound('That story');
  return row.by;
}
