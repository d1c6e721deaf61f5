/**
 * A real app on a real database for integration tests: embedded PGlite by default, or the
 * PostgreSQL server named by TEST_DATABASE_URL (one database per test worker). Files on a temporary
 * DATA_DIR by default, or, with TEST_S3=1, in a bucket of a real S3 server (s3rver) each test worker
 * starts on loopback. Tables are emptied between tests; nothing is mocked.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openPglite, openPostgres, type Database } from '../db/client.js';
import { pgliteTemplate } from './pglite-template.js';
import { POLICY } from '@estate/domain/permissions';
import { s3Env, startS3Server, type TestS3Server } from './s3-server.js';
import { ROLE_CODES } from '@estate/domain/roles';

// scripts/policy-mutations.mjs runs the suite with one policy entry weakened (granted to every
// role in every stage) and expects some test to fail.
const mutation = process.env.POLICY_MUTATION;
if (mutation) {
  if (!Object.hasOwn(POLICY, mutation)) throw new Error(`POLICY_MUTATION: no action "${mutation}"`);
  (POLICY as Record<string, unknown>)[mutation] = [{ roles: ROLE_CODES }];
}

export type Harness = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  clock: { now: Date; advance(ms: number): void };
};

const testDatabaseName = () => `estate_test_${process.env.VITEST_POOL_ID ?? '0'}`;

/** This test worker's database on the PostgreSQL server (TEST_DATABASE_URL), for a second connection of a test's own. */
export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: this test needs the PostgreSQL server');
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${testDatabaseName()}`;
  return dbUrl.toString();
}

/**
 * Waits until some statement of this worker's database waits for a lock (on the PostgreSQL server):
 * a request has reached the row `holder`'s open transaction holds. Better than sleeping a while.
 */
export async function untilWaitingForLock(holder: pg.Client, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await holder.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
    );
    if (rows[0]!.n > 0) return;
    if (Date.now() > until) throw new Error(`no statement waited for the lock within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openPglite(undefined, { template: await pgliteTemplate() });
  const name = testDatabaseName();
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return openPostgres(testDatabaseUrl());
}

/** One S3 server per test worker, started on first use (TEST_S3=1), a new bucket for each test file. */
let s3Server: Promise<TestS3Server> | undefined;
async function testStorageEnv(): Promise<Record<string, string>> {
  if (process.env.TEST_S3 !== '1') return {};
  s3Server ??= startS3Server();
  return s3Env(await (await s3Server).newBucket());
}

/**
 * Empties every table. DELETE with the triggers and foreign-key checks off for the statement
 * (`session_replication_role`, the way a restore does) costs a quarter of a TRUNCATE of every table,
 * which makes a new file for each of ~50 tables and their indexes, most of them empty. It needs a
 * superuser (PGlite's user, the PostgreSQL tests' default `postgres`); any other role TRUNCATEs.
 */
const DELETE_ALL = sql.raw(`DO $$ DECLARE t record; BEGIN
  PERFORM set_config('session_replication_role', 'replica', true);
  FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' LOOP EXECUTE format('DELETE FROM %I', t.tablename); END LOOP;
END $$`);
const superuser = new WeakMap<Database, boolean>();

async function emptyTables(database: Database): Promise<void> {
  if (!superuser.has(database)) {
    const rows = await database.db.select({ on: sql<boolean>`rolsuper` }).from(sql`pg_roles`).where(sql`rolname = current_user`);
    superuser.set(database, rows[0]?.on === true);
  }
  if (superuser.get(database)) {
    await database.db.execute(DELETE_ALL);
    return;
  }
  const names = (await database.db.select({ name: sql<string>`tablename` }).from(sql`pg_tables`).where(sql`schemaname = 'public'`)).map(
    (r) => `"${r.name}"`,
  );
  if (names.length > 0) await database.db.execute(sql.raw(`TRUNCATE ${names.join(', ')} CASCADE`));
}

/** Call at the top of a test file: builds the app once, empties the tables before each test. */
export function useHarness(env: Record<string, string> = {}): Harness {
  const clock = {
    now: new Date('2026-11-21T12:00:00Z'),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const harness = { clock } as Harness;
  beforeAll(async () => {
    harness.config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
      PUBLIC_URL: 'http://portal.test',
      SCHEDULER_INTERVAL_SECONDS: '0',
      AUTH_RATE_LIMIT_PER_MINUTE: env.AUTH_RATE_LIMIT_PER_MINUTE ?? '1000',
      AUTH_RATE_LIMIT_PER_ACCOUNT: env.AUTH_RATE_LIMIT_PER_ACCOUNT ?? '1000',
      AUTH_RATE_LIMIT_PER_NETWORK: env.AUTH_RATE_LIMIT_PER_NETWORK ?? '100000',
      WEB_DIST: '/nonexistent',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'estate-test-')),
      ...(await testStorageEnv()),
      ...env,
    });
    harness.database = await openTestDatabase();
    harness.app = await buildApp({ config: harness.config, database: harness.database, now: () => clock.now });
    await harness.app.ready();
  });
  beforeEach(async () => {
    clock.now = new Date('2026-11-21T12:00:00Z');
    await emptyTables(harness.database);
  });
  afterAll(async () => {
    await harness.app?.close();
    await harness.database?.close();
  });
  return harness;
}

export type Caller = { token?: string; cookie?: string };

/** `app.inject` with JSON and an optional bearer token. */
export function call(
  h: Harness,
  method: InjectOptions['method'],
  url: string,
  options: { body?: unknown; as?: Caller; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.as?.token) headers.authorization = `Bearer ${options.as.token}`;
  if (options.as?.cookie) headers.cookie = options.as.cookie;
  return h.app.inject({
    method,
    url,
    headers,
    ...(options.body !== undefined ? { payload: options.body as Record<string, unknown> } : {}),
  });
}
