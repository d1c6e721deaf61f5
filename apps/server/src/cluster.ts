/**
 * Several server processes on one port (README, "Running several servers"; `npm run start:cluster`).
 * This primary serves nothing itself: it starts `WORKERS` copies of the server (`main.js`, one a
 * core by default), starts a new one when one stops unexpectedly, and stops them all, each finishing
 * what it was doing, on SIGTERM or SIGINT. Only on PostgreSQL: the embedded database belongs to one
 * process. Live events and deadlines stay exactly once across the workers (ADR 0021).
 */
import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { pino, type LoggerOptions } from 'pino';
import { loadConfig, type Config } from './config.js';
import { loggerOptions } from './platform/logging.js';

/** A worker that stops before it ever answered, this many times in a row, means the server cannot start. */
export const FAILED_STARTS_ALLOWED = 3;
/** How long the workers get to finish their requests after SIGTERM before they are ended. */
const STOP_GRACE_MS = 10_000;

/** How many workers: `WORKERS` when set, else one a core. */
export function workerCount(config: Pick<Config, 'WORKERS'>, cores = os.availableParallelism()): number {
  return config.WORKERS ?? Math.max(1, cores);
}

/** The wait before a replacement starts: none after a worker that ran, growing while starts keep failing. */
export function restartDelayMs(failedStartsInARow: number): number {
  return failedStartsInARow === 0 ? 0 : Math.min(30_000, 1000 * 2 ** (failedStartsInARow - 1));
}

function runPrimary(config: Config) {
  const options = loggerOptions(config.LOG_LEVEL);
  const log = pino(typeof options === 'object' ? (options as LoggerOptions) : { level: 'silent' });
  if (!config.DATABASE_URL) {
    log.fatal(
      'Several server processes need PostgreSQL: set DATABASE_URL. The embedded database (DATA_DIR) belongs to one process; run `npm start` for it.',
    );
    process.exit(1);
  }
  const wanted = workerCount(config);
  const answered = new WeakSet<Worker>();
  let failedStarts = 0;
  let stopping = false;
  let exitCode = 0;

  cluster.setupPrimary({ exec: fileURLToPath(new URL('./main.js', import.meta.url)) });
  const start = () => {
    const worker = cluster.fork();
    worker.once('listening', () => {
      answered.add(worker);
      failedStarts = 0;
    });
  };
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
      return;
    }
    if (!answered.has(worker)) failedStarts += 1;
    if (failedStarts >= FAILED_STARTS_ALLOWED) {
      log.fatal(
        { failedStarts },
        'The server stopped before it could answer, several times in a row; the lines above say why. Stopping.',
      );
      stop(1);
      return;
    }
    const delay = restartDelayMs(failedStarts);
    log.error(
      { pid: worker.process.pid, code, signal, restartInMs: delay },
      'a server process stopped unexpectedly; starting another',
    );
    setTimeout(() => !stopping && start(), delay);
  });

  const stop = (code: number) => {
    stopping = true;
    exitCode = code;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    if (workers.length === 0) process.exit(exitCode);
    for (const w of workers) w.process.kill('SIGTERM');
    setTimeout(() => {
      for (const w of workers) if (!w.isDead()) w.process.kill('SIGKILL');
      process.exit(exitCode);
    }, STOP_GRACE_MS).unref();
  };
  process.once('SIGTERM', () => stop(0));
  process.once('SIGINT', () => stop(0));

  log.info({ workers: wanted }, `starting ${wanted} server processes on port ${config.PORT}`);
  for (let i = 0; i < wanted; i++) start();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    runPrimary(loadConfig());
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
