/** Moving DATA_DIR/files into a bucket (a real S3 server on loopback): every file, once, resumable. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { S3Storage } from '../platform/s3-storage.js';
import { LocalDiskStorage } from '../platform/storage.js';
import { startS3Server, type TestS3Server } from '../test/s3-server.js';
import { moveFilesToBucket, type MoveProgress } from './move-files.js';

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
});

it('copies every file once, tells its progress, and after an interruption copies only what is missing', async () => {
  const local = new LocalDiskStorage(path.join(mkdtempSync(path.join(tmpdir(), 'estate-move-')), 'files'));
  const keys = await Promise.all(Array.from({ length: 12 }, (_, i) => local.put(Buffer.from(`photo ${i} `.repeat(100 + i)))));
  const bucket = new S3Storage(await s3.newBucket());

  // Interrupted after 5 files (a lost connection, a closed laptop).
  let seen = 0;
  await expect(
    moveFilesToBucket(local, bucket, () => {
      if (++seen === 5) throw new Error('interrupted');
    }),
  ).rejects.toThrow('interrupted');

  const reported: MoveProgress[] = [];
  const resumed = await moveFilesToBucket(local, bucket, (p) => reported.push({ ...p }));
  expect(resumed).toEqual({ seen: 12, copied: 7, alreadyThere: 5 });
  expect(reported.map((p) => p.seen)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  for (const key of keys) expect((await bucket.get(key))?.equals((await local.get(key))!)).toBe(true);

  // Once more: nothing to do.
  expect(await moveFilesToBucket(local, bucket)).toEqual({ seen: 12, copied: 0, alreadyThere: 12 });
});
