/**
 * Chat benchmark (issue 12): 50 members of one estate, each with the live event stream open, all
 * post in the estate's conversation at the same moment, several rounds. Every message must reach
 * all 50 streams (its author's too): lost deliveries must be 0. Measured per delivery: from just
 * before the sender's POST to the `chat` event arriving on a receiver's stream (p50, p99, max).
 * Against the built server on embedded PGlite in a temporary folder and, when BENCH_DATABASE_URL
 * is set, on PostgreSQL. A first round warms the server up and is not counted. Writes
 * bench/results/chat.json.
 *
 *   npm run build && node bench/chat.mjs
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, startProcess, waitForUrl } from './support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..');
const dist = path.join(root, 'apps', 'server', 'dist');

/** Every message reaches every member, within two seconds even when the whole family writes at once. */
export const GOAL = { lost: 0, maxP99Ms: 2000 };
const MEMBERS = 50;
const ROUNDS = Number(process.env.BENCH_CHAT_ROUNDS ?? 5);
/** How long a delivery may take before it counts as lost. */
const LOST_AFTER_MS = 15_000;
const PASSWORD = 'Bench-Mark-Password-2026';

async function seed(database, suffix) {
  const schema = await import(path.join(dist, 'db', 'schema.js'));
  const { newId } = await import(path.join(dist, 'platform', 'ids.js'));
  const { hashPassword } = await import(path.join(dist, 'platform', 'passwords.js'));
  const passwordHash = await hashPassword(PASSWORD);
  const people = Array.from({ length: MEMBERS }, (_, i) => ({ id: newId(), email: `member${i + 1}-${suffix}@chat.bench.example` }));
  await database.db.insert(schema.users).values(
    people.map((p, i) => ({ id: p.id, email: p.email, firstName: `Member${i + 1}`, lastName: 'Tester', passwordHash, emailConfirmedAt: new Date() })),
  );
  const estateId = newId();
  await database.db.insert(schema.estates).values({ id: estateId, name: `Chat Bench ${suffix}`, stage: 11, createdBy: people[0].id });
  await database.db.insert(schema.memberships).values(people.map((p, i) => ({ estateId, userId: p.id, roles: [i === 0 ? 30 : 10] })));
  return { estateId, emails: people.map((p) => p.email) };
}

/** The event stream as the browser reads it; `onChat(data, at)` for every chat event. */
async function openStream(base, token, onChat) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
  if (res.status !== 200) throw new Error(`event stream answered ${res.status}`);
  let resolveReady;
  const ready = new Promise((r) => (resolveReady = r));
  void (async () => {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          if (event === 'ready') resolveReady();
          if (event !== 'chat') continue;
          const at = performance.now();
          onChat(JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? '{}'), at);
        }
      }
    } catch {
      // Closed at the end of the run.
    }
  })();
  await ready;
  return () => controller.abort();
}

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return Number(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)].toFixed(1));
}

async function benchServer(kind, env, seeded, log) {
  const port = await freePort();
  const server = startProcess(process.execPath, [path.join(dist, 'main.js')], {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    NODE_ENV: 'production',
    SCHEDULER_INTERVAL_SECONDS: '0',
    ACCESS_TOKEN_TTL_SECONDS: '3600',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '10000',
    WEB_DIST: path.join(os.tmpdir(), 'no-web-for-bench'),
  });
  const closers = [];
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForUrl(`${base}/api/health`, server);
    const tokens = [];
    for (const email of seeded.emails) {
      const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
      if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
      tokens.push((await res.json()).accessToken);
    }
    const auth = (token) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
    const list = await fetch(`${base}/api/estates/${seeded.estateId}/conversations`, { headers: auth(tokens[0]) });
    const conversationId = (await list.json()).conversations.find((c) => c.kind === 'estate').id;

    /** messageId → when its POST started; and per receiver, when each message arrived. */
    const sentAt = new Map();
    const arrivals = tokens.map(() => new Map());
    const early = tokens.map(() => []);
    for (const [i, token] of tokens.entries()) {
      closers.push(
        await openStream(base, token, (data, at) => {
          arrivals[i].set(data.messageId, at);
          if (!sentAt.has(data.messageId)) early[i].push(data.messageId);
        }),
      );
    }

    const latencies = [];
    let lost = 0;
    let failedPosts = 0;
    let started = performance.now();
    // Round 0 warms the server up (code paths compiled, caches filled) and is not counted.
    for (let round = 0; round <= ROUNDS; round++) {
      if (round === 1) {
        latencies.length = 0;
        lost = 0;
        started = performance.now();
      }
      const posted = await Promise.all(
        tokens.map(async (token, i) => {
          const t0 = performance.now();
          const res = await fetch(`${base}/api/estates/${seeded.estateId}/conversations/${conversationId}/messages`, {
            method: 'POST',
            headers: auth(token),
            body: JSON.stringify({ text: `Round ${round}: hello from member ${i + 1}` }),
          });
          if (res.status !== 201) {
            failedPosts += 1;
            return null;
          }
          const id = (await res.json()).message.id;
          sentAt.set(id, t0);
          return id;
        }),
      );
      const ids = posted.filter(Boolean);
      const deadline = performance.now() + LOST_AFTER_MS;
      while (performance.now() < deadline && !arrivals.every((a) => ids.every((id) => a.has(id)))) await new Promise((r) => setTimeout(r, 10));
      for (const a of arrivals) {
        for (const id of ids) {
          const at = a.get(id);
          if (at === undefined) lost += 1;
          else latencies.push(at - sentAt.get(id));
        }
      }
    }
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((x, y) => x - y);
    const result = {
      members: MEMBERS,
      rounds: ROUNDS,
      messages: MEMBERS * ROUNDS,
      deliveriesExpected: MEMBERS * MEMBERS * ROUNDS,
      deliveries: latencies.length,
      lost,
      failedPosts,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      maxMs: latencies.length ? Number(latencies.at(-1).toFixed(1)) : null,
      seconds: Number(seconds.toFixed(2)),
    };
    result.pass = result.lost === GOAL.lost && result.failedPosts === 0 && result.p99Ms !== null && result.p99Ms <= GOAL.maxP99Ms;
    log(`  ${kind}: ${result.deliveries}/${result.deliveriesExpected} deliveries, lost ${lost}, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, max ${result.maxMs} ms`);
    return result;
  } finally {
    for (const close of closers) close();
    await server.stop();
  }
}

async function onPglite(log) {
  const { openPglite } = await import(path.join(dist, 'db', 'client.js'));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'estate-chat-bench-'));
  try {
    const database = await openPglite(dataDir);
    const seeded = await seed(database, 'pglite');
    await database.close();
    const env = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    return await benchServer('pglite', env, seeded, log);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(url, log) {
  const { openPostgres } = await import(path.join(dist, 'db', 'client.js'));
  const name = `estate_chat_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'estate-chat-bench-pg-'));
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const database = await openPostgres(dbUrl.toString());
    const seeded = await seed(database, 'postgres');
    await database.close();
    return await benchServer('postgres', { ...process.env, DATA_DIR: dataDir, DATABASE_URL: dbUrl.toString() }, seeded, log);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`).catch(() => undefined);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runChatBench({ log = console.log } = {}) {
  if (!existsSync(path.join(dist, 'main.js'))) throw new Error('The server is not built: run `npm run build` first.');
  log(`Chat benchmark: ${MEMBERS} members posting at once in the estate's conversation, ${ROUNDS} rounds`);
  const pglite = await onPglite(log);
  const postgres = process.env.BENCH_DATABASE_URL ? await onPostgres(process.env.BENCH_DATABASE_URL, log) : { skipped: 'Set BENCH_DATABASE_URL to run on PostgreSQL too.' };
  const results = {
    benchmark: 'chat',
    ranAt: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? '', node: process.version, platform: `${os.platform()} ${os.release()}` },
    settings: { members: MEMBERS, rounds: ROUNDS, lostAfterMs: LOST_AFTER_MS, measured: "from just before the sender's POST to the chat event on each receiver's stream (author included)" },
    goal: GOAL,
    pglite,
    postgres,
  };
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(path.join(here, 'results', 'chat.json'), `${JSON.stringify(results, null, 2)}\n`);
  return results;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  runChatBench()
    .then((r) => {
      const runs = [r.pglite, r.postgres].filter((x) => !x.skipped);
      process.exit(runs.every((x) => x.pass) ? 0 : 1);
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
