/** Starts the built server (as `npm start` does) on a free port with its own empty data folder. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
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
  /** Stops it with SIGTERM (SIGKILL after 5 s), removes its data folder unless `keep`, and says how it ended. */
  stop(options?: { keep?: boolean }): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
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
  /**
   * `host`: another loopback address (127.0.0.2 …), as a second host would have. `fresh`: the
   * server makes its embedded database itself, as on a new installation, instead of starting from
   * a copy of one it made before (`emptyDatabase`).
   */
  options: { dataDir?: string; script?: 'main.js' | 'cluster.js'; host?: string; fresh?: boolean } = {},
): Promise<RunningServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'estate-e2e-'));
  const embedded = !env.DATABASE_URL;
  if (embedded && !options.fresh && !existsSync(path.join(dataDir, 'pgdata'))) {
    cpSync(await emptyDatabase(), path.join(dataDir, 'pgdata'), { recursive: true });
  }
  return launch(env, dataDir, options);
}

/**
 * The embedded database a new server makes on its first start (PostgreSQL's initdb and the
 * migrations: ~10 s of processor time on this 2-core machine, most of a server's start), made once
 * by the built server and copied into each new data folder (its files keep their owner-only modes).
 * Kept in the system's temporary folder under a name made from the built migrations and PGlite's
 * version, so a new migration makes a new one.
 */
let made: Promise<string> | undefined;
function emptyDatabase(): Promise<string> {
  made ??= (async () => {
    const migrations = path.join(ROOT, 'apps/server/dist/db/migrations');
    const hash = createHash('sha256');
    const pglite = createRequire(path.join(ROOT, 'apps/server/package.json')).resolve('@electric-sql/pglite');
    hash.update(readFileSync(path.join(path.dirname(pglite), '..', 'package.json')));
    for (const file of readdirSync(migrations, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(sql|json)$/.test(f)).sort()) {
      hash.update(file).update(readFileSync(path.join(migrations, file)));
    }
    const template = path.join(tmpdir(), `estate-e2e-pgdata-${hash.digest('hex').slice(0, 16)}`);
    if (existsSync(template)) return template;
    const server = await launch({}, mkdtempSync(path.join(tmpdir(), 'estate-e2e-')), {});
    const partial = `${template}.${process.pid}`;
    try {
      await server.stop({ keep: true });
      // Moved aside whole: a worker beside this one never copies half a folder.
      renameSync(path.join(server.dataDir, 'pgdata'), partial);
      try {
        renameSync(partial, template);
      } catch {
        rmSync(partial, { recursive: true, force: true }); // another worker's is there already
      }
    } finally {
      rmSync(server.dataDir, { recursive: true, force: true });
    }
    return template;
  })();
  return made;
}

async function launch(env: Record<string, string>, dataDir: string, options: { script?: 'main.js' | 'cluster.js'; host?: string }): Promise<RunningServer> {
  const port = await freePort();
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
    async stop({ keep = false } = {}) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      if (!keep) rmSync(dataDir, { recursive: true, force: true });
      return { code: child.exitCode, signal: child.signalCode };
    },
  };
}
