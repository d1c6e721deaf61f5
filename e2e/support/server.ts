/** Starts the built server (as `npm start` does) on a free port with its own empty data folder. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export type RunningServer = {
  url: string;
  dataDir: string;
  /** The process started: the server, or the cluster's primary. */
  pid: number;
  /** Stops it with SIGTERM (SIGKILL after 5 s) and says how it ended. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill9(): Promise<void>;
  logs(): string;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The built server (`main.js`, as `npm start`), or `cluster.js` (as `npm run start:cluster`). */
export async function startServer(
  env: Record<string, string> = {},
  /** `host`: another loopback address (127.0.0.2 …), as a second host would have. */
  options: { dataDir?: string; script?: 'main.js' | 'cluster.js'; host?: string } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'estate-e2e-'));
  const host = options.host ?? '127.0.0.1';
  const url = `http://${host}:${port}`;
  let output = '';
  // The browser tests run on the default embedded database, like `npm start`.
  const { DATABASE_URL: _ignored, TEST_DATABASE_URL: _alsoIgnored, ...inherited } = process.env;
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist', options.script ?? 'main.js')], {
    env: {
      ...inherited,
      PORT: String(port),
      HOST: host,
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      // Lets a test run use a web build of its own (`vite build --outDir ...`).
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  // A busy machine (several test runs at once) may need longer: E2E_SERVER_START_SECONDS.
  const deadline = Date.now() + Number(process.env.E2E_SERVER_START_SECONDS ?? 60) * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    pid: child.pid!,
    logs: () => output,
    /** Kills the process without warning, leaving the data folder for a restart. */
    async kill9() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
      return { code: child.exitCode, signal: child.signalCode };
    },
  };
}
