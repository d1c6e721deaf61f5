/** Opens the database: embedded PGlite in DATA_DIR by default, or PostgreSQL when DATABASE_URL is set. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgliteThread } from './pglite-thread.js';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { createHash, randomUUID } from 'node:crypto';
import * as schema from './schema.js';
import { WriteCounter, countWrites } from './write-tracking.js';
import { makeOwnerOnly, ownerOnlyFromNowOn } from '../platform/file-modes.js';

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

export async function openPglite(dataDir: string | undefined, options: { template?: string } = {}): Promise<Database> {
  // PGlite's driver loads only here: a server on PostgreSQL never needs it (ADR 0020). PGlite
  // itself runs in a thread of its own (ADR 0024).
  const [{ PgliteThread }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('./pglite-thread.js'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  if (dataDir) ownerOnlyFromNowOn();
  const pgdata = dataDir ? path.join(dataDir, 'pgdata') : undefined;
  const created = pgdata !== undefined && !existsSync(path.join(pgdata, 'PG_VERSION'));
  const client = await PgliteThread.start(pgdata, options.template);
  // One process per data folder (see lock.ts): its own writes are all the writes there are.
  const writes = new WriteCounter();
  const db = drizzlePglite(countWrites(client, writes) as never, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  // PGlite sets its first files' modes itself (0666, past the umask): owner-only, as everything
  // under DATA_DIR (issue 31). Files it makes later follow the umask.
  if (pgdata && created) await makeOwnerOnly(pgdata);
  // One process per data folder (see lock.ts): a notice is for this process's own listeners, who
  // hear it without a trip through the database (that trip was a second write per heart, issue
  // 35). What the database itself announces (the trigger on `memberships`) still comes by LISTEN.
  const local = new Map<string, Set<(payload: string) => void>>();
  return {
    db,
    kind: 'pglite',
    writes,
    notifier: {
      notify: (channel, payload) => {
        // Heard once the caller's code pauses, in the order they were sent, as by NOTIFY.
        for (const onMessage of local.get(channel) ?? []) queueMicrotask(() => onMessage(payload));
        return Promise.resolve();
      },
      async listen(channel, onMessage) {
        const set = local.get(channel) ?? new Set();
        local.set(channel, set);
        set.add(onMessage);
        const stop = await client.listen(channel, onMessage);
        return async () => {
          set.delete(onMessage);
          await stop();
        };
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
  // Generic plans for the named hot statements (`statementName`; only they are prepared): planning
  // the item list cost as much as running it, on every request (ADR 0018).
  const pool = new pg.Pool({ connectionString: url, max: 10, options: '-c plan_cache_mode=force_generic_plan' });
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
    // The notifications carry no data of their own (what they announce is committed already), so
    // their transaction does not wait for the disk: PostgreSQL serialises every NOTIFY's commit.
    notify: batchedNotify(async (json) => {
      await pool.query(NOTIFY_ALL_NO_WAIT, [json]);
    }),
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
 * theirs) through NOTIFY, so their read caches drop what may be old: which estates were written
 * (or that every estate may have been), gathered while the previous message was on its way.
 *
 * A process alone has no one to tell (that notice was a second NOTIFY per heart, issue 35). Each
 * process says hello when it starts; one that hears a hello answers, and from then on both know
 * they are not alone. Until a hello has gone unanswered for `HELLO_WAIT_MS`, a process tells as
 * if there were others. The answer drops the newcomer's whole cache: the older process's writes
 * made before it heard the hello were not announced.
 */
export async function shareWrites(writes: WriteCounter, notifier: Notifier, helloWaitMs = HELLO_WAIT_MS): Promise<{ alone: () => boolean }> {
  const me = randomUUID();
  let othersHeard = false;
  let waitingForAnswer = true;
  await notifier.listen(WRITES_CHANNEL, (payload) => {
    const heard = parseWrites(payload);
    if (!heard || heard.from === me) return;
    othersHeard = true;
    if (heard.hello) void notifier.notify(WRITES_CHANNEL, JSON.stringify({ from: me, estates: null })).catch(() => undefined);
    if (heard.estates === null) return writes.bumpFromElsewhere();
    for (const estateId of heard.estates) writes.bumpFromElsewhere(estateId, 'data');
    for (const estateId of heard.access) writes.bumpFromElsewhere(estateId, 'access');
  });
  await notifier.notify(WRITES_CHANNEL, JSON.stringify({ from: me, hello: true, estates: null }));
  setTimeout(() => (waitingForAnswer = false), helloWaitMs).unref();
  const alone = () => !othersHeard && !waitingForAnswer;
  let everywhere = false;
  let estates = new Set<string>();
  let access = new Set<string>();
  let sending = false;
  const send = () => {
    sending = true;
    // Estate ids are 36 characters: past a hundred, saying "everywhere" is shorter and as true.
    const all = everywhere || estates.size + access.size > 100;
    const message = JSON.stringify(all ? { from: me, estates: null } : { from: me, estates: [...estates], access: [...access] });
    everywhere = false;
    estates = new Set();
    access = new Set();
    notifier
      .notify(WRITES_CHANNEL, message)
      .catch(() => undefined)
      .finally(() => {
        sending = false;
        if (everywhere || estates.size > 0 || access.size > 0) send();
      });
  };
  writes.onWrite((estateId, reach) => {
    if (alone()) return;
    if (estateId === undefined) everywhere = true;
    else (reach === 'access' ? access : estates).add(estateId);
    if (!sending) send();
  });
  return { alone };
}

/** How long a process waits for an answer to its hello before it takes itself to be alone. */
const HELLO_WAIT_MS = 2_000;

function parseWrites(payload: string): { from: string; hello: boolean; estates: string[] | null; access: string[] } | undefined {
  const ids = (value: unknown) => (Array.isArray(value) ? value.filter((e): e is string => typeof e === 'string') : []);
  try {
    const value = JSON.parse(payload) as { from?: unknown; hello?: unknown; estates?: unknown; access?: unknown };
    if (typeof value.from !== 'string') return undefined;
    return { from: value.from, hello: value.hello === true, estates: Array.isArray(value.estates) ? ids(value.estates) : null, access: ids(value.access) };
  } catch {
    // An older process says only who it is: everything may have changed.
    return { from: payload, hello: false, estates: null, access: [] };
  }
}

/** One statement sends a batch of notifications, in order (`$1` is a JSON array of [channel, payload]),
 * committed without waiting for the disk (PostgreSQL; `set_config(..., true)` is for this transaction only). */
const NOTIFY_ALL_NO_WAIT = "SELECT set_config('synchronous_commit', 'off', true), pg_notify(n->>0, n->>1) FROM json_array_elements($1::json) AS n";

/**
 * NOTIFY in batches: the first notification goes at once; those asked for while it is on its way
 * go together in the next statement (every NOTIFY's commit takes one lock shared by the whole
 * database, so one statement per toggle would queue the toggles behind each other).
 */
function batchedNotify(send: (json: string) => Promise<void>): Notifier['notify'] {
  type Pending = { channel: string; payload: string; resolve: () => void; reject: (err: unknown) => void };
  const queue: Pending[] = [];
  let sending = false;
  const flush = async () => {
    sending = true;
    while (queue.length > 0) {
      const batch = queue.splice(0, 500);
      try {
        await send(JSON.stringify(batch.map((p) => [p.channel, p.payload])));
        for (const p of batch) p.resolve();
      } catch (err) {
        for (const p of batch) p.reject(err);
      }
    }
    sending = false;
  };
  return (channel, payload) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ channel, payload, resolve, reject });
      if (!sending) void flush();
    });
}

const WRITES_CHANNEL = 'estate_db_writes';

/** Runs raw SQL and returns its rows (both drivers answer with `{ rows }`). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * The name a hot statement is prepared under on each PostgreSQL connection: the same text, the
 * same name, so the server parses it once per connection and can keep its plan (planning a large
 * statement costs more than running it). PGlite ignores it.
 */
export function statementName(text: string): string {
  return `s_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
}

/** A hot query builder (the item list, the item), prepared under its text's name (`statementName`). */
export function preparedByText<P extends { execute(): Promise<unknown> }>(query: { toSQL(): { sql: string }; prepare(name: string): P }): ReturnType<P['execute']> {
  return query.prepare(statementName(query.toSQL().sql)).execute() as ReturnType<P['execute']>;
}

const dialect = new PgDialect();

/**
 * Runs raw SQL outside a transaction as a named prepared statement (`statementName`) and returns
 * its rows, with the driver's own type parsing (dates as Date, json parsed).
 */
export async function queryRowsPrepared<T>(db: Db, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const client = (db as unknown as { $client: pg.Pool | PgliteThread }).$client;
  if (!(client instanceof pg.Pool)) return (await client.query<T>(text, params)).rows;
  return (await client.query<T & pg.QueryResultRow>({ name: statementName(text), text, values: params })).rows;
}

const statementNames = new Map<string, string>();

/**
 * A hot read written as SQL text with `$n` parameters (no query builder on each request: building
 * and hashing the item list's statement cost more of the server's time than PostgreSQL spent on
 * it), prepared by name on PostgreSQL (`statementName`, remembered per text). Rows come with the
 * driver's own type parsing on both databases (dates as Date, json parsed, int4 as number).
 * Reads only (a SELECT): on PGlite it waits in the readers' line, which takes turns with the writers' (ADR 0037).
 */
export async function queryTextPrepared<T>(db: Db, text: string, params: unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client: pg.Pool | PgliteThread }).$client;
  if (!(client instanceof pg.Pool)) return (await client.read<T>(text, params)).rows;
  let name = statementNames.get(text);
  if (name === undefined) {
    name = statementName(text);
    if (statementNames.size < 1_000) statementNames.set(text, name);
  }
  return (await client.query<T & pg.QueryResultRow>({ name, text, values: params })).rows;
}
