/**
 * One API contract (decision record 0010): every JSON answer of every route is a schema exported by
 * `packages/domain/src/schemas/<module>.ts` (the same object, not a copy), so the web can infer its
 * types from it and the two never drift apart. The web side is kept by the lint rule
 * `contract/answer-types` (eslint.config.js).
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { routeKey } from './route-world.js';
import { useHarness } from './harness.js';

const h = useHarness();

const SCHEMAS_DIR = fileURLToPath(new URL('../../../../packages/domain/src/schemas/', import.meta.url));

/**
 * Routes of modules built alongside this check whose answers still have to move into the domain.
 * Empty this list, never add to it: a new route declares its answer in packages/domain/src/schemas.
 */
const NOT_YET_SHARED = new Set<string>([
]);

/** A file answer (CSV, XLSX, PDF, a photo, a ZIP) is declared `z.any()`: there is no JSON to share. */
const isFileAnswer = (schema: unknown) => (schema as { _zod?: { def?: { type?: string } } })._zod?.def?.type === 'any';

async function domainAnswers(): Promise<Set<unknown>> {
  const exported = new Set<unknown>();
  const files = readdirSync(SCHEMAS_DIR).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  for (const file of files) {
    // The routes import the same specifiers, so these are the very objects they declare.
    const module = (await import(`@estate/domain/schemas/${file.replace(/\.ts$/, '')}`)) as Record<string, unknown>;
    for (const value of Object.values(module)) exported.add(value);
  }
  return exported;
}

/** Each route's JSON answers (2xx with a body) that are not a schema exported by the domain. */
async function answersWrittenInPlace(governed: typeof h.app.governedRoutes): Promise<Map<string, string[]>> {
  const shared = await domainAnswers();
  const written = new Map<string, string[]>();
  for (const route of governed) {
    for (const [status, schema] of Object.entries(route.responses)) {
      if (!/^2\d\d$/.test(status) || status === '202' || status === '204' || isFileAnswer(schema)) continue;
      if (!shared.has(schema)) written.set(routeKey(route), [...(written.get(routeKey(route)) ?? []), status]);
    }
  }
  return written;
}

it('declares every JSON answer with a schema from packages/domain/src/schemas', async () => {
  const written = await answersWrittenInPlace(h.app.governedRoutes);
  const offending = [...written].filter(([key]) => !NOT_YET_SHARED.has(key)).map(([key, statuses]) => `${key} (${statuses.join(', ')})`);
  expect(offending, 'declare these answers in packages/domain/src/schemas/<module>.ts and import them in the route (decision record 0010)').toEqual([]);
});

it('keeps the list of answers still to move short: only routes that exist and still need it', async () => {
  const written = await answersWrittenInPlace(h.app.governedRoutes);
  expect([...NOT_YET_SHARED].filter((key) => !written.has(key)), 'these are shared now (or gone): take them off NOT_YET_SHARED').toEqual([]);
});
