/**
 * "Bad input of any kind gets a clear 4xx, never a 500." Every route in the OpenAPI document gets
 * random JSON bodies and odd path values, as a signed-in trustee of a real estate.
 */
import { expect, it } from 'vitest';
import fc from 'fast-check';
import { call, useHarness } from './harness.js';
import { createEstate, createItem, createUser } from './factories.js';

const h = useHarness();

type Doc = { paths: Record<string, Record<string, { requestBody?: unknown }>> };

it('answers random bodies and odd ids on every route with 4xx, never 5xx', async () => {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  const item = await createItem(h, estateId, trustee);
  const doc = (await call(h, 'GET', '/api/docs/json')).json<Doc>();

  const samples = fc.sample(fc.jsonValue({ maxDepth: 3 }), { numRuns: 12, seed: 20261121 });
  const oddIds = ['x', '0', '../etc/passwd', '%00', 'ffffffff-ffff-ffff-ffff-ffffffffffff', '1e309'];
  const failures: string[] = [];
  for (const [template, operations] of Object.entries(doc.paths)) {
    if (template === '/api/events') continue; // a stream
    for (const [method, op] of Object.entries(operations)) {
      const concrete = template.replace('{eid}', estateId).replace('{iid}', item.id).replace('{step}', '14').replace('{stage}', '2');
      const urls = [concrete, ...oddIds.map((odd) => template.replace(/\{[a-z]+\}/g, encodeURIComponent(odd)))];
      const bodies = op.requestBody ? samples : [undefined];
      for (const url of urls) {
        for (const body of bodies) {
          const res = await call(h, method.toUpperCase(), url, { as: trustee, body: body === null ? 'null' : body });
          if (res.statusCode >= 500) failures.push(`${method.toUpperCase()} ${url} ${JSON.stringify(body)?.slice(0, 80)} → ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
  }
  expect(failures).toEqual([]);
}, 120_000);
