/**
 * `npm run bench`: every benchmark in quality.md (and the chat delivery and estate archive benchmarks), each writing bench/results/<name>.json.
 * Expects a built server (`npm run build`). BENCH_DATABASE_URL adds PostgreSQL runs;
 * BENCH_DURATION (seconds per load run, default 10) shortens or lengthens the API runs.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runApiBench } from './api.mjs';
import { runPhotoBench } from './photos.mjs';
import { runArchiveBench } from './archive.mjs';
import { runWebScrollBench } from './web-scroll.mjs';
import { runLighthouseBench } from './lighthouse.mjs';
import { runChatBench } from './chat.mjs';

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

/** Initial JavaScript per page against its budget (apps/web/scripts/bundle-size.mjs prints the table). */
function runBundleSize() {
  return runNode([path.join(here, '..', 'apps', 'web', 'scripts', 'bundle-size.mjs')]);
}

async function main() {
  const started = Date.now();
  const summary = [];
  const api = await runApiBench();
  summary.push(`api: ${api.pass ? 'every goal met' : 'goals MISSED'} (the table below, also in bench/results/api.md)`);
  const chat = await runChatBench();
  for (const db of ['pglite', 'postgres']) {
    const r = chat[db];
    if (r && !r.skipped) summary.push(`chat ${db}: ${r.members} members posting at once, lost ${r.lost}, delivery p99 ${r.p99Ms} ms ${r.pass ? 'ok' : 'MISSED'}`);
  }
  const photos = await runPhotoBench();
  summary.push(`photos: processPhoto ${photos.processPhoto.medianMs} ms (goal ${photos.goal.maxMs} ms) ${photos.pass ? 'ok' : 'MISSED'}`);
  const archive = await runArchiveBench();
  summary.push(
    `archive: 5,000 items, ${archive.photoEntries} photos, ${Math.round(archive.archiveBytes / 1e6)} MB in ${(archive.totalMs / 1000).toFixed(1)} s, server memory +${archive.server.growthMb} MB (goal ≤ ${archive.goal.maxGrowthMb} MB) ${archive.pass ? 'ok' : 'MISSED'}`,
  );
  const lighthouse = await runLighthouseBench();
  if (!lighthouse.skipped) summary.push(`lighthouse (mobile) item list: performance ${lighthouse.performance} (goal ${lighthouse.goal.minPerformance}) ${lighthouse.pass ? 'ok' : 'MISSED'}`);
  const web = await runWebScrollBench();
  for (const [name, r] of Object.entries(web.runs ?? {})) {
    summary.push(
      `web scroll ${name}: frames > 50 ms ${(r.list.longFrameShare * 100).toFixed(1)}% (static copy ${(r.staticCopy.longFrameShare * 100).toFixed(1)}%), long tasks ${r.list.longTasks} (${r.staticCopy.longTasks}), main thread ×${r.cpuRatio} of the copy, ${r.maxElements} elements at most, all ${r.toEnd.reached ? 'reached' : 'NOT reached'} ${r.pass ? 'ok' : 'MISSED'}`,
    );
  }
  summary.push(`web initial JavaScript: sign-in ≤ 150 kB, every page ≤ 300 kB (gzip) ${(await runBundleSize()) ? 'ok' : 'MISSED'}`);
  const engineOk = await runEngineBench();
  if (!engineOk) summary.push('engine: the engine benchmark failed (see above)');
  console.log(`\nBenchmarks done in ${Math.round((Date.now() - started) / 1000)} s:\n  ${summary.join('\n  ')}`);
  console.log(`\n${api.table}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
