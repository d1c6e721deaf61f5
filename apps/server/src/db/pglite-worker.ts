/**
 * The embedded database's own thread (see pglite-thread.ts): PGlite runs here, so the request loop
 * is free while PostgreSQL's WebAssembly executes a statement and reads or writes its files.
 * Statements outside a transaction run one at a time, reads (`read`) and writes in two lines that
 * take turns (fair-queue.ts): a page is never behind a long queue of hearts, and a heart never
 * waits for a stream of pages to end. A transaction holds its turn from BEGIN until the request
 * loop says how it ends; its own statements run at once.
 */
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import type { Call, Reply, ThreadError, WorkerData } from './pglite-thread.js';
import { fairQueue, type Kind } from './fair-queue.js';

const port = parentPort!;
const { dataDir, template } = workerData as WorkerData;

/** Leaves a value of these types as PostgreSQL wrote it; the request loop applies the caller's parser. */
function textFor(oids: number[] | undefined): QueryOptions['parsers'] {
  if (!oids) return undefined;
  return Object.fromEntries(oids.map((oid) => [oid, (value: string) => value]));
}

/** An error as data that survives the trip (its code, table, constraint, …), rebuilt on the other side. */
function asThreadError(err: unknown): ThreadError {
  if (!(err instanceof Error)) return { message: String(err), fields: {} };
  const fields: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(err)) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  return { message: err.message, fields };
}

/** `endCall`: the `end` call that waits for the transaction's outcome, once it has come. */
type OpenTransaction = { tx: Transaction; end: (commit: boolean) => void; endCall?: number };

async function serve() {
  // An empty database costs PostgreSQL's initdb (about 10 s of processor time here); a test run
  // makes one migrated database once and starts each test file's from its dump (test/pglite-template.ts).
  const db = dataDir ? new PGlite(dataDir) : new PGlite(template ? { loadDataDir: new Blob([readFileSync(template)]) } : undefined);
  await db.waitReady;
  const transactions = new Map<number, OpenTransaction>();
  let nextTransaction = 1;
  const listeners = new Map<string, () => Promise<void>>();
  const reply = (message: Reply) => port.postMessage(message);
  const answer = (id: number, work: () => Promise<unknown>): Promise<void> =>
    work().then(
      (value) => reply({ id, ok: true, value }),
      (err: unknown) => reply({ id, ok: false, error: asThreadError(err) }),
    );

  const queue = fairQueue();
  /** Answers `id` with what `work` gives, now (a statement of an open transaction) or in its turn. */
  const respond = (id: number, work: () => Promise<unknown>, kind: Kind | 'now') => {
    if (kind === 'now') void answer(id, work);
    else queue.add(kind, () => answer(id, work));
  };
  const runner = (tx: number | undefined): Pick<Transaction, 'query' | 'exec'> => {
    if (tx === undefined) return db;
    const open = transactions.get(tx);
    if (!open) throw new Error('That transaction has already ended.');
    return open.tx;
  };

  port.on('message', (call: Call) => {
    switch (call.op) {
      // A statement of an open transaction runs in it now; a read goes ahead of the line.
      case 'query':
        return respond(
          call.id,
          async () => {
            const result = await runner(call.tx).query(call.text, call.params, {
              rowMode: call.rowMode,
              parsers: textFor(call.textOids),
            });
            return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
          },
          call.tx !== undefined ? 'now' : call.read === true ? 'read' : 'write',
        );
      case 'exec':
        return respond(
          call.id,
          async () =>
            (await runner(call.tx).exec(call.text)).map((r) => ({
              rows: r.rows,
              fields: r.fields,
              affectedRows: r.affectedRows,
            })),
          call.tx !== undefined ? 'now' : 'write',
        );
      case 'begin':
        // The transaction's number goes back as soon as PGlite has begun it; it ends when the
        // request loop sends `end` (commit when its callback succeeded, roll back when it threw),
        // and only then does the next statement in line start.
        return queue.add('write', async () => {
          const txId = nextTransaction++;
          let begun = false;
          await db
            .transaction(
              (tx) =>
                new Promise<void>((resolve, reject) => {
                  begun = true;
                  transactions.set(txId, {
                    tx,
                    end: (commit) => (commit ? resolve() : reject(new RolledBack())),
                  });
                  reply({ id: call.id, ok: true, value: txId });
                }),
            )
            .then(
              () => finish(txId, { ok: true, value: null }),
              (err: unknown) =>
                begun
                  ? finish(
                      txId,
                      err instanceof RolledBack
                        ? { ok: true, value: null }
                        : { ok: false, error: asThreadError(err) },
                    )
                  : reply({ id: call.id, ok: false, error: asThreadError(err) }),
            );
        });
      case 'end': {
        const open = transactions.get(call.tx);
        if (!open)
          return reply({
            id: call.id,
            ok: false,
            error: { message: 'That transaction has already ended.', fields: {} },
          });
        open.endCall = call.id;
        return open.end(call.commit);
      }
      case 'listen':
        return respond(
          call.id,
          async () => {
            listeners.set(
              call.channel,
              await db.listen(call.channel, (payload) => reply({ notification: call.channel, payload })),
            );
            return null;
          },
          'write',
        );
      case 'unlisten':
        return respond(
          call.id,
          async () => {
            await listeners.get(call.channel)?.();
            listeners.delete(call.channel);
            return null;
          },
          'write',
        );
      case 'close':
        return respond(
          call.id,
          async () => {
            await db.close();
            return null;
          },
          'write',
        );
    }
  });

  function finish(txId: number, outcome: { ok: true; value: null } | { ok: false; error: ThreadError }) {
    const id = transactions.get(txId)?.endCall;
    transactions.delete(txId);
    if (id !== undefined) reply({ id, ...outcome });
  }
  reply({ ready: true });
}

/** How the request loop asks for a rollback: thrown inside PGlite's transaction, never reported as a failure. */
class RolledBack extends Error {}

serve().catch((err: unknown) => port.postMessage({ failed: asThreadError(err) } satisfies Reply));
