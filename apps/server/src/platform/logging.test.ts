/**
 * What the log keeps of a request and of a failure: never a password, a hash, an email, a token or
 * a query string. The app writes its log to a stream the test reads, through a sign-up, a failed
 * and a good sign-in, a password reset, and two forced database failures (a duplicate account, as
 * the audit's register 500 was, and a value the database refuses).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openPglite, type Database } from '../db/client.js';
import { outbox, users } from '../db/schema.js';
import { newId } from './ids.js';
import { hashPassword } from './passwords.js';
import { logsEachRequest, safeError, scrubText } from './logging.js';

const EMAIL = 'margaret.hill@example.com';
const PASSWORD = 'Quiet-Harbour-1947';
const NEW_PASSWORD = 'Lantern-Orchard-2031';
const QUERY_SECRET = 'query-secret-7f3a9c';

const lines: string[] = [];
let app: FastifyInstance;
let database: Database;

beforeAll(async () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    // Every line a request can cause, the per-request ones (`debug`) too.
    LOG_LEVEL: 'debug',
    PUBLIC_URL: 'http://portal.test',
    SCHEDULER_INTERVAL_SECONDS: '0',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    WEB_DIST: '/nonexistent',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'estate-log-test-')),
  });
  database = await openPglite(undefined);
  app = await buildApp({ config, database, logStream: { write: (line: string) => void lines.push(line) } });
  // Two failures no input can cause any more, forced here: a statement whose parameters hold an
  // email and an argon2 hash fails (500), and one the database refuses as a value (400).
  app.post('/api/test/duplicate-account', { config: { action: 'public' } }, async () => {
    const passwordHash = await hashPassword(PASSWORD);
    await database.db
      .insert(users)
      .values({ id: newId(), email: EMAIL, firstName: 'Margaret', lastName: 'Hill', passwordHash });
    return {};
  });
  app.post('/api/test/refused-value', { config: { action: 'public' } }, async () => {
    await database.db.execute(sql`select ${EMAIL}::int`);
    return {};
  });
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const json = (method: 'GET' | 'POST', url: string, body?: object, token?: string) =>
  app.inject({
    method,
    url,
    ...(body ? { payload: body } : {}),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

it('logs no password, hash, email, token or query string through sign-up, sign-in, reset and failures', async () => {
  const register = await json('POST', '/api/auth/register', {
    firstName: 'Margaret',
    lastName: 'Hill',
    email: EMAIL,
    password: PASSWORD,
  });
  expect(register.statusCode, register.body).toBe(201);
  await database.db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.email, EMAIL));
  expect(
    (await json('POST', '/api/auth/login', { email: EMAIL, password: 'Wrong-Password-1' })).statusCode,
  ).toBe(401);
  const login = await json('POST', '/api/auth/login', { email: EMAIL, password: PASSWORD });
  expect(login.statusCode, login.body).toBe(200);
  const accessToken = login.json<{ accessToken: string }>().accessToken;

  expect((await json('POST', '/api/auth/forgot-password', { email: EMAIL })).statusCode).toBe(202);
  const [mail] = await database.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
  const resetToken = /token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
  expect(resetToken).toBeDefined();
  expect(
    (await json('POST', '/api/auth/reset-password', { token: resetToken, password: NEW_PASSWORD }))
      .statusCode,
  ).toBe(204);
  expect((await json('POST', '/api/auth/login', { email: EMAIL, password: NEW_PASSWORD })).statusCode).toBe(
    200,
  );
  expect(
    (await json('GET', `/api/me?token=${QUERY_SECRET}`, undefined, accessToken)).statusCode,
  ).toBeLessThan(500);

  const failed = await json(
    'POST',
    `/api/test/duplicate-account?token=${QUERY_SECRET}&email=${encodeURIComponent(EMAIL)}`,
    {},
  );
  expect(failed.statusCode).toBe(500);
  expect(failed.body).not.toContain('argon2');
  const refused = await json('POST', `/api/test/refused-value?token=${QUERY_SECRET}`, {});
  expect(refused.statusCode).toBe(400);

  const [hash] = await database.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, EMAIL))
    .limit(1);
  const log = lines.join('');
  // And nothing that identifies or unlocks an account.
  for (const secret of [
    EMAIL,
    'margaret.hill',
    PASSWORD,
    NEW_PASSWORD,
    '$argon2',
    hash!.passwordHash,
    accessToken,
    resetToken!,
    QUERY_SECRET,
    '?token',
    '?',
  ]) {
    expect(log, `the log holds ${secret}`).not.toContain(secret);
  }
  // The failures are in the log, with what helps: route, error type, statement, constraint.
  const errorLine = lines.find((l) => l.includes('unhandled error'));
  expect(errorLine).toBeDefined();
  expect(JSON.parse(errorLine!)).toMatchObject({
    route: '/api/test/duplicate-account',
    err: {
      type: 'DrizzleQueryError',
      message: expect.stringContaining('insert into "users"'),
      cause: { constraint: 'users_email_key' },
    },
  });
  expect(log).toContain('a value reached the database unchecked');
  expect(log).toContain('request completed');
  expect(log).toContain('"route":"/api/test/duplicate-account"');
}, 60_000);

it('scrubs errors it is given directly: parameters, detail, hashes, emails, tokens, query strings', () => {
  const cause = Object.assign(new Error('invalid input syntax for type uuid: "ann@example.com"'), {
    code: '22P02',
    detail: 'Key (email)=(ann@example.com) already exists.',
  });
  const err = Object.assign(
    new Error(
      'Failed query: insert into "users" values ($1, $2)\nparams: ann@example.com,$argon2id$v=19$m=19456$abc$def',
    ),
    {
      params: ['ann@example.com'],
      cause,
    },
  );
  const logged = JSON.stringify(safeError(err));
  for (const secret of ['ann@example.com', 'argon2', 'params', 'Key (email)'])
    expect(logged).not.toContain(secret);
  expect(logged).toContain('Failed query: insert into \\"users\\"');
  expect(logged).toContain('22P02');
  expect(
    scrubText(
      'GET /pages/auth/reset-password?token=abc failed for bob@example.org with eyJhbGciOi.eyJzdWIi.sig',
    ),
  ).toBe('GET /pages/auth/reset-password failed for [email] with [token]');
});

it('writes a line per request only at debug and trace, not at the default level', () => {
  expect(logsEachRequest('info')).toBe(false);
  expect(logsEachRequest('warn')).toBe(false);
  expect(logsEachRequest('debug')).toBe(true);
  expect(logsEachRequest('trace')).toBe(true);
});
