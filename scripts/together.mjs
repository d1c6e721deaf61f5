#!/usr/bin/env node
/**
 * Runs the commands given at the same time and fails when any of them fails; each one's output is
 * printed whole when it ends, under its command. For steps of `npm test` that need nothing from each
 * other: on a 2-core machine two single-threaded steps (a type check, a bundler) take the time of
 * the longer one.
 *   node scripts/together.mjs "tsc -p apps/server" "tsc -p apps/web"
 */
import { spawn } from 'node:child_process';

const commands = process.argv.slice(2);
const results = await Promise.all(
  commands.map(
    (command) =>
      new Promise((resolve) => {
        const started = Date.now();
        const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
        let output = '';
        child.stdout.on('data', (d) => (output += d));
        child.stderr.on('data', (d) => (output += d));
        child.on('close', (code, signal) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(0);
          process.stdout.write(`\n> ${command}  (${code === 0 ? 'done' : `failed: ${signal ?? code}`}, ${seconds} s)\n${output}`);
          resolve(code === 0);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);
