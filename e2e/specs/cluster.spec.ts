/**
 * `npm run start:cluster` (README, "Running several servers"): several server processes on one
 * port and one PostgreSQL. The primary starts them, replaces one that stops, and stops them all on
 * SIGTERM; on the embedded database it refuses to start and says what to set. Reads the process
 * table from /proc (Linux).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { postgresAnswers, withFreshDatabase } from '../support/postgres.js';
import { startServer } from '../support/server.js';

const CLUSTER = fileURLToPath(new URL('../../apps/server/dist/cluster.js', import.meta.url));

/** The processes whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        return readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]!.split(' ')[1] === String(pid);
      } catch {
        return false; // it ended while we looked
      }
    })
    .map(Number);
}

async function until<T>(what: string, probe: () => T | undefined | false, seconds = 60): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`waited ${seconds} s for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

it('refuses the embedded database, saying what to set', () => {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const run = spawnSync(process.execPath, [CLUSTER], {
    env: { ...env, DATA_DIR: path.join('/tmp', 'estate-cluster-none'), PORT: '0' },
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(run.status).toBe(1);
  expect(run.stdout + run.stderr).toContain('set DATABASE_URL');
});

it('gives up when its processes cannot start, saying so, instead of restarting them for ever', () => {
  const started = Date.now();
  const run = spawnSync(process.execPath, [CLUSTER], {
    env: {
      ...process.env,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere',
      WORKERS: '1',
      PORT: '0',
      LOG_LEVEL: 'error',
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.status).toBe(1);
  expect(run.stdout).toContain('several times in a row');
  // Three failed starts: a wait of 1 s, then 2 s, between them.
  expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
});

it.skipIf(!postgresAnswers)(
  'serves from two processes on one port, replaces one that stops, and stops them all on SIGTERM',
  async () => {
    await withFreshDatabase('cluster', async (url) => {
      const server = await startServer(
        { DATABASE_URL: url, WORKERS: '2', LOG_LEVEL: 'error' },
        { script: 'cluster.js' },
      );
      let running: number[] = [];
      try {
        const workers = await until('two server processes', () => {
          const pids = childrenOf(server.pid);
          return pids.length === 2 && pids;
        });
        process.kill(workers[0]!, 'SIGKILL');
        const replaced = await until('a new process in place of the stopped one', () => {
          const pids = childrenOf(server.pid);
          return pids.length === 2 && !pids.includes(workers[0]!) && pids;
        });
        expect(replaced).toContain(workers[1]);
        running = replaced;
        // On a busy machine the stopped process may have been the only one listening yet: the port
        // answers again once a process listens (the new one or the other, still starting).
        const answers = () =>
          fetch(`${server.url}/api/health`, { headers: { connection: 'close' } }).then(
            (r) => r.status === 200,
            () => false,
          );
        await expect.poll(answers, { timeout: 60_000, interval: 200 }).toBe(true);
        // The primary hands each connection to a process that is listening.
        for (let i = 0; i < 20; i++)
          expect((await fetch(`${server.url}/api/health`, { headers: { connection: 'close' } })).status).toBe(
            200,
          );
      } finally {
        const ended = await server.stop();
        expect(ended).toEqual({ code: 0, signal: null });
        expect(running.filter((pid) => existsSync(`/proc/${pid}`))).toEqual([]);
      }
    });
  },
);
