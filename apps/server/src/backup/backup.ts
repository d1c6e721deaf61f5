/**
 * Backup and restore of the whole installation: every table as JSON (PostgreSQL's own row_to_json
 * and json_populate_recordset, so types round-trip exactly on PGlite and PostgreSQL alike) plus the
 * stored files, from the local folder or the bucket alike. A backup is a folder: manifest.json,
 * tables/<name>.json, files/<ab>/<sha-256> (the local folder's layout, so a backup of either
 * provider restores into either).
 */
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { createWriteStream, existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql, type SQL } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../db/client.js';
import * as schema from '../db/schema.js';
import { OWNER_FILE, OWNER_FOLDER, makeOwnerOnly } from '../platform/file-modes.js';
import { SECRET_KEYS } from '../platform/secrets.js';
import type { Storage } from '../platform/storage.js';

export const BACKUP_FORMAT = 'estate-backup/1';

/** Tables in the order they are declared, which is also an order that satisfies foreign keys. */
export function tableNames(): string[] {
  const values: unknown[] = Object.values(schema);
  return values.filter((v): v is PgTable => v instanceof PgTable).map((t) => getTableConfig(t).name);
}

export type Manifest = { format: string; createdAt: string; tables: Record<string, number>; files?: number };

/**
 * Rows a backup leaves out: the installation's signing secrets (a copied backup must sign no
 * session and no file link; a restored installation makes new ones at start, which ends the
 * access tokens of the moment, as a restart after a restore would).
 */
const LEFT_OUT = { system: sql`WHERE key NOT IN (${sql.join(Object.values(SECRET_KEYS).map((k) => sql`${k}`), sql`, `)})` } as Record<string, SQL>;

/**
 * Writes a backup folder readable by its owner only (issue 31): it holds sign-in links, chats,
 * notes and unrevealed draw secrets, like the data folder.
 */
export async function writeBackup(db: Db, storage: Storage, target: string, now = new Date(), progress: (files: number) => void = () => {}): Promise<Manifest> {
  await mkdir(target, { recursive: true, mode: OWNER_FOLDER });
  await makeOwnerOnly(target);
  await mkdir(path.join(target, 'tables'), { recursive: true, mode: OWNER_FOLDER });
  const manifest: Manifest = { format: BACKUP_FORMAT, createdAt: now.toISOString(), tables: {} };
  // One snapshot: every table read in the same repeatable-read transaction.
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ`);
    for (const name of tableNames()) {
      const [row] = await queryRows<{ data: unknown }>(tx, sql`SELECT coalesce(json_agg(row_to_json(t)), '[]'::json) AS data FROM ${sql.identifier(name)} t ${LEFT_OUT[name] ?? sql``}`);
      const rows = (row?.data ?? []) as unknown[];
      manifest.tables[name] = rows.length;
      await writeFile(path.join(target, 'tables', `${name}.json`), JSON.stringify(rows), { mode: OWNER_FILE });
    }
  });
  manifest.files = await copyFilesOut(storage, path.join(target, 'files'), progress);
  await writeFile(path.join(target, 'manifest.json'), JSON.stringify(manifest, null, 2), { mode: OWNER_FILE });
  // Copies keep their source's modes: a data folder from before issue 31 may have had wider ones.
  await makeOwnerOnly(target);
  return manifest;
}

/** Every stored file into `folder`, one stream at a time (a bucket's objects never sit in memory). */
async function copyFilesOut(storage: Storage, folder: string, progress: (files: number) => void): Promise<number> {
  let count = 0;
  // Files written up to now; one written during the backup belongs to a row the snapshot may not have.
  for await (const key of storage.listWrittenBefore(new Date(Date.now() + 60_000))) {
    const source = await storage.getStream(key);
    if (!source) continue; // swept since it was listed
    await mkdir(path.join(folder, key.slice(0, 2)), { recursive: true, mode: OWNER_FOLDER });
    await pipeline(source, createWriteStream(path.join(folder, key.slice(0, 2), key), { mode: OWNER_FILE }));
    progress(++count);
  }
  return count;
}

const KEY = /^[a-f0-9]{64}$/;

/** Every file of a backup's files/ folder, put into the storage (its name is checked against its bytes). */
async function copyFilesIn(storage: Storage, folder: string, progress: (files: number) => void): Promise<number> {
  if (!existsSync(folder)) return 0;
  let count = 0;
  for (const shard of await readdir(folder)) {
    for (const name of await readdir(path.join(folder, shard))) {
      if (!KEY.test(name)) continue;
      const bytes = await readFile(path.join(folder, shard, name));
      if (createHash('sha256').update(bytes).digest('hex') !== name) throw new RestoreRefusedError(`The backup's file ${name} is damaged: its bytes do not match its name.`);
      await storage.put(bytes);
      progress(++count);
    }
  }
  return count;
}

export class RestoreRefusedError extends Error {}

/** Restores into an empty installation (or, with `replace`, over the current one) in one transaction. */
export async function restoreBackup(db: Db, storage: Storage, source: string, options: { replace?: boolean; progress?: (files: number) => void } = {}): Promise<Manifest> {
  const manifest = JSON.parse(await readFile(path.join(source, 'manifest.json'), 'utf8')) as Manifest;
  if (manifest.format !== BACKUP_FORMAT) throw new RestoreRefusedError(`${source} is not a backup this version can read (format ${manifest.format}).`);
  const names = tableNames();
  const unknown = Object.keys(manifest.tables).filter((n) => !names.includes(n));
  if (unknown.length > 0) throw new RestoreRefusedError(`The backup has tables this version does not know: ${unknown.join(', ')}.`);
  await db.transaction(async (tx) => {
    const [users] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM users`);
    if ((users?.n ?? 0) > 0) {
      if (!options.replace) throw new RestoreRefusedError('This installation already has accounts. Restore into an empty one, or pass --replace to overwrite everything.');
      await tx.execute(sql.raw(`TRUNCATE ${names.map((n) => `"${n}"`).join(', ')} CASCADE`));
    }
    for (const name of names) {
      if (!(name in manifest.tables)) continue;
      const rows = await readFile(path.join(source, 'tables', `${name}.json`), 'utf8');
      await tx.execute(sql`INSERT INTO ${sql.identifier(name)} SELECT * FROM json_populate_recordset(null::${sql.identifier(name)}, ${rows}::json)`);
    }
  });
  await copyFilesIn(storage, path.join(source, 'files'), options.progress ?? (() => {}));
  return manifest;
}
