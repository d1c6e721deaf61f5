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
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { freePort, startProcess, waitForUrl } from './support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..');
const dist = path.join(root, 'apps', 'server', 'dist');

export const GOAL = { minRatio: 0.25, maxP99Ms: 50 };
const ITEMS = 5_000;
const CONNECTIONS = 32;
const PASSWORD = 'Bench-Mark-Password-2026';

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
  // The detail target: an item with a photo, labels and hearts, like a typical one.
  const detailItem = items[1];
  return {
    estateId,
    email: trustee.email,
    beneficiaryEmail: beneficiaries[0].email,
    detailItemId: detailItem.id,
  };
}

async function load(url, headers, duration, toggle = false) {
  const requests = toggle ? [{ method: 'PUT' }, { method: 'DELETE' }] : undefined;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    headers,
    pipelining: 1,
    ...(requests ? { requests } : {}),
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Starts the built server on the seeded database, signs in, and loads both endpoints. */
async function benchServer(kind, env, seeded, duration, log) {
  const port = await freePort();
  const server = startProcess(process.execPath, [path.join(dist, 'main.js')], {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    NODE_ENV: 'production',
    SCHEDULER_INTERVAL_SECONDS: '0',
    ACCESS_TOKEN_TTL_SECONDS: '3600',
    WEB_DIST: path.join(os.tmpdir(), 'no-web-for-bench'),
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForUrl(`${base}/api/health`, server);
    const signIn = async (email) => {
      const res = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
      return { authorization: `Bearer ${(await res.json()).accessToken}` };
    };
    const trustee = await signIn(seeded.email);
    const beneficiary = await signIn(seeded.beneficiaryEmail);
    const targets = {
      list: { path: `/api/estates/${seeded.estateId}/items?limit=50&category=Furniture`, headers: trustee },
      detail: { path: `/api/estates/${seeded.estateId}/items/${seeded.detailItemId}`, headers: trustee },
      interest: {
        path: `/api/estates/${seeded.estateId}/items/${seeded.detailItemId}/interest`,
        headers: beneficiary,
        toggle: true,
      },
    };
    const paths = Object.fromEntries(Object.entries(targets).map(([name, t]) => [name, t.path]));
    const bodies = {};
    for (const [name, t] of Object.entries(targets)) {
      const res = await fetch(base + t.path, { method: t.toggle ? 'PUT' : 'GET', headers: t.headers });
      if (!res.ok) throw new Error(`${name} answered ${res.status}: ${await res.text()}`);
      bodies[t.path] = await res.text();
    }
    const results = {};
    for (const [name, t] of Object.entries(targets)) {
      await load(base + t.path, t.headers, Math.min(2, duration), t.toggle); // warm-up, not counted
      const measured = await load(base + t.path, t.headers, duration, t.toggle);
      results[name] = {
        path: t.path.replace(seeded.estateId, ':eid').replace(seeded.detailItemId, ':iid'),
        method: t.toggle ? 'PUT/DELETE' : 'GET',
        bytes: Buffer.byteLength(bodies[t.path]),
        ...measured,
      };
      log(`  ${kind} ${name}: ${results[name].requestsPerSecond} req/s, p99 ${results[name].p99Ms} ms`);
    }
    return { results, bodies, paths };
  } finally {
    await server.stop();
  }
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
    const port = Number.parseInt(bare.output(), 10);
    const results = {};
    for (const [name, p] of Object.entries(paths)) {
      const toggle = name === 'interest';
      await load(`http://127.0.0.1:${port}${p}`, {}, Math.min(2, duration), toggle);
      results[name] = {
        bytes: Buffer.byteLength(bodies[p]),
        ...(await load(`http://127.0.0.1:${port}${p}`, {}, duration, toggle)),
      };
      log(`  bare ${name}: ${results[name].requestsPerSecond} req/s, p99 ${results[name].p99Ms} ms`);
    }
    return results;
  } finally {
    await bare.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

function judge(app, bare) {
  const out = {};
  for (const [name, r] of Object.entries(app)) {
    const ratio = Number((r.requestsPerSecond / bare[name].requestsPerSecond).toPrecision(3));
    out[name] = {
      ...r,
      bareRequestsPerSecond: bare[name].requestsPerSecond,
      ratio,
      pass: ratio >= GOAL.minRatio && r.p99Ms <= GOAL.maxP99Ms && r.non2xx === 0 && r.errors === 0,
    };
  }
  return out;
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
    const { results, bodies, paths } = await benchServer('pglite', env, seeded, duration, log);
    const bare = await benchBare(bodies, paths, duration, log);
    return { bare, ...judge(results, bare) };
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
    const { results, bodies, paths } = await benchServer(
      'postgres',
      { ...process.env, DATA_DIR: dataDir, DATABASE_URL: dbUrl.toString() },
      seeded,
      duration,
      log,
    );
    const bare = await benchBare(bodies, paths, duration, log);
    return { bare, ...judge(results, bare) };
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
    goal: {
      ...GOAL,
      note: 'throughput at least 25% of a bare node:http server answering the same bytes, and p99 latency at most 50 ms',
    },
    pglite,
    postgres,
  };
  const verdicts = [pglite, postgres].flatMap((r) =>
    ['list', 'detail', 'interest'].filter((k) => r[k]).map((k) => r[k].pass),
  );
  results.pass = verdicts.every(Boolean);
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(path.join(here, 'results', 'api.json'), `${JSON.stringify(results, null, 2)}\n`);
  log(`wrote bench/results/api.json (${results.pass ? 'goals met' : 'goals NOT met'})`);
  return results;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runApiBench().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
