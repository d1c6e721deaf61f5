/**
 * Heavy work on untrusted input (reading an uploaded spreadsheet) runs in a worker thread, so the
 * request loop keeps answering (health checks, everyone else's requests) while it runs, and a task
 * that takes too long or grows too large is stopped by ending its thread.
 *
 * At most `maxRunning` tasks run at once; a few more wait their turn, and beyond that the caller
 * is told the server is busy. The time limit counts from the task's start, not its wait. A worker
 * that finished its task well is kept for the next one for a while (starting one and loading its
 * libraries takes a second or two); one that failed, ran out of time or memory is ended.
 * See docs/decisions/0008-bounded-uploads.md.
 */
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { parentPort, Worker, type WorkerOptions } from 'node:worker_threads';
import { AppError, ERROR_STATUS, type ErrorCode, type Says } from './errors.js';

export type TaskLimits = {
  /** Wall-clock limit from the task's start; the thread is ended when it passes. */
  timeoutMs: number;
  /** V8 old-generation heap of the worker; exceeding it ends the thread. */
  maxHeapMb: number;
};

/** The task ran past its time limit and its thread was ended. */
export class TaskTimeout extends Error {}
/** The task ran out of its heap and its thread was ended. */
export class TaskOutOfMemory extends Error {}
/** Too many tasks are running and waiting already. */
export class TaskQueueFull extends Error {}

type Reply =
  | { ok: true; value: unknown }
  | { ok: false; error: { code: string; message: string; says?: Says; fields?: Record<string, string | Says> } };

export type WorkerScript = { url: URL; source: boolean };

/** A worker module beside the caller: `.ts` under the test runner and tsx, `.js` once built. */
export function workerScript(callerUrl: string, baseName: string): WorkerScript {
  const source = callerUrl.endsWith('.ts');
  return { url: new URL(`./${baseName}.${source ? 'ts' : 'js'}`, callerUrl), source };
}

function spawn(script: WorkerScript, maxHeapMb: number): Worker {
  return startWorker(script, { resourceLimits: { maxOldGenerationSizeMb: maxHeapMb } });
}

/** Starts the worker module `script` (compiled or, under tsx and the test runner, TypeScript). */
export function startWorker(script: WorkerScript, options: Pick<WorkerOptions, 'resourceLimits' | 'workerData'> = {}): Worker {
  if (!script.source) return new Worker(script.url, options);
  // TypeScript source (tests, `npm run dev`): the worker registers tsx before importing the module.
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const code = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(script.url.href)}); });`;
  return new Worker(code, { ...options, eval: true, execArgv: ['--conditions=source'] });
}

type Idle = { worker: Worker; script: string; maxHeapMb: number; timer: NodeJS.Timeout };

export class WorkerPool {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly idle: Idle[] = [];
  /** Called when a task is handed to its thread (tests use it to act while a task is under way). */
  onTaskStart: (() => void) | undefined;

  constructor(
    readonly maxRunning = Math.max(1, availableParallelism() - 1),
    readonly maxWaiting = 4,
    /** How long a worker is kept for the next task. */
    readonly idleMs = 60_000,
  ) {}

  /** Tasks running now. */
  get busy(): number {
    return this.running;
  }

  /**
   * Runs the worker module `script` on `input` (an ArrayBuffer in `transfer` moves instead of
   * being copied). Resolves with what the worker's `serveTask` returned; an AppError thrown there
   * arrives here as the same AppError.
   */
  async run<T>(
    script: WorkerScript,
    input: unknown,
    limits: TaskLimits,
    transfer: ArrayBuffer[] = [],
  ): Promise<T> {
    if (this.running >= this.maxRunning) {
      if (this.waiting.length >= this.maxWaiting) throw new TaskQueueFull('Too many tasks are waiting.');
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.running += 1;
    try {
      return await this.start<T>(script, input, limits, transfer);
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }

  /** Ends the workers kept for later (the app calls this when it closes). */
  async close(): Promise<void> {
    await Promise.all(this.idle.splice(0).map((i) => (clearTimeout(i.timer), i.worker.terminate())));
  }

  private take(script: WorkerScript, maxHeapMb: number): Worker {
    const at = this.idle.findIndex((i) => i.script === script.url.href && i.maxHeapMb === maxHeapMb);
    if (at < 0) {
      const worker = spawn(script, maxHeapMb);
      // Between tasks nobody listens: an idle worker that fails just leaves the pool.
      worker.on('error', () => {});
      worker.once('exit', () => {
        const gone = this.idle.findIndex((i) => i.worker === worker);
        if (gone >= 0) clearTimeout(this.idle.splice(gone, 1)[0]!.timer);
      });
      return worker;
    }
    const [kept] = this.idle.splice(at, 1);
    clearTimeout(kept!.timer);
    return kept!.worker;
  }

  private keep(worker: Worker, script: WorkerScript, maxHeapMb: number): void {
    const timer = setTimeout(() => void worker.terminate(), this.idleMs);
    timer.unref();
    worker.unref();
    this.idle.push({ worker, script: script.url.href, maxHeapMb, timer });
  }

  private start<T>(
    script: WorkerScript,
    input: unknown,
    limits: TaskLimits,
    transfer: ArrayBuffer[],
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const worker = this.take(script, limits.maxHeapMb);
      worker.ref();
      let settled = false;
      const finish = (healthy: boolean, outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        if (healthy) this.keep(worker, script, limits.maxHeapMb);
        else void worker.terminate();
        outcome();
      };
      const onMessage = (reply: Reply) =>
        finish(true, () => {
          if (reply.ok) resolve(reply.value as T);
          else if (reply.error.code in ERROR_STATUS && reply.error.code !== 'internal') {
            reject(new AppError(reply.error.code as ErrorCode, reply.error.says ?? reply.error.message, reply.error.fields));
          } else reject(new Error(reply.error.message));
        });
      const onError = (err: Error & { code?: string }) =>
        finish(false, () =>
          reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new TaskOutOfMemory(err.message) : err),
        );
      const onExit = (code: number) =>
        finish(false, () => reject(new Error(`The worker stopped (exit code ${code}) without an answer.`)));
      const timer = setTimeout(
        () =>
          finish(false, () => reject(new TaskTimeout(`The task ran longer than ${limits.timeoutMs} ms.`))),
        limits.timeoutMs,
      );
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      worker.postMessage(input, transfer);
      this.onTaskStart?.();
    });
  }
}

/** In a worker module: answers each message it is sent with `task`'s result (or its AppError). */
export function serveTask<I, O>(task: (input: I) => Promise<O> | O): void {
  if (!parentPort) throw new Error('serveTask runs inside a worker thread.');
  const port = parentPort;
  port.on('message', (input: I) => {
    Promise.resolve()
      .then(() => task(input))
      .then(
        (value) => port.postMessage({ ok: true, value } satisfies Reply),
        (err: unknown) =>
          port.postMessage({
            ok: false,
            error:
              err instanceof AppError
                ? { code: err.code, message: err.message, ...(err.says ? { says: err.says } : {}), ...(err.fieldSays ? { fields: err.fieldSays } : {}) }
                : { code: 'internal', message: err instanceof Error ? err.message : String(err) },
          } satisfies Reply),
      );
  });
}
