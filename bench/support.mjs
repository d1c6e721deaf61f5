/** What the benchmarks share: free ports, child processes, and waiting for a server to answer. */
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Headless Chromium on this kind of machine: no sandbox (root), no GPU, and no calls out to Google. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Starts `command` in the repository root, collecting its output; `stop()` ends it (SIGKILL after 10 s). */
export function startProcess(command, args, env) {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `test` until it gives a truthy value (returned), the process exits, or time runs out. */
export async function waitUntil(what, test, proc, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await test().catch(() => undefined);
    if (value) return value;
    if (proc.child.exitCode !== null) throw new Error(`${what}: the process exited:\n${proc.output()}`);
    if (Date.now() > deadline) throw new Error(`${what}: no answer in time:\n${proc.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until GET `url` answers 2xx. */
export function waitForUrl(url, proc, timeoutMs = 60_000) {
  return waitUntil(url, async () => (await fetch(url)).ok, proc, timeoutMs);
}
