/** Opens the database: embedded PGlite in DATA_DIR by default, or PostgreSQL when DATABASE_URL is set. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import * as schema from './schema.js';
import { WriteCounter, countWrites } from './write-tracking.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Notifier = {
  notify(channel: string, payload: string): Promise<void>;
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
};

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  notifier: Notifier;
  /** Goes up on every write, from this process or (PostgreSQL) another one; read caches key on it. */
  writes: WriteCounter;
  /** Runs `fn` only if no other process holds `key`; returns false when it was skipped. */
  withAdvisoryLock(key: number, fn: () => Promise<void>): Promise<boolean>;
  close(): Promise<void>;
};

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** Serialises concurrent migrators on a shared PostgreSQL server. */
const MIGRATION_LOCK_KEY = 7_240_001;

export async function openPglite(dataDir: string | undefined): Promise<Database> {
  const client = dataDir ? new PGlite(path.join(dataDir, 'pgdata')) : new PGlite();
  await client.waitReady;
  // One process per data folder (see lock.ts): its own writes are all the writes there are.
  const writes = new WriteCounter();
  const db = drizzlePglite(countWrites(client, writes), { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db,
    kind: 'pglite',
    writes,
    notifier: {
      async notify(channel, payload) {
        await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
      },
      async listen(channel, onMessage) {
        const unsub = await client.listen(channel, onMessage);
        return unsub;
      },
    },
    // One process per data folder (see lock.ts), so there is no one else to exclude.
    async withAdvisoryLock(_key, fn) {
      await fn();
      return true;
    },
    close: () => client.close(),
  };
}

export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const writes = new WriteCounter();
  const db = drizzlePg(countWrites(pool, writes), { schema }) as unknown as Db;
  const conn = await pool.connect();
  try {
    await conn.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(conn, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await conn.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    conn.release();
  }
  let listener: pg.Client | undefined;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const notifier: Notifier = {
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async listen(channel, onMessage) {
      if (!listener) {
        listener = new pg.Client({ connectionString: url });
        await listener.connect();
        listener.on('notification', (msg) => {
          for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
        });
      }
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await listener.query(`LISTEN "${channel.replaceAll('"', '')}"`);
      }
      set.add(onMessage);
      return () => {
        set.delete(onMessage);
        return Promise.resolve();
      };
    },
  };
  await shareWrites(writes, notifier);
  return {
    db,
    kind: 'postgres',
    writes,
    notifier,
    async withAdvisoryLock(key, fn) {
      const conn = await pool.connect();
      try {
        const { rows } = await conn.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
          key,
        ]);
        if (!rows[0]?.locked) return false;
        try {
          await fn();
        } finally {
          await conn.query('SELECT pg_advisory_unlock($1)', [key]);
        }
        return true;
      } finally {
        conn.release();
      }
    },
    async close() {
      await listener?.end();
      await pool.end();
    },
  };
}

/**
 * Other server processes on the same PostgreSQL database hear of this one's writes (and it of
 * theirs) through NOTIFY, at most one message per tick, so their read caches drop what may be old.
 */
async function shareWrites(writes: WriteCounter, notifier: Notifier): Promise<void> {
  const me = randomUUID();
  await notifier.listen(WRITES_CHANNEL, (from) => {
    if (from !== me) writes.bumpFromElsewhere();
  });
  let queued = false;
  writes.onWrite(() => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      notifier.notify(WRITES_CHANNEL, me).catch(() => undefined);
    });
  });
}

const WRITES_CHANNEL = 'estate_db_writes';

/** Runs raw SQL and returns its rows (both drivers answer with `{ rows }`). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
