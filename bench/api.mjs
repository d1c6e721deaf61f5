/**
 * API benchmark (quality.md, "Benchmarks"): the item list (50 per page, with a category filter),
 * the item detail and a beneficiary's heart toggle (PUT and DELETE in turn: every request is a
 * write) on a 5,000-item estate in stage 11, under load from autocannon (32 connections), against
 * the built server on embedded PGlite in a temporary folder and, when BENCH_DATABASE_URL is set, on
 * PostgreSQL (in a database made for the run and dropped after it). Each figure is a ratio to a
 * bare node:http server answering the same bytes in the same run. Writes bench/results/api.json.
 *
 *   npm run build && node bench/api.mjs
 *   BENCH_DURATION=5 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/api.mjs
 *
 * BENCH_LATENCY_DETAIL=1 adds p90, p97.5 and the slowest request to each result in api.json.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { freePort, startProcess } from './support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..');
const dist = path.join(root, 'apps', 'server', 'dist');

const ITEMS = 5_000;
const CONNECTIONS = 32;
/** Every bench person's password (runScenarios signs them in with it). */
export const PASSWORD = 'Bench-Mark-Password-2026';

const CATEGORIES = [
  'Furniture',
  'Kitchenware',
  'Book',
  'Jewelry',
  'Art',
  'Tools',
  'Linens',
  'Lighting',
  'Toys & Games',
  'Collectibles',
  'Clothing',
  'Garden',
];
const NOUNS = [
  'Chair',
  'Table',
  'Lamp',
  'Vase',
  'Clock',
  'Rug',
  'Mirror',
  'Bowl',
  'Plate',
  'Frame',
  'Chest',
  'Basket',
  'Candlestick',
  'Quilt',
  'Pitcher',
];
const DESCRIPTORS = [
  'Oak',
  'Brass',
  'Walnut',
  'Blue',
  'Crystal',
  'Pine',
  'Silver',
  'Ceramic',
  'Wicker',
  'Cherry',
  'Glass',
  'Pewter',
];

/** Test data from a fixed seed (a linear congruential generator): every run measures the same estate. */
function lcg(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Seeds a 5,000-item estate with SQL (the server is not running yet). Returns what the requests need. */
export async function seed(database, suffix) {
  const schema = await import(path.join(dist, 'db', 'schema.js'));
  const { newId } = await import(path.join(dist, 'platform', 'ids.js'));
  const { hashPassword } = await import(path.join(dist, 'platform', 'passwords.js'));
  const db = database.db;
  const random = lcg(20_261_121);
  const now = new Date();
  const chunked = async (table, rows, size = 1000) => {
    for (let i = 0; i < rows.length; i += size) await db.insert(table).values(rows.slice(i, i + size));
  };

  const trustee = { id: newId(), email: `trustee-${suffix}@bench.example` };
  const beneficiaries = Array.from({ length: 10 }, (_, i) => ({
    id: newId(),
    email: `beneficiary${i + 1}-${suffix}@bench.example`,
  }));
  const passwordHash = await hashPassword(PASSWORD);
  await db
    .insert(schema.users)
    .values(
      [trustee, ...beneficiaries].map((u, i) => ({
        id: u.id,
        email: u.email,
        firstName: i === 0 ? 'Bench' : `Heir${i}`,
        lastName: 'Tester',
        passwordHash,
        emailConfirmedAt: now,
      })),
    );
  const estateId = newId();
  await db
    .insert(schema.estates)
    .values({
      id: estateId,
      name: `Bench Estate ${suffix}`,
      stage: 11,
      itemSeq: ITEMS,
      createdBy: trustee.id,
    });
  await db
    .insert(schema.memberships)
    .values([
      { estateId, userId: trustee.id, roles: [30] },
      ...beneficiaries.map((b) => ({ estateId, userId: b.id, roles: [10] })),
    ]);
  const places = [];
  for (const [li, name] of ['Family House', 'Lake Cottage', 'Storage Unit'].entries()) {
    const locationId = newId();
    await db.insert(schema.locations).values({ id: locationId, estateId, name, position: li });
    for (let r = 0; r < 5; r++) {
      const roomId = newId();
      await db
        .insert(schema.rooms)
        .values({ id: roomId, estateId, locationId, name: `Room ${r + 1}`, position: r });
      places.push({ locationId, roomId });
    }
  }
  const categoryIds = CATEGORIES.map(() => newId());
  const tagIds = ['Fragile', 'Heavy', 'Appraised', 'Needs Repair'].map(() => newId());
  await db
    .insert(schema.labels)
    .values([
      ...CATEGORIES.map((name, i) => ({ id: categoryIds[i], estateId, kind: 'category', name })),
      ...['Fragile', 'Heavy', 'Appraised', 'Needs Repair'].map((name, i) => ({
        id: tagIds[i],
        estateId,
        kind: 'tag',
        name,
      })),
    ]);

  const items = [];
  const links = [];
  const photos = [];
  const hearts = [];
  const hex = (n) => n.toString(16).padStart(64, '0');
  for (let n = 1; n <= ITEMS; n++) {
    const id = newId();
    const place = places[n % places.length];
    items.push({
      id,
      estateId,
      number: n,
      name: `${NOUNS[n % NOUNS.length]} ${DESCRIPTORS[Math.floor(random() * DESCRIPTORS.length)]} ${Math.ceil(n / NOUNS.length)}`,
      notes:
        random() < 0.5
          ? 'Found in the back of the cupboard; small chip on the base. Belonged to Grandma.'
          : '',
      locationId: place.locationId,
      roomId: place.roomId,
      year: random() < 0.3 ? 1900 + Math.floor(random() * 120) : null,
      value: random() < 0.25 ? (Math.floor(random() * 200_000) / 100).toFixed(2) : null,
      createdBy: trustee.id,
    });
    links.push({ estateId, itemId: id, labelId: categoryIds[n % CATEGORIES.length] });
    if (random() < 0.3)
      links.push({ estateId, itemId: id, labelId: categoryIds[(n + 5) % CATEGORIES.length] });
    if (random() < 0.2) links.push({ estateId, itemId: id, labelId: tagIds[n % tagIds.length] });
    if (n % 3 !== 0) {
      photos.push({
        id: newId(),
        estateId,
        itemId: id,
        position: 0,
        originalKey: hex(n),
        previewKey: hex(n + ITEMS),
        thumbKey: hex(n + 2 * ITEMS),
        width: 1440,
        height: 1080,
        bytes: 250_000,
        createdBy: trustee.id,
      });
    }
    for (const b of beneficiaries) if (random() < 0.1) hearts.push({ estateId, itemId: id, memberId: b.id });
  }
  await chunked(schema.items, items, 500);
  await chunked(schema.itemLabels, links, 2000);
  await chunked(schema.photos, photos, 1000);
  await chunked(schema.interests, hearts, 2000);
  // Every member accepted the Terms of Use and the first Agreement (inputs need it).
  await db.insert(schema.agreementAcceptances).values(
    [trustee, ...beneficiaries].flatMap((u) => [
      { estateId, memberId: u.id, kind: 'terms', version: 1, acceptedAt: now },
      { estateId, memberId: u.id, kind: 'agreement', version: 1, acceptedAt: now },
    ]),
  );
  // Another estate of the same family, in the same stage, where writes must not empty this one's cache.
  const otherEstateId = newId();
  await db.insert(schema.estates).values({ id: otherEstateId, name: `Other Estate ${suffix}`, stage: 11, itemSeq: 50, createdBy: trustee.id });
  await db.insert(schema.memberships).values([
    { estateId: otherEstateId, userId: trustee.id, roles: [30] },
    ...beneficiaries.map((b) => ({ estateId: otherEstateId, userId: b.id, roles: [10] })),
  ]);
  const otherItems = Array.from({ length: 50 }, (_, k) => ({
    id: newId(),
    estateId: otherEstateId,
    number: k + 1,
    name: `${NOUNS[k % NOUNS.length]} ${k + 1}`,
    createdBy: trustee.id,
  }));
  await db.insert(schema.items).values(otherItems);
  await db.insert(schema.agreementAcceptances).values(
    beneficiaries.flatMap((u) => [
      { estateId: otherEstateId, memberId: u.id, kind: 'terms', version: 1, acceptedAt: now },
      { estateId: otherEstateId, memberId: u.id, kind: 'agreement', version: 1, acceptedAt: now },
    ]),
  );
  // The detail target: an item with a photo, labels and hearts, like a typical one.
  const detailItem = items[1];
  return {
    estateId,
    email: trustee.email,
    beneficiaryEmail: beneficiaries[0].email,
    beneficiaryEmails: beneficiaries.map((b) => b.email),
    detailItemId: detailItem.id,
    /** Eight different items for eight people hearting at once. */
    heartItemIds: items.slice(10, 18).map((i) => i.id),
    otherEstateId,
    otherItemIds: otherItems.slice(0, 8).map((i) => i.id),
  };
}

/**
 * One load run against `base`: connection k sends `perClient(k)` (a list of requests, repeated).
 * Several runs can go at once (a family hearting while another member reads the list).
 */
export async function load(base, duration, connections, perClient) {
  let k = 0;
  const result = await autocannon({
    url: base,
    connections,
    duration,
    pipelining: 1,
    setupClient: (client) => client.setRequests(perClient(k++)),
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    ...(process.env.BENCH_LATENCY_DETAIL ? { p90Ms: result.latency.p90, p97_5Ms: result.latency.p97_5, maxMs: result.latency.max } : {}),
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Heart on, heart off: every request is a write. */
export const toggle = (path, headers) => [
  { method: 'PUT', path, headers },
  { method: 'DELETE', path, headers },
];

/**
 * The scenarios, from who is signed in: `connections` and `perClient` for each load, and `with`
 * for a second load that runs at the same time (only the first one's figures are the scenario's).
 */
function scenarios(seeded, t) {
  const items = (eid) => `/api/estates/${eid}/items`;
  const listPath = `${items(seeded.estateId)}?limit=50&category=Furniture`;
  const detailPath = `${items(seeded.estateId)}/${seeded.detailItemId}`;
  const heartPath = (eid, iid) => `${items(eid)}/${iid}/interest`;
  const eight = (eid, ids) => (k) => toggle(heartPath(eid, ids[k % 8]), t.beneficiaries[k % 8]);
  const list = { connections: CONNECTIONS, perClient: () => [{ method: 'GET', path: listPath, headers: t.trustee }] };
  return {
    list: { ...list, path: listPath },
    detail: { connections: CONNECTIONS, perClient: () => [{ method: 'GET', path: detailPath, headers: t.trustee }], path: detailPath },
    interest: { connections: CONNECTIONS, perClient: () => toggle(heartPath(seeded.estateId, seeded.detailItemId), t.beneficiaries[0]), path: heartPath(seeded.estateId, seeded.detailItemId) },
    hearts8: { connections: CONNECTIONS, perClient: eight(seeded.estateId, seeded.heartItemIds), paths: seeded.heartItemIds.map((id) => heartPath(seeded.estateId, id)) },
    listWhileHearts: { ...list, connections: 8, with: { connections: 24, perClient: eight(seeded.estateId, seeded.heartItemIds) } },
    listWhileOtherEstateHearts: { ...list, connections: 8, with: { connections: 24, perClient: eight(seeded.otherEstateId, seeded.otherItemIds) } },
  };
}

/** Starts the built server (`serverDist`: another build's dist folder), measures how long it takes to answer. */
export async function startServer(env, serverDist = dist) {
  const port = await freePort();
  const started = performance.now();
  // BENCH_SERVER_NODE_ARGS: extra Node options for the server only (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server = startProcess(process.execPath, [...nodeArgs, path.join(serverDist, 'main.js')], {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    NODE_ENV: 'production',
    SCHEDULER_INTERVAL_SECONDS: '0',
    ACCESS_TOKEN_TTL_SECONDS: '3600',
    // Eleven people sign in from one address at the start of each run.
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    WEB_DIST: path.join(os.tmpdir(), 'no-web-for-bench'),
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (;;) {
      if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.output()}`);
      // BENCH_START_TIMEOUT (seconds): a longer wait on a machine others load heavily.
      if (performance.now() - started > Number(process.env.BENCH_START_TIMEOUT ?? 60) * 1000) throw new Error(`the server did not answer:\n${server.output()}`);
      if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 5));
    }
  } catch (err) {
    await server.stop();
    throw err;
  }
  return { server, base, coldStartMs: Math.round(performance.now() - started) };
}

export async function signInAll(base, seeded) {
  const signIn = async (email) => {
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
    return { authorization: `Bearer ${(await res.json()).accessToken}` };
  };
  const beneficiaries = [];
  for (const email of seeded.beneficiaryEmails) beneficiaries.push(await signIn(email));
  return { trustee: await signIn(seeded.email), beneficiaries };
}

/** Runs the named scenarios on one server (warm-up first, not counted). */
export async function runScenarios(kind, base, seeded, names, duration, log, label = '') {
  const t = await signInAll(base, seeded);
  const all = scenarios(seeded, t);
  const bodies = {};
  // Each path answers once before the load (and its bytes are what the bare server sends).
  for (const p of [all.list.path, all.detail.path]) {
    const res = await fetch(base + p, { headers: t.trustee });
    if (!res.ok) throw new Error(`${p} answered ${res.status}: ${await res.text()}`);
    bodies[p] = await res.text();
  }
  for (const [k, p] of [all.interest.path, ...all.hearts8.paths].entries()) {
    const res = await fetch(base + p, { method: 'PUT', headers: k === 0 ? t.beneficiaries[0] : t.beneficiaries[(k - 1) % 8] });
    if (!res.ok) throw new Error(`${p} answered ${res.status}: ${await res.text()}`);
    bodies[p] = await res.text();
  }
  const results = {};
  for (const name of names) {
    const sc = all[name];
    const run = async (d) => {
      const [main] = await Promise.all([
        load(base, d, sc.connections, sc.perClient),
        sc.with ? load(base, d, sc.with.connections, sc.with.perClient) : undefined,
      ]);
      return main;
    };
    await run(Math.min(2, duration));
    results[name] = await run(duration);
    const r = results[name];
    log(`  ${kind}${label} ${name}: ${r.requestsPerSecond} req/s, p99 ${r.p99Ms} ms${r.non2xx + r.errors > 0 ? ` (${r.non2xx} non-2xx, ${r.errors} errors)` : ''}`);
  }
  return { results, bodies, paths: { list: all.list.path, detail: all.detail.path, interest: all.interest.path, hearts8: all.hearts8.paths } };
}

/** The bare server answering the same bytes on the same paths. */
async function benchBare(bodies, paths, duration, log) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'estate-bare-'));
  const file = path.join(dir, 'bodies.json');
  writeFileSync(file, JSON.stringify(bodies));
  const bare = startProcess(process.execPath, [path.join(here, 'bare-server.mjs'), file], process.env);
  try {
    const until = Date.now() + 10_000;
    while (!/^\d+\n/.test(bare.output()) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    const base = `http://127.0.0.1:${Number.parseInt(bare.output(), 10)}`;
    const runs = {
      list: () => [{ method: 'GET', path: paths.list }],
      detail: () => [{ method: 'GET', path: paths.detail }],
      interest: () => toggle(paths.interest, {}),
      hearts8: (k) => toggle(paths.hearts8[k % 8], {}),
    };
    const results = {};
    for (const [name, perClient] of Object.entries(runs)) {
      await load(base, Math.min(2, duration), CONNECTIONS, perClient);
      results[name] = await load(base, duration, CONNECTIONS, perClient);
      log(`  bare ${name}: ${results[name].requestsPerSecond} req/s, p99 ${results[name].p99Ms} ms`);
    }
    return results;
  } finally {
    await bare.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The goals (quality.md, and issue 15 for hearts, the uncached database path and the scoped cache),
 * per database: `minRps`, `maxP99Ms`, `minRatio` (to the bare server), `maxMs` (cold start).
 */
export const GOALS = {
  list: { pglite: { minRatio: 0.25, maxP99Ms: 50 }, postgres: { minRatio: 0.25, maxP99Ms: 50 } },
  detail: { pglite: { minRatio: 0.25, maxP99Ms: 50 }, postgres: { minRatio: 0.25, maxP99Ms: 50 } },
  interest: { pglite: { minRps: 300, maxP99Ms: 100 }, postgres: { maxP99Ms: 100 } },
  hearts8: { pglite: { minRps: 300, maxP99Ms: 100 }, postgres: { minRps: 1000, maxP99Ms: 50 } },
  listWhileHearts: { pglite: { maxP99Ms: 50 }, postgres: { maxP99Ms: 50 } },
  listWhileOtherEstateHearts: { pglite: { maxP99Ms: 50 }, postgres: { maxP99Ms: 50 } },
  listUncached: { pglite: {}, postgres: { minRps: 2400, maxP99Ms: 50 } },
  detailUncached: { pglite: {}, postgres: { minRps: 3000, maxP99Ms: 50 } },
  listUncachedWhileHearts: { pglite: {}, postgres: {} },
  coldStart: { pglite: {}, postgres: { maxMs: 650 } },
};

const LABELS = {
  list: 'item list (50 of 5,000, a category), read cache on',
  detail: 'item detail, read cache on',
  interest: 'heart toggle, all 32 connections on one heart',
  hearts8: 'hearts, 8 people on 8 items, 32 connections',
  listWhileHearts: 'item list (8 conn.) while 8 people heart in the same estate (24 conn.)',
  listWhileOtherEstateHearts: 'item list (8 conn.) while 8 people heart in another estate',
  listUncached: 'item list, read cache off (database path)',
  detailUncached: 'item detail, read cache off',
  listUncachedWhileHearts: 'item list, read cache off, while 8 people heart',
  coldStart: 'cold start of the built server to its first answer',
};

function judge(kind, all, bare) {
  const out = {};
  for (const [name, goals] of Object.entries(GOALS)) {
    const r = all[name];
    if (!r) continue;
    const goal = goals[kind];
    const bareName = { listUncached: 'list', detailUncached: 'detail' }[name] ?? name;
    const bareRps = bare[bareName]?.requestsPerSecond;
    const ratio = bareRps && r.requestsPerSecond !== undefined ? Number((r.requestsPerSecond / bareRps).toPrecision(3)) : undefined;
    const pass =
      (goal.minRatio === undefined || (ratio ?? 0) >= goal.minRatio) &&
      (goal.minRps === undefined || r.requestsPerSecond >= goal.minRps) &&
      (goal.maxP99Ms === undefined || r.p99Ms <= goal.maxP99Ms) &&
      (goal.maxMs === undefined || r.ms <= goal.maxMs) &&
      !(r.non2xx > 0 || r.errors > 0);
    out[name] = { ...r, ...(bareRps ? { bareRequestsPerSecond: bareRps, ratio } : {}), goal, pass };
  }
  return out;
}

/** Cache on, then cache off (a second start of the same server on the same data), then the bare server. */
async function benchBoth(kind, env, seeded, duration, log) {
  const on = await startServer(env);
  let measured;
  try {
    measured = await runScenarios(kind, on.base, seeded, ['list', 'detail', 'interest', 'hearts8', 'listWhileHearts', 'listWhileOtherEstateHearts'], duration, log);
  } finally {
    await on.server.stop();
  }
  const off = await startServer({ ...env, READ_CACHE: 'off' });
  let uncached;
  try {
    uncached = await runScenarios(kind, off.base, seeded, ['list', 'detail', 'listWhileHearts'], duration, log, ' (cache off)');
  } finally {
    await off.server.stop();
  }
  const bare = await benchBare(measured.bodies, measured.paths, duration, log);
  const all = {
    ...measured.results,
    listUncached: uncached.results.list,
    detailUncached: uncached.results.detail,
    listUncachedWhileHearts: uncached.results.listWhileHearts,
    coldStart: { ms: Math.min(on.coldStartMs, off.coldStartMs) },
  };
  log(`  ${kind} cold start: ${all.coldStart.ms} ms`);
  return { bare, ...judge(kind, all, bare) };
}

async function onPglite(duration, log) {
  const { openPglite } = await import(path.join(dist, 'db', 'client.js'));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'estate-bench-'));
  try {
    const started = Date.now();
    const database = await openPglite(dataDir);
    const seeded = await seed(database, 'pglite');
    await database.close();
    log(`  seeded ${ITEMS} items on PGlite in ${Date.now() - started} ms`);
    const env = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    return await benchBoth('pglite', env, seeded, duration, log);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(url, duration, log) {
  const { openPostgres } = await import(path.join(dist, 'db', 'client.js'));
  const name = `estate_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'estate-bench-pg-'));
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const started = Date.now();
    const database = await openPostgres(dbUrl.toString());
    const seeded = await seed(database, 'postgres');
    // PostgreSQL's autovacuum analyses fresh tables by itself within a minute or so; do it now so the
    // run does not depend on when it wakes. (PGlite has no autovacuum: it is measured as it is.)
    await database.db.execute(sql`analyze`);
    await database.close();
    log(`  seeded ${ITEMS} items on PostgreSQL in ${Date.now() - started} ms`);
    return await benchBoth('postgres', { ...process.env, DATA_DIR: dataDir, DATABASE_URL: dbUrl.toString() }, seeded, duration, log);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`).catch(() => undefined);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runApiBench({
  duration = Number(process.env.BENCH_DURATION ?? 10),
  log = console.log,
} = {}) {
  if (!existsSync(path.join(dist, 'main.js')))
    throw new Error('The server is not built: run `npm run build` first.');
  log(`API benchmark: ${ITEMS} items, ${CONNECTIONS} connections, ${duration} s per run`);
  const pglite = await onPglite(duration, log);
  const postgres = process.env.BENCH_DATABASE_URL
    ? await onPostgres(process.env.BENCH_DATABASE_URL, duration, log)
    : { skipped: 'Set BENCH_DATABASE_URL to run on PostgreSQL too.' };
  const results = {
    benchmark: 'api',
    ranAt: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? '',
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
    },
    settings: {
      items: ITEMS,
      pageSize: 50,
      listFilter: 'category=Furniture',
      connections: CONNECTIONS,
      durationSeconds: duration,
      statistics:
        'PostgreSQL is analysed after seeding (as autovacuum would); PGlite has no autovacuum and is measured without ANALYZE, as the server runs today',
    },
    goals: GOALS,
    pglite,
    postgres,
  };
  const verdicts = [pglite, postgres].flatMap((r) => Object.keys(GOALS).filter((k) => r[k]).map((k) => r[k].pass));
  results.pass = verdicts.every(Boolean);
  results.table = apiTable(results);
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(path.join(here, 'results', 'api.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(path.join(here, 'results', 'api.md'), `${results.table}\n`);
  log(`\n${results.table}\n`);
  log(`wrote bench/results/api.json and api.md (${results.pass ? 'goals met' : 'goals NOT met'})`);
  return results;
}

const number = (n) => Math.round(n).toLocaleString('en-US');

function figure(r) {
  if (!r) return '–';
  if (r.ms !== undefined) return `${number(r.ms)} ms`;
  const ratio = r.ratio !== undefined ? `, ${r.ratio} of bare` : '';
  const failed = r.non2xx + r.errors > 0 ? `, ${r.non2xx + r.errors} failed` : '';
  return `${number(r.requestsPerSecond)}/s, p99 ${r.p99Ms} ms${ratio}${failed}`;
}

function goalText(goal) {
  const parts = [];
  if (goal?.minRps !== undefined) parts.push(`≥ ${number(goal.minRps)}/s`);
  if (goal?.minRatio !== undefined) parts.push(`≥ ${goal.minRatio} of bare`);
  if (goal?.maxP99Ms !== undefined) parts.push(`p99 ≤ ${goal.maxP99Ms} ms`);
  if (goal?.maxMs !== undefined) parts.push(`≤ ${goal.maxMs} ms`);
  return parts.join(', ') || 'reported';
}

const mark = (r) => (!r ? '' : r.pass ? ' ✓' : ' ✗');

/** The API figures as rows of `npm run bench`'s one table: what, measured, goal, met (undefined: reported only). */
export function apiRows(results) {
  const databases = [['PGlite', results.pglite], ['PostgreSQL', results.postgres]].filter(([, r]) => r && !r.skipped);
  return databases.flatMap(([db, r]) =>
    Object.keys(GOALS)
      .filter((name) => r[name])
      .map((name) => {
        const goal = GOALS[name][db === 'PGlite' ? 'pglite' : 'postgres'];
        return { what: `${LABELS[name]} (${db})`, measured: figure(r[name]), goal: goalText(goal), pass: Object.keys(goal).length ? r[name].pass : undefined };
      }),
  );
}

/** One Markdown table of every figure with its goal, the machine and the run (README, "Benchmarks"). */
export function apiTable(results) {
  const { pglite, postgres, machine, settings } = results;
  const rows = Object.keys(GOALS).map((name) => {
    const pg = postgres?.skipped ? undefined : postgres?.[name];
    return `| ${LABELS[name]} | ${figure(pglite[name])}${mark(pglite[name])} | ${goalText(GOALS[name].pglite)} | ${pg ? figure(pg) + mark(pg) : '–'} | ${goalText(GOALS[name].postgres)} |`;
  });
  const bare = (db) => (db && !db.skipped && db.bare ? `list ${number(db.bare.list.requestsPerSecond)}/s, detail ${number(db.bare.detail.requestsPerSecond)}/s, toggle ${number(db.bare.interest.requestsPerSecond)}/s` : '–');
  return [
    `API benchmark, ${results.ranAt.slice(0, 16).replace('T', ' ')} UTC: ${machine.cpus} cores (${machine.cpuModel.trim()}), Node ${machine.node}; ${number(settings.items)} items, ${settings.connections} connections, ${settings.durationSeconds} s a run; server, database and load generator share the machine.`,
    '',
    '| | PGlite | goal | PostgreSQL | goal |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    `Bare node:http server answering the same bytes in the same run: PGlite run ${bare(pglite)}; PostgreSQL run ${bare(postgres)}.`,
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runApiBench().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
