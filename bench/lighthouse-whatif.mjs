/**
 * What would the item list's simulated largest paint be without some requests? (ADR 0031)
 * Lighthouse's model of the largest paint takes every request that ended before the page's real
 * largest paint, wherever it sits, so a request that is not on the photo's way still delays it.
 * This runs Lighthouse once, then replays its trace through the same model with the requests whose
 * address matches each pattern taken out, and prints the simulated first and largest paints.
 *
 *   npm run build && node bench/lighthouse-whatif.mjs [web-dist] 'api/todos|/stage' 'texts\.'
 *
 * `web-dist` (a folder, optional) is a build of the web app to serve instead of apps/web/dist.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
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

const args = process.argv.slice(2);
const webDist = args[0] && existsSync(args[0]) ? path.resolve(args.shift()) : undefined;
const patterns = args.map((pattern) => new RegExp(pattern));

// The requests to leave out of the model's largest-paint graphs (both of its estimates).
let leaveOut = null;
const LCP = Lantern.Metrics.LargestContentfulPaint;
for (const name of ['getOptimisticGraph', 'getPessimisticGraph']) {
  const original = LCP[name].bind(LCP);
  LCP[name] = (graph, navigation) => {
    const kept = original(graph, navigation);
    if (!leaveOut) return kept;
    return kept.cloneWithRelationships(
      (node) => node.type !== 'network' || node.isMainDocument() || !leaveOut.test(node.request.url),
    );
  };
}

async function simulate({ lhr, artifacts }, without) {
  leaveOut = without;
  const { data, context } = lanternInputs({ lhr, artifacts });
  const first = await LanternFirstContentfulPaint.request(data, context);
  const largest = await LanternLargestContentfulPaint.request(data, context);
  return `first paint ${Math.round(first.timing)} ms, largest paint ${Math.round(largest.timing)} ms`;
}

async function main() {
  const missing = lighthouseMissing();
  if (missing) throw new Error(`Lighthouse cannot run: ${missing}`);
  const server = await startDemoServer({ webDist });
  let session;
  try {
    session = await startBrowser();
    await signIn(session, server);
    const result = await lighthouseRun(session, server);
    console.log(runLine(runMetrics(result.lhr)));
    console.log(`as measured: ${await simulate(result, null)}`);
    for (const pattern of patterns) console.log(`without ${pattern}: ${await simulate(result, pattern)}`);
  } finally {
    await session?.stop();
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
