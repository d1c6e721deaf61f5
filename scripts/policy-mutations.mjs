#!/usr/bin/env node
/**
 * Mutation check of the policy table: for each action, the server tests run with that one entry
 * weakened (every role, every stage, no condition); some test must fail, or the entry is untested.
 * Actions every member may use in every stage cannot be weakened and are skipped.
 *
 *   node scripts/policy-mutations.mjs              every action
 *   node scripts/policy-mutations.mjs item.hold …  only these
 *
 * Route-guarding entries are also checked in-process by src/test/authorization-matrix.test.ts (in
 * `npm test`); this script is the slow, complete version that also covers entries services read.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const build = spawnSync('npm', ['run', 'build', '--silent', '-w', '@estate/domain'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const { POLICY } = await import(new URL('../packages/domain/dist/permissions.js', import.meta.url).href);
const { ROLE_CODES } = await import(new URL('../packages/domain/dist/roles.js', import.meta.url).href);

const open = (rules) => rules.some((r) => !r.stages && !r.when && ROLE_CODES.every((code) => r.roles.includes(code)));
const wanted = process.argv.slice(2);
const actions = Object.keys(POLICY).filter((a) => (wanted.length === 0 || wanted.includes(a)) && !open(POLICY[a]));

const survived = [];
for (const action of actions) {
  const started = Date.now();
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'server', '--bail', '1', '--reporter', 'dot'], {
    cwd: root,
    env: { ...process.env, POLICY_MUTATION: action },
    encoding: 'utf8',
  });
  const caught = run.status !== 0;
  if (!caught) survived.push(action);
  console.log(`${caught ? 'caught   ' : 'SURVIVED '} ${action} (${Math.round((Date.now() - started) / 1000)} s)`);
}
console.log(survived.length === 0 ? `All ${actions.length} weakened entries were caught by a test.` : `Not caught: ${survived.join(', ')}`);
process.exit(survived.length === 0 ? 0 : 1);
