/**
 * One migrated embedded database for a whole test run. Starting PGlite empty runs PostgreSQL's
 * initdb, about 10 s of processor time on this 2-core machine, once per test file; loading a dump
 * of a database already made and migrated takes about 2.5 s. The dump is kept in the system's
 * temporary folder under a name made from the migrations and PGlite's version, so a new migration
 * (or PGlite) makes a new one and a file run alone reuses the last run's.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER } from '../db/client.js';

function templatePath(): string {
  const hash = createHash('sha256');
  // PGlite's package.json is not exported: read it beside its entry point (dist/…).
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(readFileSync(path.join(path.dirname(pgliteEntry), '..', 'package.json')));
  const files = readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(sql|json)$/.test(f)).sort();
  for (const file of files) hash.update(file).update(readFileSync(path.join(MIGRATIONS_FOLDER, file)));
  return path.join(tmpdir(), `estate-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** The dump's path, made first when this run's migrations have none yet. */
export async function pgliteTemplate(): Promise<string> {
  const file = templatePath();
  if (existsSync(file)) return file;
  const db = new PGlite();
  try {
    await migrate(drizzle(db), { migrationsFolder: MIGRATIONS_FOLDER });
    const dump = await db.dumpDataDir('none');
    // Written aside and renamed: a run beside this one never reads half a file.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await db.close();
  }
  return file;
}
