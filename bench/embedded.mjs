/**
 * Issue 35's figures (speed on the embedded default), each with its goal, its ratio to the peer's
 * and, with BENCH_BASELINE_DIST, to another build measured in the same run, turn about (the
 * machine is shared: only figures from one run compare). Writes bench/results/embedded.json.
 *
 *   npm run build && node bench/embedded.mjs
 *   BENCH_BASELINE_DIST=/path/to/other/apps/server/dist BENCH_DATABASE_URL=postgres://… node bench/embedded.mjs
 *
 * The peer (Evenkeep, on PostgreSQL) is not installed on this machine: its figures are the ones
 * issue 35 recorded, measured the same way on this kind of machine (2 cores, 32 connections).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { load, seed, signInAll, startServer, toggle } from './api.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, '..', 'apps', 'server', 'dist');

/** Evenkeep on PostgreSQL, as issue 35 recorded it. */
export const PEER = {
  heartsBesideReads: { requestsPerSecond: 418 },
  preferenceWrites: { requestsPerSecond: 679, p99Ms: 96 },
  listPglite: { requestsPerSecond: 1_149 },
  listPostgres: { requestsPerSecond: 1_081 },
  coldStart: { ms: 289 },
};

/** What issue 35 asks of each figure: `minRps` / `maxP99Ms` / `maxMs`, or a multiple of the peer's (`peerTimes`). */
export const GOALS = {
  heartsBesideReads: { minRps: 300, maxP99Ms: 100 },
  preferenceWrites: { peerTimes: 1.5 },
  listPglite: { peerTimes: 1 },
  listPostgres: { peerTimes: 3 },
  coldStartPglite: { maxMs: 500 },
  coldStartPostgres: { maxMs: PEER.coldStart.ms },
  heartsPostgresBesideNeighbour: { minRps: 1_000, maxP99Ms: 50 },
};

const LABELS = {
  heartsBesideReads:
    'hearts (8 people, 24 conn.) while 8 connections read the item list, PGlite, read cache off',
  preferenceWrites: 'preference writes (hearts), 4 people, 32 conn., PGlite',
  listPglite: 'item list, PGlite, read cache off, 32 conn.',
  listPostgres: 'item list, PostgreSQL, read cache off, 32 conn.',
  coldStartPglite: 'cold start to first answer, PGlite, existing data folder (median of 3)',
  coldStartPostgres: 'cold start to first answer, PostgreSQL (median of 3)',
  heartsPostgresBesideNeighbour: 'hearts, 8 people, PostgreSQL, beside a CPU-bound neighbour process',
};

const PEER_OF = {
  preferenceWrites: 'preferenceWrites',
  listPglite: 'listPglite',
  listPostgres: 'listPostgres',
  heartsBesideReads: 'heartsBesideReads',
  coldStartPglite: 'coldStart',
  coldStartPostgres: 'coldStart',
};

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function paths(seeded) {
  const items = `/api/estates/${seeded.estateId}/items`;
  return {
    list: `${items}?limit=50&category=Furniture`,
    heart: (k) => `${items}/${seeded.heartItemIds[k % 8]}/interest`,
  };
}

/** Starts `serverDist` with `env`, runs `work(base, people)`, stops it; also returns the start's time. */
async function withServer(serverDist, env, seeded, work) {
  const started = await startServer(env, serverDist);
  try {
    const people = await signInAll(started.base, seeded);
    return { coldStartMs: started.coldStartMs, ...(await work(started.base, people)) };
  } finally {
    await started.server.stop();
  }
}

/** A warm-up run (not counted), then the measured one. */
async function measured(base, duration, connections, perClient, alongside) {
  const run = (d) =>
    Promise.all([
      load(base, d, connections, perClient),
      alongside ? load(base, d, alongside.connections, alongside.perClient) : undefined,
    ]);
  await run(Math.min(2, duration));
  const [main, beside] = await run(duration);
  return beside ? { ...main, beside } : main;
}

async function coldStarts(serverDist, env) {
  const times = [];
  for (let i = 0; i < 3; i++) {
    const started = await startServer(env, serverDist);
    times.push(started.coldStartMs);
    await started.server.stop();
  }
  return { ms: median(times), runs: times };
}

async function pgliteFigures(serverDist, env, seeded, duration) {
  const p = paths(seeded);
  const uncached = await withServer(serverDist, { ...env, READ_CACHE: 'off' }, seeded, async (base, t) => ({
    heartsBesideReads: await measured(base, duration, 24, (k) => toggle(p.heart(k), t.beneficiaries[k % 8]), {
      connections: 8,
      perClient: () => [{ method: 'GET', path: p.list, headers: t.trustee }],
    }),
    listPglite: await measured(base, duration, 32, () => [
      { method: 'GET', path: p.list, headers: t.trustee },
    ]),
  }));
  const cached = await withServer(serverDist, env, seeded, async (base, t) => ({
    preferenceWrites: await measured(base, duration, 32, (k) =>
      toggle(p.heart(k % 4), t.beneficiaries[k % 4]),
    ),
  }));
  return {
    heartsBesideReads: uncached.heartsBesideReads,
    listPglite: uncached.listPglite,
    preferenceWrites: cached.preferenceWrites,
    coldStartPglite: await coldStarts(serverDist, env),
  };
}

/** A process that keeps one core busy, as another engineer's tests would. */
function neighbour() {
  const child = spawn(process.execPath, ['-e', 'for (;;) Math.sqrt(Math.random());'], { stdio: 'ignore' });
  return () => child.kill('SIGKILL');
}

async function postgresFigures(serverDist, env, seeded, duration) {
  const p = paths(seeded);
  const uncached = await withServer(serverDist, { ...env, READ_CACHE: 'off' }, seeded, async (base, t) => ({
    listPostgres: await measured(base, duration, 32, () => [
      { method: 'GET', path: p.list, headers: t.trustee },
    ]),
  }));
  const hearts = await withServer(serverDist, env, seeded, async (base, t) => {
    const stop = neighbour();
    try {
      return {
        heartsPostgresBesideNeighbour: await measured(base, duration, 32, (k) =>
          toggle(p.heart(k), t.beneficiaries[k % 8]),
        ),
      };
    } finally {
      stop();
    }
  });
  return { ...uncached, ...hearts, coldStartPostgres: await coldStarts(serverDist, env) };
}

/** One build's figures on one database; a failure is reported and the others still run. */
async function attempt(what, run, log) {
  try {
    return await run();
  } catch (err) {
    log(`  ${what}: failed: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
    return {};
  }
}

function verdict(name, r) {
  const goal = GOALS[name];
  const peer = PEER[PEER_OF[name]];
  const rps = r.requestsPerSecond;
  const peerRatio =
    peer?.requestsPerSecond && rps !== undefined
      ? rps / peer.requestsPerSecond
      : peer?.ms && r.ms !== undefined
        ? peer.ms / r.ms
        : undefined;
  const failed = (r.non2xx ?? 0) + (r.errors ?? 0) > 0;
  const pass =
    !failed &&
    (goal.minRps === undefined || rps >= goal.minRps) &&
    (goal.maxP99Ms === undefined || r.p99Ms <= goal.maxP99Ms) &&
    (goal.maxMs === undefined || r.ms <= goal.maxMs) &&
    (goal.peerTimes === undefined || (peerRatio ?? 0) >= goal.peerTimes);
  return { peerRatio, pass };
}

const fmt = (n) => Math.round(n).toLocaleString('en-US');
const figureText = (r) =>
  r.ms !== undefined
    ? `${fmt(r.ms)} ms`
    : `${fmt(r.requestsPerSecond)}/s, p99 ${r.p99Ms} ms${(r.non2xx ?? 0) + (r.errors ?? 0) > 0 ? `, ${r.non2xx + r.errors} failed` : ''}`;
function goalText(name) {
  const g = GOALS[name];
  const parts = [];
  if (g.minRps !== undefined) parts.push(`≥ ${fmt(g.minRps)}/s`);
  if (g.maxP99Ms !== undefined) parts.push(`p99 ≤ ${g.maxP99Ms} ms`);
  if (g.maxMs !== undefined) parts.push(`≤ ${g.maxMs} ms`);
  if (g.peerTimes !== undefined) parts.push(`≥ ${g.peerTimes}× peer`);
  return parts.join(', ');
}
const peerText = (name) => {
  const peer = PEER[PEER_OF[name]];
  return !peer
    ? '–'
    : peer.ms !== undefined
      ? `${fmt(peer.ms)} ms`
      : `${fmt(peer.requestsPerSecond)}/s${peer.p99Ms ? `, p99 ${peer.p99Ms} ms` : ''}`;
};
/** This build against the baseline: higher is better (rates: this / base; times: base / this). */
const baseRatio = (r, b) =>
  !b ? undefined : r.ms !== undefined ? b.ms / r.ms : r.requestsPerSecond / b.requestsPerSecond;

export function embeddedTable(results) {
  const rows = Object.keys(GOALS)
    .filter((name) => results.current[name])
    .map((name) => {
      const r = results.current[name];
      const b = results.baseline?.[name];
      const v = verdict(name, r);
      const extra = r.beside
        ? ` (list beside it ${fmt(r.beside.requestsPerSecond)}/s, p99 ${r.beside.p99Ms} ms)`
        : '';
      const vsBase = baseRatio(r, b);
      return `| ${LABELS[name]} | ${figureText(r)}${extra} | ${b ? figureText(b) : '–'} | ${vsBase ? `${vsBase.toFixed(2)}×` : '–'} | ${peerText(name)} | ${v.peerRatio ? `${v.peerRatio.toFixed(2)}×` : '–'} | ${goalText(name)} | ${v.pass ? '✓' : '✗'} |`;
    });
  return [
    `Issue 35 figures, ${results.ranAt.slice(0, 16).replace('T', ' ')} UTC: ${results.machine}; load average ${results.loadAtStart} at the start, ${results.loadAtEnd} at the end; ${results.duration} s runs; ratios > 1 are better.`,
    '',
    '| figure | this build | baseline build | vs baseline | peer (Evenkeep) | vs peer | goal | |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

export async function runEmbeddedBench({
  duration = Number(process.env.BENCH_DURATION ?? 5),
  log = console.log,
} = {}) {
  const baselineDist = process.env.BENCH_BASELINE_DIST;
  const builds = [['current', dist], ...(baselineDist ? [['baseline', baselineDist]] : [])];
  const out = {
    benchmark: 'embedded',
    ranAt: new Date().toISOString(),
    machine: `${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? ''}), Node ${process.version}`,
    loadAtStart: loadAverage(),
    duration,
    current: {},
    baseline: baselineDist ? {} : undefined,
  };
  const { openPglite, openPostgres } = await import(path.join(dist, 'db', 'client.js'));
  log(
    `Embedded benchmark (issue 35), ${duration} s runs, load ${out.loadAtStart}${baselineDist ? `, against ${baselineDist}` : ''}`,
  );

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'estate-bench-embedded-'));
  try {
    const database = await openPglite(dataDir);
    const seeded = await seed(database, 'embedded');
    await database.close();
    const env = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    // Turn about, so both builds meet the same neighbours on the shared machine.
    for (const [which, serverDist] of builds) {
      Object.assign(
        out[which],
        await attempt(`PGlite, ${which}`, () => pgliteFigures(serverDist, env, seeded, duration), log),
      );
      log(`  PGlite, ${which}: done (load ${loadAverage()})`);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    const name = `estate_bench_embedded_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const pgDataDir = mkdtempSync(path.join(os.tmpdir(), 'estate-bench-embedded-pg-'));
    try {
      await admin.query(`CREATE DATABASE ${name}`);
      const dbUrl = new URL(url);
      dbUrl.pathname = `/${name}`;
      const database = await openPostgres(dbUrl.toString());
      const seeded = await seed(database, 'postgres');
      await database.db.execute(sql`analyze`);
      await database.close();
      const env = { ...process.env, DATA_DIR: pgDataDir, DATABASE_URL: dbUrl.toString() };
      for (const [which, serverDist] of builds) {
        Object.assign(
          out[which],
          await attempt(
            `PostgreSQL, ${which}`,
            () => postgresFigures(serverDist, env, seeded, duration),
            log,
          ),
        );
        log(`  PostgreSQL, ${which}: done (load ${loadAverage()})`);
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
      rmSync(pgDataDir, { recursive: true, force: true });
    }
  }
  out.loadAtEnd = loadAverage();
  out.verdicts = Object.fromEntries(
    Object.keys(GOALS)
      .filter((n) => out.current[n])
      .map((n) => [n, verdict(n, out.current[n])]),
  );
  out.table = embeddedTable(out);
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(path.join(here, 'results', 'embedded.json'), `${JSON.stringify(out, null, 2)}\n`);
  writeFileSync(path.join(here, 'results', 'embedded.md'), `${out.table}\n`);
  log(`\n${out.table}\n`);
  return out;
}

/** The figures as rows of `npm run bench`'s one table. */
export function embeddedRows(results) {
  return Object.keys(GOALS)
    .filter((name) => results.current[name])
    .map((name) => {
      const r = results.current[name];
      const v = verdict(name, r);
      return {
        what: `${LABELS[name]} (issue 35)`,
        measured: `${figureText(r)}${v.peerRatio ? `, ${v.peerRatio.toFixed(2)}× the peer's ${peerText(name)}` : ''}`,
        goal: goalText(name),
        pass: v.pass,
      };
    });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runEmbeddedBench().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
