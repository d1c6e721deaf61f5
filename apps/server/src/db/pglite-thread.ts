/**
 * Embedded PGlite in a thread of its own (pglite-worker.ts), behind the calls drizzle and this
 * server make of a PGlite instance: `query`, `exec`, `transaction`, `listen`, `close`. PostgreSQL's
 * WebAssembly and its file reads take most of a write's time; on the request loop they held every
 * other request, the cached ones too, while they ran. See docs/decisions/0024-pglite-in-a-thread.md.
 *
 * What crosses between the threads is plain data: statements, parameters and rows (structured
 * clone keeps Dates, bigints and bytes), and errors as their fields (`code`, `constraint`, …),
 * rebuilt here as a `DatabaseError`. A caller's parsers (drizzle keeps dates as text) run here, on
 * text the thread leaves as it is.
 */
import type { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { startWorker, workerScript } from '../platform/worker-pool.js';

/** `template`: a PGlite dump (`dumpDataDir`) an in-memory database starts from instead of an empty one. */
export type WorkerData = { dataDir: string | undefined; template?: string };

/** What the request loop asks of the thread; `tx` names the open transaction a statement runs in. */
export type Call =
  | { id: number; op: 'query'; tx?: number; read?: boolean; text: string; params: unknown[]; rowMode?: 'array' | 'object'; textOids?: number[] }
  | { id: number; op: 'exec'; tx?: number; text: string }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen' | 'unlisten'; channel: string }
  | { id: number; op: 'close' };

export type ThreadError = { message: string; fields: Record<string, string | number> };

/** What the thread sends back: an answer to one call, a notification, or that it is ready (or failed to start). */
export type Reply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: ThreadError }
  | { notification: string; payload: string }
  | { ready: true }
  | { failed: ThreadError };

/** An error PostgreSQL reported (or PGlite around it), with its fields: `code`, `table`, `constraint`, … */
export class DatabaseError extends Error {
  constructor(error: ThreadError) {
    super(error.message);
    Object.assign(this, error.fields);
    // PGlite's own `name` is the protocol message's ("error"); the class says more.
    this.name = 'DatabaseError';
  }
}

type QueryRunner = {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
};

type Pending = { resolve: (value: unknown) => void; reject: (err: Error) => void };

const WORKER = workerScript(import.meta.url, 'pglite-worker');

export class PgliteThread implements QueryRunner {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private failure: Error | undefined;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: Reply) => this.receive(reply));
    worker.on('error', (err) => this.fail(err));
    worker.on('exit', (code) => this.fail(new Error(`The database thread stopped (exit code ${code}).`)));
    // Only calls under way keep the process alive (a script that is done may end).
    worker.unref();
  }

  /** Starts the thread and opens the database in `dataDir` (in memory when undefined, from `template` when given). */
  static async start(dataDir: string | undefined, template?: string): Promise<PgliteThread> {
    const worker = startWorker(WORKER, { workerData: { dataDir, template } satisfies WorkerData });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (reply: Reply) => {
        if ('ready' in reply) done(resolve);
        else if ('failed' in reply) done(() => reject(new DatabaseError(reply.failed)));
      };
      const onError = (err: Error) => done(() => reject(err));
      const onExit = (code: number) => done(() => reject(new Error(`The database thread stopped while opening (exit code ${code}).`)));
      const done = (then: () => void) => {
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        then();
      };
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    });
    return new PgliteThread(worker);
  }

  query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.runQuery<T>(undefined, text, params, options);
  }

  /**
   * A statement that only reads (a page of the list, an item): it waits in the readers' line, which
   * takes turns with the writers' (fair-queue.ts, ADR 0037). Outside a transaction only, and only
   * a SELECT: it may see the state before writes asked for at the same moment, never half of one.
   */
  async read<T>(text: string, params: unknown[] = []): Promise<Results<T>> {
    if (!/^\s*select\b/i.test(text)) throw new Error("Only a SELECT can wait in the readers' line.");
    return (await this.call({ op: 'query', read: true, text, params })) as Results<T>;
  }

  async exec(text: string): Promise<Results[]> {
    return (await this.call({ op: 'exec', text })) as Results[];
  }

  /**
   * Runs `fn` in one transaction: committed when it succeeds, rolled back when it throws. Other
   * statements wait until it ends, as in PGlite.
   */
  async transaction<T>(fn: (tx: QueryRunner) => Promise<T>): Promise<T> {
    const tx = (await this.call({ op: 'begin' })) as number;
    const runner: QueryRunner = {
      query: <R>(text: string, params: unknown[] = [], options?: QueryOptions) => this.runQuery<R>(tx, text, params, options),
      exec: async (text: string) => (await this.call({ op: 'exec', tx, text })) as Results[],
    };
    let result: T;
    try {
      result = await fn(runner);
    } catch (err) {
      await this.call({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw err;
    }
    await this.call({ op: 'end', tx, commit: true });
    return result;
  }

  /** Calls `onMessage` with each notification on `channel`; resolves to a function that stops it. */
  async listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      await this.call({ op: 'listen', channel });
    }
    set.add(onMessage);
    return async () => {
      set.delete(onMessage);
      if (set.size > 0 || this.listeners.get(channel) !== set) return;
      this.listeners.delete(channel);
      await this.call({ op: 'unlisten', channel });
    };
  }

  async close(): Promise<void> {
    if (this.failure) return;
    await this.call({ op: 'close' });
    this.failure = new Error('The database is closed.');
    await this.worker.terminate();
  }

  private async runQuery<T>(tx: number | undefined, text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const parsers = options?.parsers;
    const textOids = parsers ? Object.keys(parsers).map(Number) : undefined;
    const result = (await this.call({ op: 'query', tx, text, params, rowMode: options?.rowMode, textOids })) as Results<T>;
    if (parsers) applyParsers(result, parsers, options.rowMode);
    return result;
  }

  private call(call: DistributiveOmit<Call, 'id'>): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...call, id });
    });
  }

  private receive(reply: Reply): void {
    if ('notification' in reply) {
      for (const listener of this.listeners.get(reply.notification) ?? []) listener(reply.payload);
      return;
    }
    if (!('id' in reply)) return;
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(new DatabaseError(reply.error));
  }

  /** The thread ended or crashed: every call under way and every later one fails with the reason. */
  private fail(err: Error): void {
    if (this.failure) return;
    this.failure = err;
    for (const waiting of this.pending.values()) waiting.reject(err);
    this.pending.clear();
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** Applies the caller's parsers to the columns of their types (the thread left those values as text). */
function applyParsers(result: Results<unknown>, parsers: NonNullable<QueryOptions['parsers']>, rowMode: QueryOptions['rowMode']): void {
  result.fields.forEach((field, column) => {
    const parse = parsers[field.dataTypeID];
    if (!parse) return;
    const key = rowMode === 'array' ? column : field.name;
    for (const row of result.rows as Record<string | number, unknown>[]) {
      const value = row[key];
      if (value !== null && value !== undefined) row[key] = parse(value as string);
    }
  });
}
