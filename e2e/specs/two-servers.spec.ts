/**
 * Several servers on several hosts (README, "Running several servers"; issue 33): two built servers
 * on two loopback addresses, each with its own DATA_DIR, share one PostgreSQL, one Redis and one
 * bucket of a real S3 server (s3rver, started here on loopback). A photo uploaded through one is
 * served by the other; a heart through one reaches an event stream on the other once; a passing
 * deadline moves the stage once; one server killed with SIGKILL under load loses no acknowledged
 * write while clients carry on through the other. Skips, saying so, when no PostgreSQL answers.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import S3rver from 's3rver';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { postgresAnswers, withFreshDatabase } from '../support/postgres.js';
import { startServer, type RunningServer } from '../support/server.js';
import { advanceTo, api, seedEstate, type SeededEstate } from '../support/seed.js';

if (!postgresAnswers) console.log('two-servers.spec: no PostgreSQL server on 127.0.0.1:5432; skipping the several-servers test');

const redisAnswers = await new Promise<boolean>((resolve) => {
  const socket = connect(6379, '127.0.0.1');
  socket.once('connect', () => (socket.end(), resolve(true))).once('error', () => resolve(false));
  socket.setTimeout(1000, () => resolve(false));
});

let s3: S3rver | undefined;
let s3Dir = '';
let s3Env: Record<string, string> = {};
beforeAll(async () => {
  if (!postgresAnswers) return;
  s3Dir = mkdtempSync(path.join(tmpdir(), 'estate-two-s3-'));
  s3 = new S3rver({ port: 0, address: '127.0.0.1', directory: s3Dir, silent: true });
  const { port } = await s3.run();
  s3Env = { S3_BUCKET: 'estate-two-servers', S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true' };
  const client = new S3Client({ region: 'us-east-1', endpoint: s3Env.S3_ENDPOINT, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  await client.send(new CreateBucketCommand({ Bucket: s3Env.S3_BUCKET }));
  client.destroy();
});
afterAll(async () => {
  await s3?.close();
  if (s3Dir) rmSync(s3Dir, { recursive: true, force: true });
});

/** Events of one type read from `GET /api/events` until `stop()`. */
function eventStream(url: string, token: string) {
  const seen: { type: string; data: Record<string, unknown> }[] = [];
  const controller = new AbortController();
  const ready = (async () => {
    const res = await fetch(`${url}/api/events`, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }, signal: controller.signal });
    if (!res.ok || !res.body) throw new Error(`event stream: ${res.status}`);
    const reader = res.body.getReader();
    let buffer = '';
    let resolveOpen!: () => void;
    const opened = new Promise<void>((r) => (resolveOpen = r));
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += Buffer.from(value).toString('utf8');
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const type = /^event: (.+)$/m.exec(block)?.[1];
            const data = /^data: (.+)$/m.exec(block)?.[1];
            if (type === 'ready') resolveOpen();
            if (type && data) seen.push({ type, data: JSON.parse(data) as Record<string, unknown> });
          }
        }
      } catch {
        /* stopped */
      }
    })();
    await opened;
  })();
  return { ready, seen, stop: () => controller.abort() };
}

async function until<T>(what: string, probe: () => Promise<T | undefined | false> | T | undefined | false, seconds = 60): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`waited ${seconds} s for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function photoForm(bytes: Buffer): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
  return form;
}

it.skipIf(!postgresAnswers)(
  'two servers on two hosts serve one installation: photos, hearts, deadlines, and a server killed under load',
  async () => {
    await withFreshDatabase('two_servers', async (databaseUrl) => {
      const shared = { DATABASE_URL: databaseUrl, ...s3Env, ...(redisAnswers ? { REDIS_URL: 'redis://127.0.0.1:6379/0' } : {}), SCHEDULER_INTERVAL_SECONDS: '1', LOG_LEVEL: 'error' };
      // Each server on its own loopback address, with its own (empty) data folder.
      const one: RunningServer = await startServer(shared, { host: '127.0.0.1' });
      const two: RunningServer = await startServer(shared, { host: '127.0.0.2' });
      try {
        const seeded: SeededEstate = await seedEstate(one.url, { anna: [10] });
        const { estateId, trustee } = seeded;
        const anna = seeded.members.anna!;
        await advanceTo(one.url, seeded, [1]);
        const { item } = await api<{ item: { id: string } }>(one.url, 'POST', `/api/estates/${estateId}/items`, { name: 'Walnut Desk', categories: ['Furniture'] }, trustee.token);

        // A photo uploaded through one is served by the other; neither keeps it in its data folder.
        const sharp = (await import('sharp')).default;
        const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: 'teal' } }).jpeg().toBuffer();
        const uploaded = await fetch(`${one.url}/api/estates/${estateId}/items/${item.id}/photos`, { method: 'POST', headers: { authorization: `Bearer ${trustee.token}` }, body: photoForm(jpeg) });
        expect(uploaded.status).toBe(201);
        const { photo } = (await uploaded.json()) as { photo: { thumbUrl: string; originalUrl: string } };
        const viaTwo = await fetch(`${two.url}${new URL(photo.thumbUrl, one.url).pathname}${new URL(photo.thumbUrl, one.url).search}`);
        expect(viaTwo.status).toBe(200);
        expect(viaTwo.headers.get('content-type')).toBe('image/webp');
        expect((await sharp(Buffer.from(await viaTwo.arrayBuffer())).metadata()).width).toBe(320);
        for (const server of [one, two]) {
          const files = path.join(server.dataDir, 'files');
          expect(existsSync(files) ? readdirSync(files) : []).toEqual([]);
        }

        // A heart through one reaches an event stream on the other, once.
        await advanceTo(one.url, seeded, [2, 10, 11]);
        const stream = eventStream(two.url, trustee.token);
        await stream.ready;
        const hearted = await api<{ interestCount: number }>(one.url, 'PUT', `/api/estates/${estateId}/items/${item.id}/interest`, undefined, anna.token);
        expect(hearted.interestCount).toBe(1);
        const heartEvents = () => stream.seen.filter((e) => e.type === 'item' && e.data.itemId === item.id && e.data.interestCount === 1);
        await until('the heart on the other server', () => heartEvents().length > 0);
        await new Promise((r) => setTimeout(r, 1500)); // a second copy would have arrived by now
        expect(heartEvents()).toHaveLength(1);

        // A passing deadline moves the stage once, though both servers run the scheduler.
        const dueAt = new Date(Date.now() + 2000).toISOString();
        await api(one.url, 'PUT', `/api/estates/${estateId}/deadlines/11`, { dueAt, autoAdvance: true }, trustee.token);
        await until('the stage to move on', async () => (await api<{ stage: number }>(two.url, 'GET', `/api/estates/${estateId}/stage`, undefined, trustee.token)).stage !== 11, 90);
        await new Promise((r) => setTimeout(r, 3000)); // both schedulers have run again
        const stageEvents = stream.seen.filter((e) => e.type === 'stage');
        expect(stageEvents).toHaveLength(1);
        const { stage } = await api<{ stage: number }>(one.url, 'GET', `/api/estates/${estateId}/stage`, undefined, trustee.token);
        expect(stage).toBe(stageEvents[0]!.data.stage);
        stream.stop();

        // One server killed under load: every write it or the other acknowledged is there, and clients carry on through the other.
        const acknowledged: string[] = [];
        let killed = false;
        const writer = async (worker: number) => {
          for (let i = 0; i < 40; i++) {
            const target = killed || i % 2 === 0 ? two : one;
            const name = `Load ${worker}-${i}`;
            try {
              const res = await fetch(`${target.url}/api/estates/${estateId}/locations`, { method: 'POST', headers: { authorization: `Bearer ${trustee.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
              if (res.status === 201) acknowledged.push(name);
              else if (target === two) throw new Error(`the surviving server answered ${res.status}: ${await res.text()}`);
            } catch (err) {
              if (target === two) throw err;
              // The killed server's refused or cut connection: the client carries on through the other.
            }
          }
        };
        const load = Promise.all([0, 1, 2, 3].map(writer));
        await until('some writes', () => acknowledged.length >= 10);
        await one.kill9();
        killed = true;
        await load;
        const { locations } = await api<{ locations: { name: string }[] }>(two.url, 'GET', `/api/estates/${estateId}/locations`, undefined, trustee.token);
        const names = new Set(locations.map((l) => l.name));
        expect(acknowledged.length).toBeGreaterThan(40);
        expect(acknowledged.filter((n) => !names.has(n))).toEqual([]);
      } finally {
        await Promise.all([one.stop(), two.stop()]);
      }
    });
  },
  300_000,
);
