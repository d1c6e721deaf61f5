/**
 * Photos in a bucket of a real S3 server (s3rver on loopback, started here): stored and served
 * through it, nothing of them under DATA_DIR, and the sweep takes a deleted photo's objects from the
 * bucket. The rest of the suite runs on a bucket too with TEST_S3=1.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import sharp from 'sharp';
import { S3Storage } from '../../platform/s3-storage.js';
import { s3Env, startS3Server, type TestS3Server } from '../../test/s3-server.js';
import { call, useHarness } from '../../test/harness.js';
import { createEstate, createItem, createUser } from '../../test/factories.js';
import { sweepPhotoFiles } from './sweep.js';

let s3: TestS3Server;
const env: Record<string, string> = {};
beforeAll(async () => {
  s3 = await startS3Server();
  Object.assign(env, s3Env(await s3.newBucket()));
});
afterAll(async () => {
  await s3?.close();
});
const h = useHarness(env); // reads `env` in its own beforeAll, after the bucket exists

it('stores a photo in the bucket, serves it by its signed link, and sweeps it from the bucket once deleted', async () => {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  const item = await createItem(h, estateId, trustee);
  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: 'teal' } }).jpeg().toBuffer();
  const boundary = 'b';
  const res = await h.app.inject({
    method: 'POST',
    url: `/api/estates/${estateId}/items/${item.id}/photos`,
    headers: { authorization: `Bearer ${trustee.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      jpeg,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(res.statusCode, res.body).toBe(201);
  const photo = res.json().photo;

  // Nothing of the estate on this server's disk.
  const filesDir = path.join(h.config.DATA_DIR, 'files');
  expect(existsSync(filesDir) ? readdirSync(filesDir) : []).toEqual([]);

  const thumb = await h.app.inject({ method: 'GET', url: photo.thumbUrl });
  expect(thumb.statusCode).toBe(200);
  expect(thumb.headers['content-type']).toBe('image/webp');
  expect((await sharp(thumb.rawPayload).metadata()).width).toBe(320);
  const original = await h.app.inject({ method: 'GET', url: photo.originalUrl });
  expect((await sharp(original.rawPayload).metadata()).width).toBe(640);
  expect((await h.app.inject({ method: 'GET', url: photo.thumbUrl.replace(/sig=[^&]+/, 'sig=forged') })).statusCode).toBe(403);

  const storage = new S3Storage({ bucket: env.S3_BUCKET!, endpoint: env.S3_ENDPOINT, accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY, forcePathStyle: true });
  const later = new Date(Date.now() + 3_600_000);
  expect(await sweepPhotoFiles({ db: h.database.db, storage }, later)).toBe(0); // in use
  expect((await call(h, 'DELETE', `/api/estates/${estateId}/items/${item.id}/photos/${photo.id}`, { as: trustee })).statusCode).toBe(204);
  expect(await sweepPhotoFiles({ db: h.database.db, storage }, later)).toBe(3); // original, preview, thumbnail
  expect((await h.app.inject({ method: 'GET', url: photo.thumbUrl })).statusCode).toBe(404);
});
