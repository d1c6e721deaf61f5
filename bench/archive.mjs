/**
 * Archive benchmark (issue 11): the whole-estate ZIP of a 5,000-item estate with photos (the API
 * benchmark's seed, each photo a real JPEG file in storage), downloaded from the built server as
 * trustees do (`GET /api/estates/:eid/archive.zip`, stage 90). Measures the time to the first byte
 * and to the last, the archive's size and entry count (read back with yauzl), and the server
 * process's memory: its resident size before, its peak during (sampled from /proc every 50 ms, and
 * the kernel's own high-water mark), so "streamed, not built in memory" is a number: the peak must
 * stay far below the archive's size.
 * Writes bench/results/archive.json.
 *
 *   npm run build && node bench/archive.mjs
 *   BENCH_ARCHIVE_PHOTO_KB=120 node bench/archive.mjs   (bigger photos)
 */
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import yauzl from 'yauzl';
import { seed } from './api.mjs';
import { freePort, startProcess, waitForUrl } from './support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..');
const dist = path.join(root, 'apps', 'server', 'dist');
const PASSWORD = 'Bench-Mark-Password-2026';
const PHOTO_KB = Number(process.env.BENCH_ARCHIVE_PHOTO_KB ?? 60);
/** The server's resident memory may grow by at most this much while it sends the archive. */
export const GOAL = { maxGrowthMb: 150, maxSeconds: 120 };

/** A JPEG of about `kb` kilobytes: noise compresses badly, like a real photo. */
async function photoJpeg(kb, seedByte) {
  const side = Math.round(Math.sqrt(kb * 1024 * 1.1));
  const raw = Buffer.alloc(side * side * 3);
  let x = seedByte * 2654435761;
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    raw[i] = (x >>> 16) & 0xff;
  }
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } }).jpeg({ quality: 60 }).toBuffer();
}

function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, hwmMb: kb('VmHWM') / 1024 };
}

function countEntries(file) {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: false, autoClose: true }, (err, zip) => {
      if (err) return reject(err);
      let photos = 0;
      let entries = 0;
      zip.on('entry', (e) => {
        entries += 1;
        if (e.fileName.startsWith('photos/')) photos += 1;
      });
      zip.on('end', () => resolve({ entries, photos }));
      zip.on('error', reject);
    });
  });
}

export async function runArchiveBench({ log = console.log } = {}) {
  const { openPglite } = await import(path.join(dist, 'db', 'client.js'));
  const schema = await import(path.join(dist, 'db', 'schema.js'));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'estate-archive-bench-'));
  const zipFile = path.join(dataDir, 'archive.zip');
  try {
    const started = Date.now();
    const database = await openPglite(dataDir);
    const seeded = await seed(database, 'archive');
    await database.db.update(schema.estates).set({ stage: 90 }).where(eq(schema.estates.id, seeded.estateId));
    // Real files behind every photo's storage key (a handful of different JPEGs, shared round-robin).
    const photoRows = await database.db.select({ key: schema.photos.originalKey }).from(schema.photos).where(eq(schema.photos.estateId, seeded.estateId));
    await database.close();
    const variants = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((n) => photoJpeg(PHOTO_KB, n)));
    const files = path.join(dataDir, 'files');
    photoRows.forEach(({ key }, i) => {
      mkdirSync(path.join(files, key.slice(0, 2)), { recursive: true });
      writeFileSync(path.join(files, key.slice(0, 2), key), variants[i % variants.length]);
    });
    const photoBytes = photoRows.reduce((sum, _r, i) => sum + variants[i % variants.length].length, 0);
    log(`  seeded 5,000 items and ${photoRows.length} photos (${Math.round(photoBytes / 1e6)} MB) in ${Date.now() - started} ms`);

    const port = await freePort();
    const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', NODE_ENV: 'production', SCHEDULER_INTERVAL_SECONDS: '0', ACCESS_TOKEN_TTL_SECONDS: '3600', WEB_DIST: path.join(os.tmpdir(), 'no-web-for-bench') };
    delete env.DATABASE_URL;
    const server = startProcess(process.execPath, [path.join(dist, 'main.js')], env);
    try {
      const base = `http://127.0.0.1:${port}`;
      // A busy machine starts the server slowly (the embedded database, the migrations).
      await waitForUrl(`${base}/api/health`, server, 180_000);
      const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: seeded.email, password: PASSWORD }) });
      if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
      const headers = { authorization: `Bearer ${(await login.json()).accessToken}` };
      // Warm the server (code paths, the database cache) on a small request first.
      await (await fetch(`${base}/api/estates/${seeded.estateId}`, { headers })).text();
      const pid = server.child.pid;
      const before = memoryOf(pid);
      let peakRss = before.rssMb;
      const sampler = setInterval(() => {
        try {
          peakRss = Math.max(peakRss, memoryOf(pid).rssMb);
        } catch {
          /* the process ended */
        }
      }, 50);
      const t0 = performance.now();
      // Node's own http client, the body piped straight to a file: the client never holds the archive.
      let firstByteMs = null;
      let bytes = 0;
      await new Promise((resolve, reject) => {
        const req = http.get(`${base}/api/estates/${seeded.estateId}/archive.zip`, { headers }, (res) => {
          if (res.statusCode !== 200) {
            res.resume();
            return reject(new Error(`archive answered ${res.statusCode}`));
          }
          res.on('data', (chunk) => {
            firstByteMs ??= performance.now() - t0;
            bytes += chunk.length;
          });
          pipeline(res, createWriteStream(zipFile)).then(resolve, reject);
        });
        req.on('error', reject);
      });
      const totalMs = performance.now() - t0;
      clearInterval(sampler);
      const after = memoryOf(pid);
      const { entries, photos } = await countEntries(zipFile);
      const growthMb = Math.max(peakRss, after.hwmMb) - before.rssMb;
      const result = {
        items: 5_000,
        photos: photoRows.length,
        photoBytes,
        archiveBytes: bytes,
        entries,
        photoEntries: photos,
        firstByteMs: Math.round(firstByteMs ?? totalMs),
        totalMs: Math.round(totalMs),
        megabytesPerSecond: Number((bytes / 1e6 / (totalMs / 1000)).toFixed(1)),
        server: { rssBeforeMb: Math.round(before.rssMb), peakRssMb: Math.round(Math.max(peakRss, after.hwmMb)), growthMb: Math.round(growthMb) },
        goal: GOAL,
      };
      // The growth is the fixed work (the estate's records, the catalogue's XLSX), whatever the photos weigh:
      // BENCH_ARCHIVE_PHOTO_KB=250 makes an archive eight times larger with about the same growth.
      result.pass = photos === photoRows.length && growthMb <= GOAL.maxGrowthMb && totalMs / 1000 <= GOAL.maxSeconds;
      log(
        `  archive: ${Math.round(bytes / 1e6)} MB, ${entries} entries (${photos} photos), first byte ${result.firstByteMs} ms, all in ${(totalMs / 1000).toFixed(1)} s; server memory ${result.server.rssBeforeMb} → peak ${result.server.peakRssMb} MB (+${result.server.growthMb} MB) ${result.pass ? 'ok' : 'MISSED'}`,
      );
      mkdirSync(path.join(here, 'results'), { recursive: true });
      writeFileSync(path.join(here, 'results', 'archive.json'), `${JSON.stringify({ at: new Date().toISOString(), ...result }, null, 2)}\n`);
      return result;
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runArchiveBench().then(
    (r) => process.exit(r.pass ? 0 : 1),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
