/**
 * Moves an installation's files from DATA_DIR/files into a bucket, so a family that started on one
 * machine can run several servers without losing a photo. Copies only: the local files stay until
 * the person removes them. Files are named by their content, so a file already in the bucket is the
 * same file: a second run, or one after an interruption, copies only what is missing.
 */
import type { S3Storage } from '../platform/s3-storage.js';
import type { Storage } from '../platform/storage.js';

export type MoveProgress = { seen: number; copied: number; alreadyThere: number };

export async function moveFilesToBucket(source: Storage, target: S3Storage, progress: (p: MoveProgress) => void = () => {}): Promise<MoveProgress> {
  const counts: MoveProgress = { seen: 0, copied: 0, alreadyThere: 0 };
  for await (const key of source.listWrittenBefore(new Date(Date.now() + 60_000))) {
    counts.seen++;
    if (await target.writtenAt(key)) {
      counts.alreadyThere++;
    } else {
      const bytes = await source.get(key);
      if (bytes) {
        const stored = await target.put(bytes);
        // A file whose bytes no longer match its name was damaged on disk: say so rather than copy it under another name.
        if (stored !== key) throw new Error(`The file ${key} in the data folder is damaged (its bytes do not match its name); nothing else was changed.`);
        counts.copied++;
      }
    }
    progress(counts);
  }
  return counts;
}
