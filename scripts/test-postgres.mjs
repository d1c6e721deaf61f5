#!/usr/bin/env node
/**
 * The server tests where the database makes a difference, on the PostgreSQL server
 * (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres). `npm test` runs the
 * whole server suite once on the embedded database (PGlite, the default); PGlite is PostgreSQL
 * itself compiled to WebAssembly, so a query answers the same on both, and what differs is a second
 * connection, locks between connections, and notifications. A test file runs here too when it
 *   - lives in src/db/, or
 *   - opens a connection of its own or waits for a lock (`testDatabaseUrl`, `TEST_DATABASE_URL`,
 *     `untilWaitingForLock`), or listens or notifies (`notifier`), or
 *   - says `Runs on both databases` in a comment (for any other reason: say the reason there).
 * New files are picked up by these rules. `npm run test:integration` with TEST_DATABASE_URL still
 * runs the whole suite on PostgreSQL.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.join(import.meta.dirname, '..');
const src = path.join(root, 'apps/server/src');
const BOTH = /testDatabaseUrl|TEST_DATABASE_URL|untilWaitingForLock|\bnotifier\b|Runs on both databases/;

const files = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.test.ts'))
  .filter((f) => f.startsWith(`db${path.sep}`) || BOTH.test(readFileSync(path.join(src, f), 'utf8')))
  .sort()
  .map((f) => path.join('apps/server/src', f));

if (process.argv.includes('--list')) {
  console.log(files.join('\n'));
  process.exit(0);
}
console.log(`${files.length} server test files on PostgreSQL:\n  ${files.join('\n  ')}`);
const run = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...files], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
});
process.exit(run.status ?? 1);
