import { mkdtempSync, readdirSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { LocalDiskStorage } from './storage.js';

it('removes a file only when nobody wrote it since the cutoff, and leaves nothing aside', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'estate-storage-'));
  const storage = new LocalDiskStorage(root);
  const names = () =>
    readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((f) => f.isFile())
      .map((f) => f.name);
  const hourAgo = new Date(Date.now() - 3_600_000);
  const age = (key: string) =>
    utimesSync(
      path.join(root, key.slice(0, 2), key),
      new Date(hourAgo.getTime() - 60_000),
      new Date(hourAgo.getTime() - 60_000),
    );

  const old = await storage.put(Buffer.from('an old letter'));
  const fresh = await storage.put(Buffer.from('a new letter'));
  age(old);
  const listed: string[] = [];
  for await (const key of storage.listWrittenBefore(hourAgo)) listed.push(key);
  expect(listed).toEqual([old]);

  // Written again after it was listed: it stays, and so do its bytes.
  await storage.put(Buffer.from('an old letter'));
  expect(await storage.removeIfWrittenBefore(old, hourAgo)).toBe(false);
  expect((await storage.get(old))?.toString()).toBe('an old letter');

  age(old);
  expect(await storage.removeIfWrittenBefore(old, hourAgo)).toBe(true);
  expect(await storage.get(old)).toBeUndefined();
  expect(await storage.removeIfWrittenBefore(old, hourAgo)).toBe(false); // already gone
  // Gone, then the same bytes arrive: written anew.
  expect(await storage.put(Buffer.from('an old letter'))).toBe(old);
  expect(names().sort()).toEqual([old, fresh].sort());
});
