/**
 * The database path alone (ADR 0018): the item list and the item with the read cache off, on
 * PostgreSQL, with the CPU the server and the PostgreSQL processes spent per answer (read from
 * /proc: steadier than answers a second when others share the machine). Seeds bench/api.mjs's
 * estate once in the database `estate_dbpath` (kept between runs; BENCH_RESEED=1 to make it again)
 * and starts the built server of BENCH_ROOT (default: this checkout; another checkout's build
 * measures "before" against the same data).
 *
 *   npm run build && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/db-path.mjs
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = process.env.BENCH_ROOT ?? path.join(here, '..');
const bench = await import(path.join(root, 'bench', 'api.mjs'));
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const url = new URL(adminUrl);
url.pathname = '/estate_dbpath';
const seededFile = path.join(os.tmpdir(), 'estate-dbpath-seeded.json');
const duration = Number(process.env.BENCH_DURATION ?? 5);
const names = (process.env.BENCH_SCENARIOS ?? 'list,detail').split(',').filter(Boolean);

if (process.env.BENCH_RESEED || !existsSync(seededFile)) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS estate_dbpath');
  await admin.query('CREATE DATABASE estate_dbpath');
  await admin.end();
  const { openPostgres } = await import(path.join(root, 'apps', 'server', 'dist', 'db', 'client.js'));
  const database = await openPostgres(url.toString());
  const seeded = await bench.seed(database, 'postgres');
  await database.db.execute(sql`analyze`);
  await database.close();
  writeFileSync(seededFile, JSON.stringify(seeded));
}
const seeded = JSON.parse(readFileSync(seededFile, 'utf8'));

/** CPU milliseconds of a process (utime + stime, in clock ticks of 1/100 s). */
function cpuOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}
/** CPU milliseconds of each PostgreSQL backend serving this database (its process title names it). */
function postgresCpu() {
  const byPid = new Map();
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('estate_dbpath')) byPid.set(pid, cpuOf(pid));
    } catch {
      // gone meanwhile
    }
  }
  return byPid;
}
/** The CPU the backends alive at both readings spent between them (the server's pool keeps its connections). */
const spent = (before, after) => [...after].reduce((sum, [pid, ms]) => sum + (before.has(pid) ? ms - before.get(pid) : ms), 0);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'estate-dbpath-'));
const server = await bench.startServer({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: url.toString(), READ_CACHE: 'off' });
console.log(`cold start to the first answer: ${server.coldStartMs} ms (load average ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]})`);
try {
  for (const name of names) {
    const before = [cpuOf(server.server.child.pid), postgresCpu()];
    const run = await bench.runScenarios('postgres', server.base, seeded, [name], duration, console.log, ' (cache off)');
    const after = [cpuOf(server.server.child.pid), postgresCpu()];
    // The warm-up (up to 2 s) is in the CPU too: count its answers at the run's rate.
    const answers = (run.results[name].requests * (duration + Math.min(2, duration))) / duration;
    console.log(
      `    ${name}: server CPU ${((after[0] - before[0]) / answers).toFixed(2)} ms an answer, PostgreSQL CPU ${(spent(before[1], after[1]) / answers).toFixed(2)} ms`,
    );
  }
} finally {
  await server.server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
