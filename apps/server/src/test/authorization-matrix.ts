/**
 * The expected answer of every route for every caller in every stage, computed from the route's
 * declared action and the policy table alone. The test compares the running server with it, and
 * the document `docs/authorization-matrix.md` is this, written out for people to review: a change
 * in the policy or in a route's action changes that file, and the test fails until it is renewed.
 */
import { authorizeWith, isAction, type Intent, type Policy, type ResourceFacts } from '@estate/domain/permissions';
import { STAGE_NAMES, STAGE_ORDER, type StageCode } from '@estate/domain/stages';
import type { GovernedRoute, RouteAction } from '../platform/route-access.js';
import { CALLERS, CALLER_ROLES, type CallerName } from './route-world.js';

/** "ok" = the policy lets the request through to its handler; a number = the refusal's status. */
export type Outcome = 'ok' | 401 | 403 | 404 | 409;

export function expectedOutcome(
  policy: Policy,
  action: RouteAction,
  caller: CallerName,
  stage: StageCode,
  facts: ResourceFacts,
  intent: Intent = 'read',
): Outcome {
  if (action === 'public') return 'ok';
  if (caller === 'signed-out') return 401;
  if (action === 'account' || action === 'account:password-reset') return 'ok';
  if (action === 'admin') return caller === 'admin' ? 'ok' : 403;
  if (caller === 'outsider' || caller === 'no-estate') return 404;
  const roles = CALLER_ROLES[caller] ?? [];
  // A write (any method but GET, unless it keeps only the caller's own place) to a closed estate is
  // refused, 409 estate_closed, past the role check.
  const decision = authorizeWith(policy, action, { roles, stage }, facts, intent);
  if (decision.ok) return 'ok';
  // A role refused, the administrator's support visit writing (403 support_read_only), or a condition
  // about who ("their own": without facts the row is someone else's) refuses 403; else a stage, 409.
  return decision.reason === 'role' || decision.reason === 'support' || (decision.reason === 'condition' && decision.forbids) ? 403 : 409;
}

/**
 * The stages where a route's answers differ: stages are grouped by the answers of all callers, and
 * the first stage of each group stands for it. Account-level routes do not depend on the stage.
 */
export function stageGroups(policy: Policy, action: RouteAction, facts: ResourceFacts, intent: Intent = 'read'): StageCode[][] {
  if (!isAction(action)) return [[...STAGE_ORDER]];
  const groups = new Map<string, StageCode[]>();
  for (const stage of STAGE_ORDER) {
    const signature = CALLERS.map((c) => expectedOutcome(policy, action, c, stage, facts, intent)).join(',');
    groups.set(signature, [...(groups.get(signature) ?? []), stage]);
  }
  return [...groups.values()];
}

const SHORT: Record<CallerName, string> = {
  'signed-out': 'anon',
  'no-estate': 'none',
  outsider: 'out',
  user: 'usr',
  observer: 'obs',
  offspring: 'off',
  creator: 'cre',
  beneficiary: 'ben',
  appraiser: 'apr',
  buyer: 'buy',
  seller: 'sel',
  trustee: 'tru',
  owner: 'own',
  admin: 'adm',
};

function stagesText(stages: StageCode[]): string {
  if (stages.length === STAGE_ORDER.length) return 'all';
  return stages.join(' ');
}

export type MatrixRoute = Pick<GovernedRoute, 'method' | 'url' | 'action' | 'intent'> & { facts: ResourceFacts };

/** The whole matrix as a Markdown document (sorted, so registration order does not matter). */
export function matrixDocument(policy: Policy, routes: MatrixRoute[]): string {
  const header = `| route | action | stages | ${CALLERS.map((c) => SHORT[c]).join(' | ')} |`;
  const rule = `|${' --- |'.repeat(CALLERS.length + 3)}`;
  const rows: string[] = [];
  const sorted = [...routes].sort((a, b) => (a.url === b.url ? a.method.localeCompare(b.method) : a.url.localeCompare(b.url)));
  for (const route of sorted) {
    const facts = Object.entries(route.facts).map(([k, v]) => `${k}=${v}`).join(' ');
    const name = `${route.method} ${route.url}${facts ? ` (${facts})` : ''}`;
    for (const group of stageGroups(policy, route.action, route.facts, route.intent)) {
      const cells = CALLERS.map((c) => expectedOutcome(policy, route.action, c, group[0]!, route.facts, route.intent));
      rows.push(`| ${name} | ${route.action} | ${stagesText(group)} | ${cells.join(' | ')} |`);
    }
  }
  const legend = STAGE_ORDER.map((s) => `${s} ${STAGE_NAMES[s]}`).join('; ');
  return [
    '# Authorization matrix',
    '',
    'Generated from the route list and the policy table (`packages/domain/src/permissions.ts`) by',
    '`apps/server/src/test/authorization-matrix.test.ts`; do not edit by hand. After an intended change, renew it',
    'with `UPDATE_MATRIX=1 npx vitest run --project server src/test/authorization-matrix.test.ts` and review the diff.',
    '',
    '`ok` = the request reaches its handler; a number = the status of the refusal (401 signed out, 403 role,',
    '404 not a member, 409 stage, or for any write in stage 99 the closed estate). Callers: anon signed out, none signed in without an estate, out a member of',
    'another estate, then the roles usr 0, obs 1, off 2, cre 4, ben 10, apr 20, buy 21, sel 22, tru 30, own 40, and adm: the',
    "installation's administrator without a membership (99), a support visit: every write 403 `support_read_only`.",
    '',
    `Stages: ${legend}.`,
    '',
    header,
    rule,
    ...rows,
    '',
  ].join('\n');
}
