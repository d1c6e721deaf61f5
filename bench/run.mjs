/**
 * `npm run bench`: every benchmark in quality.md and issue 15 (and the chat delivery and estate archive benchmarks), each writing
 * bench/results/<name>.json, then one table of every figure with its goal (bench/results/summary.md).
 * Expects a built server (`npm run build`). BENCH_DATABASE_URL adds PostgreSQL runs;
 * BENCH_BASELINE_DIST (another build's apps/server/dist) adds that build to issue 35's figures, turn about;
 * BENCH_DURATION (seconds per load run, default 10) shortens or lengthens the API runs.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiRows, runApiBench } from './api.mjs';
import { runHostedScaleBench } from './hosted-scale.mjs';
import { runProcessesBench } from './processes.mjs';
import { runPhotoBench } from './photos.mjs';
import { runArchiveBench } from './archive.mjs';
import { runS3StorageBench } from './s3-storage.mjs';
import { runWebScrollBench } from './web-scroll.mjs';
import { runLighthouseBench } from './lighthouse.mjs';
import { runChatBench } from './chat.mjs';
import { embeddedRows, runEmbeddedBench } from './embedded.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The draw engine's benchmark lives beside this file when it exists (it runs from TypeScript source). */
function runEngineBench() {
  const script = ['engine.mjs', 'engine.bench.mjs'].map((f) => path.join(here, f)).find((f) => existsSync(f));
  if (!script) {
    console.log('Engine benchmark: not present, skipped');
    return Promise.resolve(true);
  }
  const tsx = path.join(here, '..', 'node_modules', 'tsx', 'dist', 'cli.mjs');
  return runNode(existsSync(tsx) ? [tsx, '--conditions=source', script] : [script]);
}

/** Runs a Node script in the repository root, its output shown as it comes; true when it passed. */
function runNode(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: path.join(here, '..'), stdio: 'inherit', env: process.env });
    child.once('exit', (code) => resolve(code === 0));
  });
}

/** Initial JavaScript per page against its budget (apps/web/scripts/bundle-size.mjs): the sign-in page's kB and whether all fit. */
function runBundleSize() {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(here, '..', 'apps', 'web', 'scripts', 'bundle-size.mjs')], { cwd: path.join(here, '..') });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.pipe(process.stderr);
    child.once('exit', (code) => {
      process.stdout.write(out);
      const signIn = /([\d.]+) kB\s+(?:OVER )?\s*\S*login-page\.tsx\s+\(budget (\d+)\)/.exec(out);
      resolve({ pass: code === 0, signInKb: signIn ? Number(signIn[1]) : undefined, signInBudget: signIn ? Number(signIn[2]) : undefined });
    });
  });
}

const ok = (pass) => (pass === undefined ? '' : pass ? '✓' : '✗');

/** The one table of every figure with its goal (README, "Performance"). */
function summaryTable(rows, started, loadAverage) {
  const cpus = os.cpus();
  return [
    `\`npm run bench\`, ${new Date(started).toISOString().slice(0, 16).replace('T', ' ')} UTC: ${cpus.length} cores (${cpus[0]?.model.trim() ?? ''}), Node ${process.version}, load average at the start ${loadAverage}; server, database and load generator share the machine.`,
    '',
    '| | measured | goal | |',
    '|---|---|---|---|',
    ...rows.map((r) => `| ${r.what} | ${r.measured} | ${r.goal} | ${ok(r.pass)} |`),
  ].join('\n');
}

async function main() {
  const started = Date.now();
  const loadAverage = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  const rows = [];
  const add = (what, measured, goal, pass) => rows.push({ what, measured, goal, pass });
  const api = await runApiBench();
  rows.push(...apiRows(api));
  // Issue 35's table: each figure with its goal and its ratio to the peer's (and to another build
  // with BENCH_BASELINE_DIST).
  rows.push(...embeddedRows(await runEmbeddedBench()));
  if (process.env.BENCH_DATABASE_URL) {
    const hosted = await runHostedScaleBench();
    const r = hosted.runs;
    const run = (x) => `${x.requestsPerSecond}/s, p99 ${Math.round(x.p99Ms)} ms`;
    add(`hosted scale, ${hosted.seed.estates.toLocaleString('en')} estates × ${hosted.seed.itemsPerEstate} items: item list of a random estate (PostgreSQL, cache off)`, run(r.list), 'p99 ≤ 50 ms', r.list.p99Ms <= 50);
    add('hosted scale: 8 people hearting in it (PostgreSQL)', run(r.hearts8), 'p99 ≤ 50 ms', r.hearts8.p99Ms <= 50);
    add('hosted scale: the hot statements use indexes (EXPLAIN)', hosted.explain.skipped ? `not checked: ${hosted.explain.skipped}` : hosted.explain.indexesUsed ? 'yes' : 'no', 'yes', hosted.explain.indexesUsed);
    add('hosted scale: seeding, database size', `${hosted.seed.seedSeconds} s, ${(hosted.seed.bytes / 2 ** 30).toFixed(1)} GiB`, 'reported', undefined);
    const processes = await runProcessesBench();
    const mixed = (cache, workers) => processes.runs.find((x) => x.readCache === cache && String(x.workers) === String(workers));
    const [one, two] = [mixed('off', 1), mixed('off', 2)];
    add('two processes / one, mixed load, read cache off (PostgreSQL)', `${two.requestsPerSecond}/s / ${one.requestsPerSecond}/s = ${(two.requestsPerSecond / one.requestsPerSecond).toFixed(2)}×`, 'reported', undefined);
    add('two processes: live events and deadlines exactly once', processes.exactlyOnce.events.exactlyOnce && processes.exactlyOnce.deadline.exactlyOnce ? 'yes' : 'no', 'yes', processes.pass);
  }
  const chat = await runChatBench();
  for (const [db, name] of [['pglite', 'PGlite'], ['postgres', 'PostgreSQL']]) {
    const r = chat[db];
    if (r && !r.skipped) add(`chat: ${r.members} members posting at once, delivery (${name})`, `p99 ${r.p99Ms} ms, lost ${r.lost}`, `p99 ≤ ${chat.goal.maxP99Ms} ms, lost 0`, r.pass);
  }
  const photos = await runPhotoBench();
  add('a 12-megapixel photo to thumbnail and preview', `${photos.processPhoto.medianMs} ms`, `≤ ${photos.goal.maxMs} ms`, photos.pass);
  const s3 = await runS3StorageBench();
  add('photo upload and thumbnail serving, S3 bucket ÷ local disk (s3rver on this machine)', `upload ${s3.ratio.upload}×, thumbnail ${s3.ratio.thumbnail}× (${s3.bucket.thumbnailMedianMs} vs ${s3.disk.thumbnailMedianMs} ms)`, 'measured, no goal', undefined);
  const archive = await runArchiveBench();
  add(
    `estate archive: 5,000 items, ${archive.photoEntries} photos`,
    `${Math.round(archive.archiveBytes / 1e6)} MB in ${(archive.totalMs / 1000).toFixed(1)} s, server memory +${archive.server.growthMb} MB`,
    `≤ ${archive.goal.maxSeconds} s, ≤ +${archive.goal.maxGrowthMb} MB`,
    archive.pass,
  );
  const lighthouse = await runLighthouseBench();
  if (!lighthouse.skipped)
    add('Lighthouse mobile, item list (median of the runs)', `${lighthouse.performance} (runs ${lighthouse.runs.map((r) => r.performance).join(', ')})`, `≥ ${lighthouse.goal.minPerformance}`, lighthouse.pass);
  const web = await runWebScrollBench();
  for (const [name, r] of Object.entries(web.runs ?? {})) {
    add(
      `scrolling the item list (${name}): frames over 50 ms, against a static copy`,
      `${(r.list.longFrameShare * 100).toFixed(1)}% (copy ${(r.staticCopy.longFrameShare * 100).toFixed(1)}%), ${r.maxElements} elements at most`,
      'at most 2 points more, ≤ 3,000 elements, all reachable',
      r.pass,
    );
  }
  const bundle = await runBundleSize();
  add('sign-in page, initial JavaScript (gzip)', bundle.signInKb !== undefined ? `${bundle.signInKb} kB` : '?', `≤ ${bundle.signInBudget ?? 135} kB; every page ≤ 300 kB`, bundle.pass);
  const engineOk = await runEngineBench();
  add('draw engine benchmark', engineOk ? 'ran' : 'failed', 'runs', engineOk);
  const table = summaryTable(rows, started, loadAverage);
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(path.join(here, 'results', 'summary.md'), `${table}\n`);
  console.log(`\nBenchmarks done in ${Math.round((Date.now() - started) / 1000)} s (bench/results/summary.md):\n\n${table}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
