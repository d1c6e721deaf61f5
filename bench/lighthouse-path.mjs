/**
 * Where Lighthouse's simulated time goes on the item list's first load (ADR 0029).
 * Lighthouse does not time the page as it loaded: it replays the requests and main-thread tasks it
 * saw through a model of a slow phone on slow 4G ("Lantern": 150 ms round trips, 1.6 Mbit/s shared
 * by the requests in flight, six connections per host, each task four times longer). This prints
 * what that model waited for:
 *   - the largest paint: each request (simulated start, end, size) and each task of 40 ms or
 *     more on the way to it, in the order the model ran them;
 *   - the blocking time: each simulated task over 50 ms after the first paint, with what it held
 *     (script, timer, layout, paint …, from the trace).
 *
 *   npm run build && node bench/lighthouse-path.mjs [web-dist]
 *
 * `web-dist` is a build of the web app to serve instead of apps/web/dist (as in lighthouse-ab.mjs).
 */
import path from 'node:path';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js';
import {
  lanternInputs,
  lighthouseMissing,
  lighthouseRun,
  runLine,
  runMetrics,
  signIn,
  startBrowser,
  startDemoServer,
} from './lighthouse.mjs';

const short = (url) =>
  url
    .replace(/^https?:\/\/[^/]+/, '')
    .replace(/\/api\/estates\/[0-9a-f-]+/, '/api/estates/…')
    .replace(/photos\/[0-9a-f-]+\/thumb.*/, 'photos/…/thumb')
    .slice(0, 60);
const ms = (n) => String(Math.round(n)).padStart(6);

/** What a task held: its longest kinds of trace event (and the script, where one ran). */
function taskContents(node) {
  const byName = new Map();
  let script = '';
  for (const event of node.childEvents ?? []) {
    if (!event.dur) continue;
    byName.set(event.name, (byName.get(event.name) ?? 0) + event.dur / 1000);
    script ||= event.args?.data?.url ? event.args.data.url.replace(/.*\//, '') : '';
  }
  const kinds = [...byName.entries()]
    .filter(([name]) => !/^(RunTask|ThreadControllerImpl::RunTask|v8\.callFunction)$/.test(name))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([name, time]) => `${name} ${Math.round(time)}`)
    .join(', ');
  return `${kinds}${script ? ` (${script})` : ''}`;
}

function printLargestPaint(estimate) {
  console.log(`\nLargest paint, simulated: ${Math.round(estimate.timeInMs)} ms. Start, end, time taken:`);
  const rows = [...estimate.nodeTimings.entries()].sort((a, b) => a[1].startTime - b[1].startTime);
  let requests = 0;
  let bytes = 0;
  let cpu = 0;
  for (const [node, t] of rows) {
    const took = t.endTime - t.startTime;
    if (node.type === 'network') {
      requests += 1;
      bytes += node.request.transferSize;
      console.log(
        `${ms(t.startTime)}${ms(t.endTime)}${ms(took)}  ${short(node.request.url)} (${(node.request.transferSize / 1000).toFixed(1)} kB)`,
      );
    } else {
      cpu += took;
      if (took >= 40)
        console.log(`${ms(t.startTime)}${ms(t.endTime)}${ms(took)}  task: ${taskContents(node)}`);
    }
  }
  console.log(
    `  ${requests} requests, ${(bytes / 1000).toFixed(0)} kB; main-thread tasks ${Math.round(cpu)} ms in all`,
  );
}

function printBlocking(tbt, firstPaintMs) {
  const rows = [...tbt.pessimisticEstimate.nodeTimings.entries()]
    .filter(([node, t]) => node.type === 'cpu' && t.endTime - t.startTime > 50 && t.startTime >= firstPaintMs)
    .sort((a, b) => a[1].startTime - b[1].startTime);
  console.log(
    `\nTasks over 50 ms after the first paint (${Math.round(firstPaintMs)} ms), simulated start and length:`,
  );
  for (const [node, t] of rows)
    console.log(`${ms(t.startTime)}${ms(t.endTime - t.startTime)}  ${taskContents(node)}`);
  const blocking = rows.reduce((sum, [, t]) => sum + (t.endTime - t.startTime - 50), 0);
  console.log(
    `  their time over 50 ms: ${Math.round(blocking)} ms (Lighthouse's own figure blends two estimates)`,
  );
}

async function main() {
  const missing = lighthouseMissing();
  if (missing) throw new Error(`Lighthouse cannot run: ${missing}`);
  const webDist = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
  const server = await startDemoServer({ webDist });
  let session;
  try {
    session = await startBrowser();
    await signIn(session, server);
    const result = await lighthouseRun(session, server);
    const metrics = runMetrics(result.lhr);
    console.log(runLine(metrics));
    const { data, context } = lanternInputs(result);
    printLargestPaint((await LanternLargestContentfulPaint.request(data, context)).pessimisticEstimate);
    printBlocking(await LanternTotalBlockingTime.request(data, context), metrics.firstContentfulPaintMs);
  } finally {
    await session?.stop();
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
