/**
 * Engine benchmark (quality.md, "Benchmarks"): steps 14 → 15 → 21 → 31 for 10,000 items × 50
 * receivers, first in the engine alone (goal ≤ 100 ms), then applied to the database with their
 * records, exactly as the server's "run step" does it (goal ≤ 3 s): embedded PGlite in a temporary
 * folder, and PostgreSQL when BENCH_DATABASE_URL is set. Writes bench/results/engine.json.
 *
 *   npx tsx --conditions=source bench/engine.bench.mjs
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx --conditions=source bench/engine.bench.mjs
 *
 * The data are generated from a fixed seed (a small linear congruential generator: this is test
 * data, not a draw), so every run measures the same estate.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { runPipeline } from '@estate/domain/draw/pipeline';
import { verifyRecord } from '@estate/domain/draw/record';
import { openPglite, openPostgres } from '../apps/server/src/db/client.ts';
import * as schema from '../apps/server/src/db/schema.ts';
import { applyStep } from '../apps/server/src/modules/draws/service.ts';
import { inputStageOf } from '../apps/server/src/modules/input-commitments/for-step.ts';
import { sealInputs } from '../apps/server/src/modules/input-commitments/seal.ts';

const ITEMS = 10_000;
const RECEIVERS = 50;
const HI_ITEMS = 300;
const ENGINE_RUNS = 7;
const GOALS = { engineMs: 100, databaseMs: 3000 };
const STEPS = [14, 15, 21, 31];
const here = path.dirname(fileURLToPath(import.meta.url));

// ---- deterministic test data ----

let state = 0x2545f491;
/** 0 ≤ n < max, from a fixed-seed LCG (Numerical Recipes constants). */
function next(max) {
  state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
  return Math.floor((state / 2 ** 32) * max);
}
const uuid = (kind, n) => `00000000-0000-7000-8${kind}00-${n.toString(16).padStart(12, '0')}`;
const secretFor = (step) => createHash('sha256').update(`bench secret ${step}`).digest();

function generate() {
  const receivers = Array.from({ length: RECEIVERS }, (_, k) => uuid('1', k + 1));
  const items = Array.from({ length: ITEMS }, (_, k) => ({ id: uuid('2', k + 1), highInterest: k < HI_ITEMS }));
  const interests = [];
  const wantsOf = new Map(receivers.map((r) => [r, []]));
  for (const item of items) {
    // HI items: 6–40 interested; others: 35% nobody, 30% one, 35% two to five.
    const roll = next(100);
    const count = item.highInterest ? 6 + next(35) : roll < 35 ? 0 : roll < 65 ? 1 : 2 + next(4);
    const chosen = new Set();
    while (chosen.size < count) chosen.add(receivers[next(RECEIVERS)]);
    for (const m of chosen) {
      interests.push([m, item.id]);
      wantsOf.get(m).push(item);
    }
  }
  const interested = new Map();
  for (const [, i] of interests) interested.set(i, (interested.get(i) ?? 0) + 1);
  const rankings = [];
  const tokens = [];
  for (const m of receivers) {
    const hi = wantsOf.get(m).filter((i) => i.highInterest);
    for (let k = hi.length - 1; k > 0; k--) {
      const j = next(k + 1);
      [hi[k], hi[j]] = [hi[j], hi[k]];
    }
    hi.slice(0, 10).forEach((item, k) => rankings.push([m, item.id, k + 1]));
    // Seed budget rule: one token per contested item hearted; spend it as 0, 1 or 2 per item.
    const contested = wantsOf.get(m).filter((i) => !i.highInterest && interested.get(i.id) >= 2);
    let left = contested.length;
    for (const item of contested) {
      const count = Math.min(left, next(3));
      if (count > 0) tokens.push([m, item.id, count]);
      left -= count;
    }
  }
  return { receivers, items, interests, rankings, tokens };
}

// ---- engine alone ----

function median(list) {
  const s = [...list].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function benchEngine(inputs) {
  const params = { estateId: uuid('0', 1), mode: 'round-robin', inputs, secrets: { 21: secretFor(21), 31: secretFor(31) } };
  runPipeline(params); // warm-up
  const times = [];
  let result;
  for (let k = 0; k < ENGINE_RUNS; k++) {
    const t0 = performance.now();
    result = runPipeline(params);
    times.push(performance.now() - t0);
  }
  return { ms: median(times), runs: times.map((t) => Math.round(t * 10) / 10), records: result.records };
}

// ---- applied to the database ----

async function insertChunks(db, table, rows, size = 2000) {
  for (let k = 0; k < rows.length; k += size) await db.insert(table).values(rows.slice(k, k + size));
}

async function seed(db, data) {
  const estateId = uuid('0', 1);
  const trusteeId = uuid('1', 0);
  const people = [trusteeId, ...data.receivers];
  await insertChunks(db, schema.users, people.map((id, k) => ({ id, email: `bench${k}@example.com`, firstName: `Bench${k}`, lastName: 'Person', passwordHash: 'not-a-hash' })));
  await db.insert(schema.estates).values({ id: estateId, name: 'Benchmark estate', stage: 13, settings: {}, createdBy: trusteeId });
  await insertChunks(db, schema.memberships, [
    { estateId, userId: trusteeId, roles: [30] },
    ...data.receivers.map((userId) => ({ estateId, userId, roles: [10] })),
  ]);
  await insertChunks(db, schema.items, data.items.map((item, k) => ({ id: item.id, estateId, number: k + 1, name: `Bench Item ${k + 1}`, highInterest: item.highInterest, highInterestSource: item.highInterest ? 'auto' : null })));
  await insertChunks(db, schema.interests, data.interests.map(([memberId, itemId]) => ({ estateId, itemId, memberId })));
  await insertChunks(db, schema.rankings, data.rankings.map(([memberId, itemId, rank]) => ({ estateId, memberId, itemId, rank })));
  await insertChunks(db, schema.tokenAllocations, data.tokens.map(([memberId, itemId, count]) => ({ estateId, memberId, itemId, count })));
  for (const step of [21, 31]) {
    const secret = secretFor(step);
    await db.insert(schema.drawSecrets).values({ estateId, step, secret: secret.toString('hex'), commitment: createHash('sha256').update(secret).digest('hex') });
  }
  return { estateId, trusteeId };
}

async function benchDatabase(database, data, engineRecords) {
  const { db } = database;
  const { estateId, trusteeId } = await seed(db, data);
  const ms = {};
  const t0 = performance.now();
  for (const step of STEPS) {
    // The stage move itself is the stage module's business; here it is a plain update.
    await db.update(schema.estates).set({ stage: step }).where(eq(schema.estates.id, estateId));
    // Moving on from the stage where the step's inputs were given seals them (as the stage move does).
    await db.transaction((tx) => sealInputs(tx, { estateId, stage: inputStageOf(step), actorId: trusteeId, now: new Date() }));
    const s0 = performance.now();
    await db.transaction((tx) => applyStep(tx, { estateId, step, actorId: trusteeId, now: new Date() }));
    ms[step] = Math.round(performance.now() - s0);
  }
  const total = Math.round(performance.now() - t0);
  // The stored records verify and are the engine's own records (same inputs, same secrets).
  const stored = await db.select().from(schema.drawRecords).where(eq(schema.drawRecords.estateId, estateId));
  const checks = stored.map((row) => {
    const engine = engineRecords.find((r) => r.step === row.step);
    return { step: row.step, verified: verifyRecord(row.record).ok, sameAsEngine: engine?.inputHash === row.record.inputHash && engine.assignments.length === row.record.assignments.length };
  });
  return { ms, total, goalMs: GOALS.databaseMs, ratioToGoal: round(total / GOALS.databaseMs), withinGoal: total <= GOALS.databaseMs, checks };
}

const round = (x) => Math.round(x * 1000) / 1000;

async function withPostgres(url, fn) {
  const name = `estate_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = await openPostgres(dbUrl.toString());
  try {
    return await fn(database);
  } finally {
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.end();
  }
}

async function main() {
  const data = generate();
  const size = { items: ITEMS, receivers: RECEIVERS, hiItems: HI_ITEMS, interests: data.interests.length, rankings: data.rankings.length, tokens: data.tokens.length };
  console.log('estate:', size);

  const engine = benchEngine(data);
  console.log(`engine: median ${engine.ms.toFixed(1)} ms over ${ENGINE_RUNS} runs (goal ≤ ${GOALS.engineMs} ms)`);

  const dir = mkdtempSync(path.join(os.tmpdir(), 'estate-bench-'));
  let pglite;
  try {
    const database = await openPglite(dir);
    try {
      pglite = await benchDatabase(database, data, engine.records);
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`pglite: ${pglite.total} ms`, pglite.ms, `(goal ≤ ${GOALS.databaseMs} ms)`);

  let postgres = null;
  if (process.env.BENCH_DATABASE_URL) {
    postgres = await withPostgres(process.env.BENCH_DATABASE_URL, (database) => benchDatabase(database, data, engine.records));
    console.log(`postgres: ${postgres.total} ms`, postgres.ms, `(goal ≤ ${GOALS.databaseMs} ms)`);
  }

  const results = {
    benchmark: 'engine',
    description: 'Steps 14 → 31 for 10,000 items × 50 receivers: engine alone, and applied to the database with records (quality.md).',
    at: new Date().toISOString(),
    node: process.version,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    size,
    goals: { engineMs: GOALS.engineMs, databaseMs: GOALS.databaseMs },
    engine: { medianMs: round(engine.ms), runsMs: engine.runs, goalMs: GOALS.engineMs, ratioToGoal: round(engine.ms / GOALS.engineMs), withinGoal: engine.ms <= GOALS.engineMs },
    database: { pglite, postgres },
  };
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(path.join(here, 'results', 'engine.json'), `${JSON.stringify(results, null, 2)}\n`);
  const failed = [pglite, postgres].filter(Boolean).flatMap((r) => r.checks).filter((c) => !c.verified || !c.sameAsEngine);
  if (failed.length > 0) {
    console.error('records that do not verify or differ from the engine:', failed);
    process.exitCode = 1;
  }
  console.log('wrote bench/results/engine.json');
}

await main();
