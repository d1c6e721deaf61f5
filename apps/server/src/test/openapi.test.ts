/**
 * The OpenAPI document for outside clients: every operation named and summarised, and
 * `redocly lint` with its recommended rules finding no error.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { OPERATION_SUMMARIES } from '../platform/openapi-summaries.js';
import { call, useHarness } from './harness.js';

const h = useHarness();

type Operation = { operationId?: string; summary?: string };
type Document = { paths: Record<string, Record<string, Operation>> };

const document = async () => (await call(h, 'GET', '/api/docs/json')).json<Document>();

it('names every operation and says in a summary what it does', async () => {
  const missing: string[] = [];
  const routes = new Set<string>();
  for (const [url, operations] of Object.entries((await document()).paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const route = `${method.toUpperCase()} ${url.replace(/\{([^}]+)\}/g, ':$1')}`;
      routes.add(route);
      expect(operation.operationId, route).toBeTruthy();
      if (!operation.summary) missing.push(route);
    }
  }
  const gone = Object.keys(OPERATION_SUMMARIES).filter((route) => !routes.has(route));
  expect(gone, 'Remove these lines of apps/server/src/platform/openapi-summaries.ts: their routes are gone').toEqual([]);
  expect(
    missing,
    `Add a line for each of these routes to OPERATION_SUMMARIES in apps/server/src/platform/openapi-summaries.ts, saying what it does in a few words, e.g.\n  '${missing[0]}': 'Says what it does',\n`,
  ).toEqual([]);
});

it('passes `redocly lint` with the recommended rules', { timeout: 120_000 }, async () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'estate-openapi-')), 'openapi.json');
  writeFileSync(file, JSON.stringify(await document()));
  const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
  // It ends with status 1 when it finds an error; warnings it prints only.
  const run = await promisify(execFile)(process.execPath, [cli, 'lint', file, '--extends=recommended', '--format=stylish'], {
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    maxBuffer: 16 * 1024 * 1024,
  }).then(
    () => ({ failed: false, output: '' }),
    (err: { stdout?: string; stderr?: string }) => ({ failed: true, output: `${err.stdout ?? ''}${err.stderr ?? ''}` }),
  );
  expect(run.failed, `redocly lint ${file} --extends=recommended found errors:\n${run.output}`).toBe(false);
});
