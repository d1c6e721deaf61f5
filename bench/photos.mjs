/**
 * Photo benchmark (quality.md, "Benchmarks"): a 12-megapixel phone JPEG (4000 × 3000, EXIF
 * "rotate 90°", photo-like detail) through the server's real pipeline, processPhoto (checked,
 * turned upright, metadata dropped, original re-encoded, preview and thumbnail made).
 * Goal: ≤ 1 s. Writes bench/results/photos.json.
 *
 *   npm run build && node bench/photos.mjs
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, '..', 'apps', 'server', 'dist');
export const PHOTO_GOAL_MS = 1000;
const WIDTH = 4000;
const HEIGHT = 3000;
const RUNS = 5;

/** A gradient, two shapes and fine grain: compresses and decodes like a real photo (about 4 MB). */
async function phonePhoto() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#d8c3a5"/><stop offset="1" stop-color="#4a3b2c"/></linearGradient></defs>
    <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/><circle cx="1500" cy="1300" r="700" fill="#8e5b3a"/>
    <rect x="2300" y="600" width="1200" height="1800" fill="#2f4f6f" transform="rotate(12 2900 1500)"/></svg>`;
  const base = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const grain = await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 18 } } }).raw().toBuffer();
  return sharp(base.data, { raw: base.info })
    .composite([{ input: grain, raw: { width: WIDTH, height: HEIGHT, channels: 3 }, blend: 'overlay' }])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timeRuns(fn) {
  await fn(); // warm-up
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await fn();
    times.push(Math.round(performance.now() - started));
  }
  return { medianMs: median(times), minMs: Math.min(...times), maxMs: Math.max(...times), runs: times };
}

export async function runPhotoBench({ log = console.log } = {}) {
  if (!existsSync(path.join(dist, 'platform', 'images.js'))) throw new Error('The server is not built: run `npm run build` first.');
  const { processPhoto } = await import(path.join(dist, 'platform', 'images.js'));
  const photo = await phonePhoto();
  log(`Photo benchmark: ${WIDTH} × ${HEIGHT} JPEG, ${(photo.length / 1e6).toFixed(1)} MB, ${RUNS} runs`);
  let out;
  const pipeline = await timeRuns(async () => {
    out = await processPhoto(photo);
  });
  log(`  processPhoto: median ${pipeline.medianMs} ms (min ${pipeline.minMs}, max ${pipeline.maxMs})`);

  // Where the time goes: each output alone, with the same settings as platform/images.ts.
  const upright = () => sharp(photo, { failOn: 'error', limitInputPixels: 100_000_000 }).rotate();
  const parts = {
    original: await timeRuns(() => upright().resize({ width: 4096, height: 4096, fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 88, mozjpeg: true }).toBuffer()),
    preview: await timeRuns(() => upright().resize({ width: 1440, height: 1440, fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer()),
    thumb: await timeRuns(() => upright().resize({ width: 320, height: 320, fit: 'cover' }).webp({ quality: 72 }).toBuffer()),
  };
  for (const [name, r] of Object.entries(parts)) log(`  ${name} alone: median ${r.medianMs} ms`);

  const results = {
    benchmark: 'photos',
    ranAt: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? '', node: process.version, sharp: sharp.versions },
    input: { width: WIDTH, height: HEIGHT, megapixels: (WIDTH * HEIGHT) / 1e6, bytes: photo.length, exifOrientation: 6 },
    output: { width: out.width, height: out.height, originalBytes: out.original.length, previewBytes: out.preview.length, thumbBytes: out.thumb.length },
    goal: { maxMs: PHOTO_GOAL_MS, note: 'a 12-megapixel JPEG to thumbnail + preview within 1 s (measured: the whole processPhoto, which also re-encodes the original)' },
    processPhoto: { ...pipeline, pass: pipeline.medianMs <= PHOTO_GOAL_MS },
    previewPlusThumbMs: parts.preview.medianMs + parts.thumb.medianMs,
    breakdown: Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, v.medianMs])),
  };
  results.pass = results.processPhoto.pass;
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(path.join(here, 'results', 'photos.json'), `${JSON.stringify(results, null, 2)}\n`);
  log(`wrote bench/results/photos.json (${results.pass ? 'goal met' : 'goal NOT met'})`);
  return results;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runPhotoBench().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
