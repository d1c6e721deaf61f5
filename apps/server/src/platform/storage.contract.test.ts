/**
 * What every storage provider promises, run on both: the local folder and a real S3 server
 * (s3rver on loopback, started here). Times are whole seconds on S3, so the cutoffs here are too.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../test/s3-server.js';
import { S3Storage } from './s3-storage.js';
import { LocalDiskStorage, type Storage } from './storage.js';

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
});

const providers: [string, () => Promise<Storage>][] = [
  ['local folder', () => Promise.resolve(new LocalDiskStorage(mkdtempSync(path.join(tmpdir(), 'estate-contract-'))))],
  // Pages of 7, so a listing goes on past its first page here as past S3's thousand in use.
  ['S3 bucket', async () => new S3Storage(await s3.newBucket(), { pageSize: 7 })],
];

/** Waits until the next whole second and answers it: what is written after it counts as written at or after it. */
async function nextSecond(): Promise<Date> {
  const at = Math.ceil((Date.now() + 1) / 1000) * 1000;
  await new Promise((resolve) => setTimeout(resolve, at - Date.now() + 20));
  return new Date(at);
}

const listed = async (storage: Storage, before: Date) => {
  const keys: string[] = [];
  for await (const key of storage.listWrittenBefore(before)) keys.push(key);
  return keys.sort();
};

describe.each(providers)('%s', (_name, make) => {
  it('names bytes by their SHA-256, gives them back whole and as a stream, and knows no other key', async () => {
    const storage = await make();
    const bytes = Buffer.from('grandmother’s letter ✉');
    const key = await storage.put(bytes);
    expect(key).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(await storage.put(bytes)).toBe(key); // the same bytes: one file
    expect((await storage.get(key))?.equals(bytes)).toBe(true);
    const chunks: Buffer[] = [];
    for await (const chunk of (await storage.getStream(key))!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    const stranger = 'f'.repeat(64);
    expect(await storage.get(stranger)).toBeUndefined();
    expect(await storage.getStream(stranger)).toBeUndefined();
    // A key that is no content hash names nothing (never a path outside the storage).
    expect(await storage.get('../../etc/passwd')).toBeUndefined();
    expect(await storage.getStream('../../etc/passwd')).toBeUndefined();
  });

  it('keeps a large file exactly (several megabytes)', async () => {
    const storage = await make();
    const bytes = Buffer.alloc(6 * 1024 * 1024);
    for (let i = 0; i < bytes.length; i += 4096) bytes[i] = i % 251;
    const key = await storage.put(bytes);
    expect((await storage.get(key))?.equals(bytes)).toBe(true);
  });

  it('sweeps only what nobody wrote since the cutoff; the same bytes again are fresh', async () => {
    const storage = await make();
    const old = await storage.put(Buffer.from('an old letter'));
    const cutoff = await nextSecond();
    const fresh = await storage.put(Buffer.from('a new letter'));
    expect(await listed(storage, cutoff)).toEqual([old]);
    expect(await storage.removeIfWrittenBefore(fresh, cutoff)).toBe(false);

    // Written again after the cutoff: it stays, and so do its bytes.
    await storage.put(Buffer.from('an old letter'));
    expect(await storage.removeIfWrittenBefore(old, cutoff)).toBe(false);
    expect((await storage.get(old))?.toString()).toBe('an old letter');

    const later = await nextSecond();
    expect(await storage.removeIfWrittenBefore(old, later)).toBe(true);
    expect(await storage.get(old)).toBeUndefined();
    expect(await storage.removeIfWrittenBefore(old, later)).toBe(false); // already gone
    // Gone, then the same bytes arrive: written anew.
    expect(await storage.put(Buffer.from('an old letter'))).toBe(old);
    expect(await listed(storage, new Date(Date.now() + 60_000))).toEqual([old, fresh].sort());
  });

  it('lists every file, past the first page', async () => {
    const storage = await make();
    const keys = await Promise.all(Array.from({ length: 30 }, (_, i) => storage.put(Buffer.from(`file ${i}`))));
    expect(await listed(storage, new Date(Date.now() + 60_000))).toEqual([...new Set(keys)].sort());
  });
});
