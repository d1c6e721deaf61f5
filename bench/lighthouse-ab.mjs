/**
 * Two builds of the web app compared on the item list, Lighthouse run by run in turn: ADR 0027 asks
 * that a change meant to make a page faster be judged against the build before it, alternated on
 * one machine, since the same code scores differently from host to host and hour to hour.
 * Each build is a folder made by `vite build` (a copy of apps/web/dist); the current server build
 * serves both, each from a demo server of its own on its own loopback address (127.0.0.1 and
 * 127.0.0.2: cookies are kept per host, not per port, so two servers on one host would sign each
 * other out, and a signed-out "list" is the sign-in page, which scores far higher).
 *
 *   npm run build
 *   git stash && npm run build -w @estate/web && cp -r apps/web/dist /tmp/before && git stash pop
 *   npm run build -w @estate/web && cp -r apps/web/dist /tmp/after
 *   node bench/lighthouse-ab.mjs /tmp/before /tmp/after [rounds, default 5]
 *
 * Prints each run and the medians; writes bench/results/lighthouse-ab.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  lighthouseMissing,
  median,
  runLine,
  runOnce,
  signIn,
  startBrowser,
  startDemoServer,
} from './lighthouse.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const METRICS = [
  'performance',
  'firstContentfulPaintMs',
  'largestContentfulPaintMs',
  'totalBlockingTimeMs',
  'speedIndexMs',
];

async function main() {
  const [before, after, roundsArg = '5'] = process.argv.slice(2);
  const rounds = Number(roundsArg);
  if (!before || !after || !Number.isInteger(rounds) || rounds < 1) {
    console.error('Usage: node bench/lighthouse-ab.mjs <before-dist> <after-dist> [rounds]');
    process.exit(2);
  }
  const missing = lighthouseMissing();
  if (missing) throw new Error(`Lighthouse cannot run: ${missing}`);
  const variants = [
    { name: 'before', webDist: path.resolve(before), host: '127.0.0.1', runs: [] },
    { name: 'after', webDist: path.resolve(after), host: '127.0.0.2', runs: [] },
  ];
  const servers = [];
  let chromiumSession;
  try {
    for (const v of variants) servers.push((v.server = await startDemoServer(v)));
    chromiumSession = await startBrowser();
    for (const v of variants) await signIn(chromiumSession, v.server);
    for (let round = 0; round < rounds; round++) {
      // Turn about: before, after, after, before, … so neither always runs first.
      for (const v of round % 2 ? [...variants].reverse() : variants) {
        v.runs.push(await runOnce(chromiumSession, v.server));
        console.log(`round ${round + 1}, ${v.name.padEnd(6)}: ${runLine(v.runs.at(-1))}`);
      }
    }
    const medians = Object.fromEntries(
      variants.map((v) => [
        v.name,
        Object.fromEntries(METRICS.map((m) => [m, median(v.runs.map((r) => r[m]))])),
      ]),
    );
    for (const v of variants)
      console.log(
        `median ${v.name.padEnd(6)}: ${runLine({ ...medians[v.name], cumulativeLayoutShift: median(v.runs.map((r) => r.cumulativeLayoutShift)) })}`,
      );
    mkdirSync(path.join(here, 'results'), { recursive: true });
    writeFileSync(
      path.join(here, 'results', 'lighthouse-ab.json'),
      `${JSON.stringify({ benchmark: 'lighthouse-ab', ranAt: new Date().toISOString(), rounds, variants: variants.map(({ name, webDist, runs }) => ({ name, webDist, runs, median: medians[name] })) }, null, 2)}\n`,
    );
  } finally {
    await chromiumSession?.stop();
    for (const server of servers) await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
