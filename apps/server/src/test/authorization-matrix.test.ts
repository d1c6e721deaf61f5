/**
 * The authorization matrix, generated: every API route (from the app's own route list) × every
 * caller (the 11 roles, a member of another estate, an account without an estate, signed out) ×
 * the stages where the route's answers change, each expected answer computed from the policy.
 *
 * - A route without a fixture (a valid request in route-world.ts) fails.
 * - The server must answer as the policy says: refusals with the right status (and
 *   `X-Refused-By: policy`, the 401s of signing in too), everything else past the policy to its
 *   handler; the administrator's support visit's writes with `support_read_only`.
 * - `docs/authorization-matrix.md` must equal the matrix, so a change in the policy or in a route's
 *   action is a reviewed change of that file (`scripts/policy-mutations.mjs` shows that weakening any
 *   entry of the policy makes a test fail).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { CLOSED_STAGE, POLICY, WRITE_ACTIONS, isAction, type Action, type Policy } from '@estate/domain/permissions';
import { ROLE_CODES } from '@estate/domain/roles';
import type { GovernedRoute } from '../platform/route-access.js';
import { useHarness } from './harness.js';
import { expectedOutcome, matrixDocument, stageGroups, type MatrixRoute } from './authorization-matrix.js';
import { CALLERS, buildWorld, fixtureOf, putInStage, reopenSessions, routeKey, send, type World } from './route-world.js';

const h = useHarness();

/** Actions every member may do in every stage: weakening them cannot change an answer. */
const OPEN_BY_DESIGN: Action[] = (Object.keys(POLICY) as Action[]).filter((action) =>
  POLICY[action].some((rule) => !('stages' in rule) && !('when' in rule) && ROLE_CODES.every((r) => (rule.roles as readonly number[]).includes(r))),
);
const DOCUMENT = fileURLToPath(new URL('../../../../docs/authorization-matrix.md', import.meta.url));

const matrixRoutes = (routes: GovernedRoute[]): MatrixRoute[] =>
  routes.map((r) => ({ method: r.method, url: r.url, action: r.action, intent: r.intent, facts: fixtureOf(r)?.facts ?? {} }));

it('has a valid request for every route', () => {
  const missing = h.app.governedRoutes.filter((r) => !fixtureOf(r)).map(routeKey);
  expect(missing, 'add a fixture for each new route in src/test/route-world.ts').toEqual([]);
});

it('names as a write every action only routes that change something declare (the web offers none of them in a closed estate)', () => {
  // An action that a GET route declares too (e.g. reading a conversation and marking it read) is
  // the web's to judge: the server refuses its writes in stage 99 all the same, by the method.
  const read = new Set(h.app.governedRoutes.filter((r) => r.method === 'GET').map((r) => r.action));
  const unlisted = h.app.governedRoutes
    .filter((r) => r.method !== 'GET' && isAction(r.action) && !read.has(r.action) && !WRITE_ACTIONS.has(r.action))
    .map((r) => `${routeKey(r)} (${r.action})`);
  expect(unlisted, 'add these actions to WRITE_ACTIONS in packages/domain/src/permissions.ts').toEqual([]);
});

it('keeps docs/authorization-matrix.md equal to the policy', () => {
  const document = matrixDocument(POLICY, matrixRoutes(h.app.governedRoutes));
  if (process.env.UPDATE_MATRIX) writeFileSync(DOCUMENT, document);
  const committed = readFileSync(DOCUMENT, 'utf8');
  expect(committed === document, 'the authorization matrix changed: review it and renew the document (see its header)').toBe(true);
});

/** A copy of the policy with one action granted to every role in every stage, unconditionally. */
export function weakened(action: Action): Policy {
  return { ...POLICY, [action]: [{ roles: ROLE_CODES }] };
}

it('fails the document check when any route-guarding policy entry is weakened', () => {
  const routes = matrixRoutes(h.app.governedRoutes);
  const committed = readFileSync(DOCUMENT, 'utf8');
  const guarding = new Set(routes.map((r) => r.action).filter(isAction));
  const unnoticed = [...guarding].filter((action) => matrixDocument(weakened(action), routes) === committed).sort();
  expect(unnoticed, 'weakening these entries changes no answer: their rules are already as open as can be, or untested').toEqual(
    OPEN_BY_DESIGN.filter((a) => guarding.has(a)).sort(),
  );
});

async function check(w: World, route: GovernedRoute, failures: string[]): Promise<number> {
  const fixture = fixtureOf(route);
  if (!fixture) return 0;
  const facts = fixture.facts ?? {};
  let sent = 0;
  for (const group of stageGroups(POLICY, route.action, facts, route.intent)) {
    const stage = group[0]!;
    for (const who of CALLERS) {
      const want = expectedOutcome(POLICY, route.action, who, stage, facts, route.intent);
      if (fixture.stream && want === 'ok') continue; // a stream does not end; events.test.ts reads it
      await putInStage(w, stage);
      const request = await fixture.request(w, who);
      await putInStage(w, stage);
      const res = await send(w, route, w.callers[who], request);
      sent += 1;
      const refusedByPolicy = res.headers['x-refused-by'] === 'policy';
      const where = `${routeKey(route)} as ${who} in stage ${stage}`;
      if (res.statusCode >= 500) failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      else if (want === 'ok') {
        if (refusedByPolicy || (route.action !== 'public' && res.statusCode === 401)) failures.push(`${where}: refused ${res.statusCode}, want it let through (${res.body.slice(0, 160)})`);
      } else if (
        res.statusCode !== want ||
        !refusedByPolicy ||
        (stage === CLOSED_STAGE && route.intent === 'write' && want === 409 && !res.body.includes('"estate_closed"')) ||
        (who === 'admin' && isAction(route.action) && route.intent === 'write' && !res.body.includes('"support_read_only"'))
      ) {
        failures.push(`${where}: got ${res.statusCode}${refusedByPolicy ? ' (policy)' : ''}, want ${want} from the policy (${res.body.slice(0, 160)})`);
      }
    }
  }
  return sent;
}

it('answers every route, for every caller, in every stage where it matters, as the policy says', async () => {
  const w = await buildWorld(h);
  // MATRIX_ONLY=<text> checks only the routes whose "METHOD /path" contains it (while working on one).
  const routes = h.app.governedRoutes.filter((r) => !process.env.MATRIX_ONLY || routeKey(r).includes(process.env.MATRIX_ONLY));
  const failures: string[] = [];
  let sent = 0;
  // Routes that end the caller's session go last, with fresh sign-ins between them.
  for (const route of routes.filter((r) => !fixtureOf(r)?.endsSession)) sent += await check(w, route, failures);
  for (const route of routes.filter((r) => fixtureOf(r)?.endsSession)) {
    sent += await check(w, route, failures);
    await reopenSessions(w);
  }
  expect(failures).toEqual([]);
  expect(sent).toBeGreaterThanOrEqual(routes.length * (CALLERS.length - 1));
}, 600_000);
