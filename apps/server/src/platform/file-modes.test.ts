/**
 * Issue 31, item 3: everything under DATA_DIR is the owner's only, the embedded database's own
 * files included, and a data folder from before is put right at start.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPglite } from '../db/client.js';
import { acquireDataDirLock } from '../db/lock.js';
import { protectDataDir } from './file-modes.js';

const previous = process.umask(0o022);
afterAll(() => {
  process.umask(previous);
});

/** Every path under `root` whose mode gives the group or the world anything. */
export function openToOthers(root: string): string[] {
  const all = [root, ...readdirSync(root, { recursive: true }).map((p) => path.join(root, String(p)))];
  return all.filter((p) => (statSync(p).mode & 0o077) !== 0).map((p) => `${path.relative(root, p) || '.'} ${(statSync(p).mode & 0o777).toString(8)}`);
}

it('puts an existing data folder right, and the embedded database writes owner-only files', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'estate-modes-'));
  chmodSync(dataDir, 0o755);
  mkdirSync(path.join(dataDir, 'files', 'ab'), { recursive: true });
  writeFileSync(path.join(dataDir, 'files', 'ab', 'old-photo'), 'bytes');
  chmodSync(path.join(dataDir, 'files', 'ab', 'old-photo'), 0o666);
  chmodSync(path.join(dataDir, 'files'), 0o777);
  expect(openToOthers(dataDir).length).toBeGreaterThan(0);

  await protectDataDir(dataDir);
  expect(openToOthers(dataDir)).toEqual([]);

  // As the server starts: the lock file, then the database (files made from now on follow the umask).
  const release = acquireDataDirLock(dataDir);
  const database = await openPglite(dataDir);
  try {
    expect(openToOthers(dataDir)).toEqual([]);
    // Files the database makes while it runs.
    await database.db.execute(sql`CREATE TABLE IF NOT EXISTS mode_probe (x text)`);
    await database.db.execute(sql`INSERT INTO mode_probe SELECT 'chats, notes and links live here ' || g FROM generate_series(1, 20000) g`);
    await database.db.execute(sql`CREATE INDEX mode_probe_x ON mode_probe (x)`);
    await database.db.execute(sql`CHECKPOINT`);
  } finally {
    await database.close();
  }
  expect(readdirSync(dataDir).some((name) => name.startsWith('server.lock'))).toBe(true);
  expect(readdirSync(path.join(dataDir, 'pgdata')).length).toBeGreaterThan(0);
  expect(openToOthers(dataDir)).toEqual([]);
  release();
});
