/**
 * Files in a bucket next to the local disk (issue 33, ADR 0036), in one run on this machine: the
 * built server on its embedded database, once with DATA_DIR/files and once with a bucket of a real
 * S3 server (s3rver on loopback, a temporary folder), gets the same photo uploads and serves the
 * same thumbnails. Reports each median and the S3 ÷ disk ratio (the cost of sending files through
 * the server from the store). Writes bench/results/s3-storage.json.
 *
 *   npm run build && node bench/s3-storage.mjs   (BENCH_S3_UPLOADS, BENCH_S3_THUMBNAILS: fewer on a busy machine)
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import S3rver from 's3rver';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { freePort, ROOT, startProcess, waitForUrl } from './support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const UPLOADS = Number(process.env.BENCH_S3_UPLOADS ?? 12);
const THUMBNAIL_GETS = Number(process.env.BENCH_S3_THUMBNAILS ?? 400);
const CONCURRENCY = 8;
const PASSWORD = 'Quiet-Harbour-1947';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function api(url, method, pathname, body, token) {
  const res = await fetch(`${url}${pathname}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${pathname} → ${res.status} ${await res.text()}`);
  return res.json();
}

/** A 2400 × 1800 phone-like JPEG, different each time (so no upload reuses another's files). */
function photo(i) {
  return sharp({ create: { width: 2400, height: 1800, channels: 3, noise: { type: 'gaussian', mean: 100 + i, sigma: 30 } } }).jpeg({ quality: 85 }).toBuffer();
}

async function measure(label, env) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'estate-bench-s3-'));
  const url = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const server = startProcess(process.execPath, [path.join(ROOT, 'apps/server/dist/main.js')], { ...inherited, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: url, LOG_LEVEL: 'error', AUTH_RATE_LIMIT_PER_MINUTE: '1000', ...env });
  try {
    await waitForUrl(`${url}/api/health`, server, 180_000); // a busy machine starts slowly
    await api(url, 'POST', '/api/setup', { firstName: 'Ada', lastName: 'Admin', email: 'admin@example.com', password: PASSWORD });
    const { accessToken: token } = await api(url, 'POST', '/api/auth/login', { email: 'admin@example.com', password: PASSWORD });
    const { estate } = await api(url, 'POST', '/api/estates', { name: 'Bench estate' }, token);
    await api(url, 'POST', `/api/estates/${estate.id}/stage`, { to: 1 }, token);
    const { item } = await api(url, 'POST', `/api/estates/${estate.id}/items`, { name: 'Walnut Desk', categories: ['Furniture'] }, token);
    const uploads = [];
    const thumbs = [];
    for (let i = 0; i < UPLOADS; i++) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await photo(i))], { type: 'image/jpeg' }), 'photo.jpg');
      const started = performance.now();
      const res = await fetch(`${url}/api/estates/${estate.id}/items/${item.id}/photos`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
      uploads.push(performance.now() - started);
      thumbs.push((await res.json()).photo.thumbUrl);
    }
    const gets = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < THUMBNAIL_GETS) {
          const thumb = thumbs[next++ % thumbs.length];
          const t = performance.now();
          const res = await fetch(new URL(thumb, url));
          await res.arrayBuffer();
          if (!res.ok) throw new Error(`thumbnail: ${res.status}`);
          gets.push(performance.now() - t);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const result = { uploadMedianMs: Math.round(median(uploads)), thumbnailMedianMs: Number(median(gets).toFixed(2)), thumbnailsPerSecond: Math.round(THUMBNAIL_GETS / seconds) };
    console.log(`  ${label}: upload median ${result.uploadMedianMs} ms; thumbnails median ${result.thumbnailMedianMs} ms, ${result.thumbnailsPerSecond}/s`);
    return result;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runS3StorageBench({ log = console.log } = {}) {
  log(`S3 storage benchmark: ${UPLOADS} uploads of a 2400 × 1800 photo, ${THUMBNAIL_GETS} thumbnail requests (${CONCURRENCY} at once), disk then bucket`);
  const directory = mkdtempSync(path.join(os.tmpdir(), 'estate-bench-s3rver-'));
  const s3 = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true });
  const { port } = await s3.run();
  try {
    const endpoint = `http://127.0.0.1:${port}`;
    const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    await client.send(new CreateBucketCommand({ Bucket: 'estate-bench' }));
    client.destroy();
    const disk = await measure('local disk', {});
    const bucket = await measure('S3 bucket ', { S3_BUCKET: 'estate-bench', S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' });
    const ratio = { upload: Number((bucket.uploadMedianMs / disk.uploadMedianMs).toFixed(2)), thumbnail: Number((bucket.thumbnailMedianMs / disk.thumbnailMedianMs).toFixed(2)) };
    log(`  S3 ÷ disk: upload ${ratio.upload}×, thumbnail ${ratio.thumbnail}×`);
    const result = { machine: { cpus: os.cpus().length, loadAverage: os.loadavg() }, uploads: UPLOADS, thumbnailRequests: THUMBNAIL_GETS, concurrency: CONCURRENCY, disk, bucket, ratio, note: 's3rver is a test server on the same machine: a real store adds its network time, and a local one (MinIO) is usually faster than s3rver' };
    mkdirSync(path.join(here, 'results'), { recursive: true });
    writeFileSync(path.join(here, 'results', 's3-storage.json'), `${JSON.stringify(result, null, 2)}\n`);
    return result;
  } finally {
    await s3.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runS3StorageBench().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
