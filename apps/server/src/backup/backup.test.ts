/** A backup restored into a fresh installation holds exactly the same rows and files. */
import { chmodSync, mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { Role } from '@estate/domain/roles';
import { openPglite } from '../db/client.js';
import { LocalDiskStorage } from '../platform/storage.js';
import { queryRows, type Db } from '../db/client.js';
import { call, useHarness } from '../test/harness.js';
import { addMember, createEstate, createItem, createUser } from '../test/factories.js';
import { RestoreRefusedError, restoreBackup, tableNames, writeBackup } from './backup.js';
import { SECRET_KEYS, ensureFileUrlSecret, ensureSigningSecret } from '../platform/secrets.js';

const h = useHarness();

/** Every table's rows, the signing secrets aside (a backup leaves them out). */
async function snapshot(db: Db) {
  const out: Record<string, unknown> = {};
  const secrets = Object.values(SECRET_KEYS);
  for (const name of tableNames()) {
    const where = name === 'system' ? sql`WHERE key NOT IN (${sql.join(secrets.map((k) => sql`${k}`), sql`, `)})` : sql``;
    const [row] = await queryRows<{ data: unknown }>(db, sql`SELECT coalesce(json_agg(row_to_json(t) ORDER BY row_to_json(t)::text), '[]'::json) AS data FROM ${sql.identifier(name)} t ${where}`);
    out[name] = row?.data;
  }
  return out;
}

it('round-trips an estate exactly, rows and photo files', async () => {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const item = await createItem(h, estateId, trustee, { name: 'Wedding Ring', value: 1200.5, notes: 'Grandma’s — 18k “gold”' });
  const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: 'gold' } }).png().toBuffer();
  const boundary = 'b';
  await h.app.inject({
    method: 'POST',
    url: `/api/estates/${estateId}/items/${item.id}/photos`,
    headers: { authorization: `Bearer ${trustee.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.png"\r\nContent-Type: image/png\r\n\r\n`), png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  await call(h, 'PATCH', `/api/estates/${estateId}`, { as: trustee, body: { settings: { highInterestThreshold: 4 } } });

  const folder = mkdtempSync(path.join(tmpdir(), 'estate-backup-'));
  const filesDir = path.join(h.config.DATA_DIR, 'files');
  const manifest = await writeBackup(h.database.db, new LocalDiskStorage(filesDir), folder);
  expect(manifest.tables.items).toBe(1);
  expect(manifest.files).toBe(3); // the photo's original, preview and thumbnail

  const fresh = await openPglite(undefined);
  const freshFiles = path.join(mkdtempSync(path.join(tmpdir(), 'estate-restore-')), 'files');
  try {
    await restoreBackup(fresh.db, new LocalDiskStorage(freshFiles), folder);
    expect(await snapshot(fresh.db)).toEqual(await snapshot(h.database.db));
    const count = (dir: string) => readdirSync(dir, { recursive: true }).length;
    expect(count(freshFiles)).toBe(count(filesDir));
    // A second restore over data is refused unless asked to replace.
    await expect(restoreBackup(fresh.db, new LocalDiskStorage(freshFiles), folder)).rejects.toBeInstanceOf(RestoreRefusedError);
    await restoreBackup(fresh.db, new LocalDiskStorage(freshFiles), folder, { replace: true });
    expect(await snapshot(fresh.db)).toEqual(await snapshot(h.database.db));
  } finally {
    await fresh.close();
  }
});

it('writes a backup readable by its owner only, without the signing secrets, whatever the umask and the files’ modes', async () => {
  await ensureSigningSecret(h.database.db, undefined);
  await ensureFileUrlSecret(h.database.db, undefined, 'not-the-same');
  await createUser(h);
  const filesDir = path.join(mkdtempSync(path.join(tmpdir(), 'estate-files-')), 'files');
  const key = await new LocalDiskStorage(filesDir).put(Buffer.from('bytes'));
  chmodSync(path.join(filesDir, key.slice(0, 2), key), 0o644);
  const previous = process.umask(0o022);
  try {
    const folder = path.join(mkdtempSync(path.join(tmpdir(), 'estate-backup-')), 'backup');
    await writeBackup(h.database.db, new LocalDiskStorage(filesDir), folder);
    const all = [folder, ...readdirSync(folder, { recursive: true }).map((p) => path.join(folder, String(p)))];
    expect(all.length).toBeGreaterThan(5);
    expect(all.filter((p) => (statSync(p).mode & 0o077) !== 0)).toEqual([]);
    const system = readFileSync(path.join(folder, 'tables', 'system.json'), 'utf8');
    for (const key of Object.values(SECRET_KEYS)) expect(system).not.toContain(key);
    expect(readFileSync(path.join(folder, 'tables', 'users.json'), 'utf8')).toContain('@example.com');
  } finally {
    process.umask(previous);
  }
});
