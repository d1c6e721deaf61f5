import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DatabaseError, PgliteThread } from './pglite-thread.js';

/** PGlite in its own thread answers as PGlite does in the request loop's, and leaves that loop free. */
describe('PGlite in a thread of its own', () => {
  let db: PgliteThread;
  beforeAll(async () => {
    db = await PgliteThread.start(undefined);
    await db.exec(`create table t (id int primary key, at timestamptz, bytes bytea, doc jsonb, big int8);`);
  });
  afterAll(() => db.close());

  it('keeps values as PostgreSQL types them: dates, bytes, json, numbers', async () => {
    const at = new Date('2026-11-24T10:11:12.345Z');
    await db.query('insert into t values ($1, $2, $3, $4, $5)', [1, at, new Uint8Array([1, 2, 255]), JSON.stringify({ a: [1] }), 9]);
    const { rows, fields } = await db.query<{ id: number; at: Date; bytes: Uint8Array; doc: unknown; big: unknown }>('select * from t where id = $1', [1]);
    expect(rows[0]!.at).toEqual(at);
    expect([...rows[0]!.bytes]).toEqual([1, 2, 255]);
    expect(rows[0]!.doc).toEqual({ a: [1] });
    expect(rows[0]!.id).toBe(1);
    expect(fields.map((f) => f.name)).toEqual(['id', 'at', 'bytes', 'doc', 'big']);
  });

  it("applies a caller's parsers to the text of their types, in either row mode", async () => {
    const TIMESTAMPTZ = 1184;
    const keep = { [TIMESTAMPTZ]: (value: string) => `text:${value}` };
    const asArray = await db.query<unknown[]>('select id, at from t where id = 1', [], { rowMode: 'array', parsers: keep });
    expect(asArray.rows[0]).toEqual([1, 'text:2026-11-24 10:11:12.345+00']);
    const asObject = await db.query<{ at: string }>('select at from t where id = 1', [], { parsers: keep });
    expect(asObject.rows[0]!.at).toBe('text:2026-11-24 10:11:12.345+00');
  });

  it("reports PostgreSQL's refusal with its code and constraint", async () => {
    const err: unknown = await db.query('insert into t (id) values (1)').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DatabaseError);
    expect(err).toMatchObject({ code: '23505', constraint: 't_pkey', name: 'DatabaseError' });
    // The database goes on answering.
    expect((await db.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }]);
  });

  it('commits a transaction whose work succeeds, and rolls back one that throws', async () => {
    const value = await db.transaction(async (tx) => {
      await tx.query('insert into t (id) values (2)');
      return (await tx.query<{ n: number }>('select count(*)::int as n from t')).rows[0]!.n;
    });
    expect(value).toBe(2);
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into t (id) values (3)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const { rows } = await db.query<{ id: number }>('select id from t order by id');
    expect(rows.map((r) => r.id)).toEqual([1, 2]);
  });

  it('makes other statements wait while a transaction is open, as PGlite does', async () => {
    let other: Promise<number> | undefined;
    let seenInside: number | undefined;
    await db.transaction(async (tx) => {
      await tx.query('insert into t (id) values (4)');
      other = db.query<{ n: number }>('select count(*)::int as n from t').then((r) => r.rows[0]!.n);
      // A statement of the transaction's own still runs (it does not wait behind the other one).
      seenInside = (await tx.query<{ n: number }>('select count(*)::int as n from t')).rows[0]!.n;
    });
    expect(seenInside).toBe(3);
    expect(await other).toBe(3);
  });

  it('lets a read go ahead of the statements waiting in line, after the one under way', async () => {
    const order: string[] = [];
    const slow = db.query('select pg_sleep(0.2)');
    const writes = [10, 11, 12].map((id) => db.query('insert into t (id) values ($1)', [id]).then(() => order.push(`write ${id}`)));
    const read = db.read<{ n: number }>('select count(*)::int as n from t where id >= 10').then((r) => {
      order.push('read');
      return r.rows[0]!.n;
    });
    try {
      // It saw none of the writes asked for before it, and all of them ran, in order, after it.
      expect(await read).toBe(0);
      await Promise.all([slow, ...writes]);
      expect(order).toEqual(['read', 'write 10', 'write 11', 'write 12']);
    } finally {
      await db.query('delete from t where id >= 10');
    }
  });

  it('lets a write through while reads arrive without pause', async () => {
    let writeDone = false;
    let readsWhileWaiting = 0;
    // Eight readers, each asking again the moment its read is answered, until the write is done
    // (or far more reads have passed than a fair turn lets by: then the write was starved).
    const reader = async () => {
      while (!writeDone && readsWhileWaiting < 2_000) {
        await db.read('select count(*) from generate_series(1, 2000)');
        readsWhileWaiting++;
      }
    };
    const readers = Array.from({ length: 8 }, reader);
    const write = db.transaction(async (tx) => {
      await tx.query('insert into t (id) values (20)');
      await tx.query('delete from t where id = 20');
    });
    await write.finally(() => (writeDone = true));
    await Promise.all(readers);
    expect(readsWhileWaiting).toBeLessThan(2_000);
  });

  it("lets only a SELECT wait in the readers' line", async () => {
    await expect(db.read('delete from t')).rejects.toThrow("Only a SELECT can wait in the readers' line.");
    expect((await db.read<{ n: number }>('select count(*)::int as n from t')).rows[0]!.n).toBe(3);
  });

  it('refuses a statement in a transaction that has ended', async () => {
    let kept: Pick<PgliteThread, 'query'> | undefined;
    await db.transaction((tx) => {
      kept = tx;
      return Promise.resolve();
    });
    await expect(kept!.query('select 1')).rejects.toThrow('That transaction has already ended.');
  });

  it('delivers notifications to each listener until it stops listening', async () => {
    const heard: string[] = [];
    const stop = await db.listen('thread_test', (payload) => heard.push(payload));
    await db.query("select pg_notify('thread_test', 'one')");
    await expect.poll(() => heard).toEqual(['one']);
    await stop();
    await db.query("select pg_notify('thread_test', 'two')");
    await db.query('select 1');
    expect(heard).toEqual(['one']);
  });

  it('leaves the request loop free while a statement runs', async () => {
    let turns = 0;
    let running = true;
    const spin = () => {
      turns++;
      if (running) setImmediate(spin);
    };
    setImmediate(spin);
    await db.query('select pg_sleep(0.3)');
    running = false;
    // In the request loop's own thread the statement would have held it: a turn or two at most.
    expect(turns).toBeGreaterThan(20);
  });
});

describe('PGlite in a thread: a data folder', () => {
  it('keeps what was written across a close and a new start, and refuses calls once closed', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'pglite-thread-'));
    try {
      const first = await PgliteThread.start(path.join(dir, 'pgdata'));
      await first.exec('create table kept (n int); insert into kept values (7);');
      await first.close();
      await expect(first.query('select 1')).rejects.toThrow('The database is closed.');
      const second = await PgliteThread.start(path.join(dir, 'pgdata'));
      expect((await second.query<{ n: number }>('select n from kept')).rows).toEqual([{ n: 7 }]);
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
