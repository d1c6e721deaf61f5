/**
 * Backup and restore with the files in a bucket (a real S3 server, s3rver on loopback): a round
 * trip into a fresh database and a fresh bucket gives back the same rows and the same objects, byte
 * for byte, and the photo is served from the new bucket.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { openPglite, queryRows, type Db } from '../db/client.js';
import { S3Storage } from '../platform/s3-storage.js';
import { SECRET_KEYS } from '../platform/secrets.js';
import { s3Env, startS3Server, type TestS3Server } from '../test/s3-server.js';
import { useHarness } from '../test/harness.js';
import { createEstate, createItem, createUser } from '../test/factories.js';
import type { S3Settings } from '../platform/s3-storage.js';
import { restoreBackup, tableNames, writeBackup } from './backup.js';

let s3: TestS3Server;
let bucket: S3Settings;
const env: Record<string, string> = {};
beforeAll(async () => {
  s3 = await startS3Server();
  bucket = await s3.newBucket();
  Object.assign(env, s3Env(bucket));
}, 180_000);
afterAll(async () => {
  await s3?.close();
}, 180_000);
const h = useHarness(env);

async function rows(db: Db) {
  const out: Record<string, unknown> = {};
  const secrets = Object.values(SECRET_KEYS);
  for (const name of tableNames()) {
    const where = name === 'system' ? sql`WHERE key NOT IN (${sql.join(secrets.map((k) => sql`${k}`), sql`, `)})` : sql``;
    const [row] = await queryRows<{ data: unknown }>(db, sql`SELECT coalesce(json_agg(row_to_json(t) ORDER BY row_to_json(t)::text), '[]'::json) AS data FROM ${sql.identifier(name)} t ${where}`);
    out[name] = row?.data;
  }
  return out;
}

async function objects(storage: S3Storage): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for await (const key of storage.listWrittenBefore(new Date(Date.now() + 60_000))) out.set(key, (await storage.get(key))!.toString('base64'));
  return out;
}

it('round-trips an estate exactly with its files in a bucket', async () => {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  const item = await createItem(h, estateId, trustee, { name: 'Wedding Ring' });
  const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: 'gold' } }).png().toBuffer();
  const boundary = 'b';
  const uploaded = await h.app.inject({
    method: 'POST',
    url: `/api/estates/${estateId}/items/${item.id}/photos`,
    headers: { authorization: `Bearer ${trustee.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.png"\r\nContent-Type: image/png\r\n\r\n`), png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  expect(uploaded.statusCode).toBe(201);

  const source = new S3Storage(bucket);
  const folder = mkdtempSync(path.join(tmpdir(), 'estate-backup-s3-'));
  const manifest = await writeBackup(h.database.db, source, folder);
  expect(manifest.files).toBe(3);

  const fresh = await openPglite(undefined);
  const target = new S3Storage(await s3.newBucket());
  try {
    await restoreBackup(fresh.db, target, folder);
    expect(await rows(fresh.db)).toEqual(await rows(h.database.db));
    expect(await objects(target)).toEqual(await objects(source));
  } finally {
    await fresh.close();
  }
}, 180_000);
