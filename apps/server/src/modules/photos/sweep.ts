/**
 * Deleted photos leave the disk. Deleting a photo (or its item, or its estate) deletes rows only:
 * files are named by their content, so one file can serve several photos, and an upload writes its
 * files before its row. This sweep removes the files no photo refers to any more, once nobody has
 * written them for an hour, so an upload in progress keeps what it just wrote (an upload that reuses
an old file marks it fresh; the storage's remove re-checks that after moving the file aside).
 */
import { inArray, sql } from 'drizzle-orm';
import { documents, photos, reportFiles, stories, users } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';

const GRACE_MS = 60 * 60_000;
const EVERY_MS = 60 * 60_000;
const BATCH = 500;
let lastRun = 0;

/** The scheduled job: at most once an hour per process. */
export async function sweepPhotoFilesWhenDue(ctx: AppContext): Promise<number> {
  const now = Date.now(); // file times are the real clock's, whatever the app's clock says
  if (now - lastRun < EVERY_MS) return 0;
  lastRun = now;
  return sweepPhotoFiles(ctx, new Date(now - GRACE_MS));
}

/** Removes the files written before `writtenBefore` that no photo refers to. Returns how many. */
export async function sweepPhotoFiles(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  writtenBefore: Date,
): Promise<number> {
  let removed = 0;
  let batch: string[] = [];
  const sweep = async () => {
    const inUse = await referenced(ctx, batch);
    for (const key of batch) {
      if (!inUse.has(key) && (await ctx.storage.removeIfWrittenBefore(key, writtenBefore))) removed++;
    }
    batch = [];
  };
  for await (const key of ctx.storage.listWrittenBefore(writtenBefore)) {
    batch.push(key);
    if (batch.length >= BATCH) await sweep();
  }
  if (batch.length > 0) await sweep();
  return removed;
}

/**
 * Which of these keys some photo or person's picture still uses, in any estate: the same bytes uploaded to two estates
 * are one file, so this one query is deliberately not scoped to an estate.
 */
async function referenced(ctx: Pick<AppContext, 'db'>, keys: string[]): Promise<Set<string>> {
  const rows = await ctx.db
    .select({ key: photos.originalKey })
    .from(photos)
    .where(inArray(photos.originalKey, keys))
    .union(ctx.db.select({ key: photos.previewKey }).from(photos).where(inArray(photos.previewKey, keys)))
    .union(ctx.db.select({ key: photos.thumbKey }).from(photos).where(inArray(photos.thumbKey, keys)))
    // The final accounting's report files (closing module) too.
    .union(ctx.db.select({ key: reportFiles.storageKey }).from(reportFiles).where(inArray(reportFiles.storageKey, keys)))
    // People's pictures (profile) live in the same storage.
    .union(ctx.db.select({ key: sql<string>`${users.avatarKey}` }).from(users).where(inArray(users.avatarKey, keys)))
    // The estates' documents (the vault) too.
    .union(ctx.db.select({ key: documents.storageKey }).from(documents).where(inArray(documents.storageKey, keys)))
    // Stories' voice recordings (issue 34).
    .union(ctx.db.select({ key: sql<string>`${stories.audioKey}` }).from(stories).where(inArray(stories.audioKey, keys)));
  return new Set(rows.map((r) => r.key));
}
