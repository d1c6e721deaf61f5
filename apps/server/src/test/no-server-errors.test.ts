/**
 * "Bad input of any kind gets a clear 4xx, never a 500", tried where it matters: past validation.
 * Every route gets its valid request (real ids in every path parameter, from route-world.ts) as
 * several roles in every stage where the route's answers differ, then the same request mutated
 * field by field, plus odd ids in the path. It reports, per route, how many requests got past
 * validation, and fails on any 5xx or on a body route that no request got past validation.
 */
import { expect, it } from 'vitest';
import fc from 'fast-check';
import { POLICY } from '@estate/domain/permissions';
import type { GovernedRoute } from '../platform/route-access.js';
import { useHarness } from './harness.js';
import { stageGroups } from './authorization-matrix.js';
import { buildWorld, concreteUrl, fixtureOf, putInStage, routeKey, send, type CallerName, type Request, type World } from './route-world.js';

const h = useHarness();

const ODD_VALUES: unknown[] = [
  null,
  0,
  -1,
  1.5,
  2 ** 53,
  1e308,
  '',
  ' ',
  'x'.repeat(20_000),
  'nul\u0000byte',
  'half \ud800 pair',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '2026-02-30T25:61:00Z',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  true,
  [],
  [null],
  {},
  { nested: { deeper: [1, 'two'] } },
];
const ODD_IDS = ['x', '0', '%00', '..%2F..', 'ffffffff-ffff-ffff-ffff-ffffffffffff', '1e309', 'ä'];
const FUZZ_CALLERS: CallerName[] = ['trustee', 'beneficiary', 'creator', 'appraiser', 'observer', 'offspring'];

/** The valid body, then each field replaced by each odd value, removed, and one unknown field. */
function bodyVariants(body: unknown): unknown[] {
  const variants: unknown[] = [body, null, [], 'text', 42];
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const record = body as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      for (const odd of ODD_VALUES) variants.push({ ...record, [key]: odd });
      const { [key]: _gone, ...rest } = record;
      variants.push(rest);
    }
    variants.push({ ...record, isAdmin: true });
  } else {
    for (const odd of ODD_VALUES.slice(0, 8)) variants.push({ unexpected: odd });
  }
  // A few random JSON values too, reproducibly.
  variants.push(...fc.sample(fc.jsonValue({ maxDepth: 2 }), { numRuns: 4, seed: 20261123 }));
  return variants;
}

type Tally = { sent: number; pastValidation: number; serverErrors: string[] };

async function fuzzRoute(w: World, route: GovernedRoute, tally: Map<string, Tally>) {
  const fixture = fixtureOf(route)!;
  if (fixture.stream || fixture.endsSession) return;
  const t: Tally = { sent: 0, pastValidation: 0, serverErrors: [] };
  tally.set(routeKey(route), t);
  const record = async (request: Request, who: CallerName, url?: string) => {
    const res = await send(w, route, w.callers[who], request, url);
    t.sent += 1;
    if (res.statusCode !== 400 || res.json<{ error?: { code?: string } }>().error?.code !== 'validation_failed') t.pastValidation += 1;
    if (res.statusCode >= 500) t.serverErrors.push(`${routeKey(route)} as ${who} ${JSON.stringify(request.body)?.slice(0, 100)} → ${res.statusCode} ${res.body.slice(0, 120)}`);
  };
  for (const group of stageGroups(POLICY, route.action, fixture.facts ?? {}, route.intent)) {
    await putInStage(w, group[0]!);
    for (const who of FUZZ_CALLERS) {
      const valid = await fixture.request(w, who);
      await record(valid, who);
      if (who !== 'trustee' && who !== 'beneficiary') continue;
      if (route.hasBody && !valid.file) for (const body of bodyVariants(valid.body)) await record({ ...valid, body }, who);
      const base = concreteUrl(w, route, valid);
      for (const odd of ODD_IDS) {
        const params = route.url.match(/:[a-zA-Z]+/g) ?? [];
        for (const param of params) {
          const url = concreteUrl(w, route, { ...valid, params: { ...valid.params, [param.slice(1)]: odd } });
          if (url !== base) await record(valid, who, url);
        }
        await record(valid, who, `${base}${base.includes('?') ? '&' : '?'}q=${encodeURIComponent(odd)}`);
      }
    }
  }
}

it('never answers 5xx, and every body route is reached past validation', async () => {
  const w = await buildWorld(h);
  const tally = new Map<string, Tally>();
  for (const route of h.app.governedRoutes) if (fixtureOf(route)) await fuzzRoute(w, route, tally);
  const rows = [...tally.entries()];
  const total = rows.reduce((n, [, t]) => n + t.sent, 0);
  console.log(
    `fuzz: ${total} requests over ${rows.length} routes\n` +
      rows.map(([key, t]) => `  ${String(t.pastValidation).padStart(5)} / ${String(t.sent).padEnd(5)} past validation  ${key}`).join('\n'),
  );
  expect(rows.flatMap(([, t]) => t.serverErrors)).toEqual([]);
  const bodyRoutesNeverReached = h.app.governedRoutes
    .filter((r) => r.hasBody && tally.get(routeKey(r))?.pastValidation === 0)
    .map(routeKey);
  expect(bodyRoutesNeverReached).toEqual([]);
  expect(total).toBeGreaterThanOrEqual(10_000);
}, 900_000);
