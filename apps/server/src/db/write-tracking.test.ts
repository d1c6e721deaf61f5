import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from './client.js';
import { locations } from './schema.js';
import { runInWriteScope } from './write-tracking.js';

/** Every write bumps the counter, whichever path it takes; plain reads never do. */
async function checkCounting(database: Database) {
  const { db, writes } = database;
  const before = writes.generation;
  await db.select().from(locations);
  await db.execute(sql`select 1`);
  expect(writes.generation).toBe(before);

  await db.execute(sql`create table scratch (n int)`);
  const afterDdl = writes.generation;
  expect(afterDdl).toBeGreaterThan(before);

  await db.execute(sql`insert into scratch values (1)`);
  expect(writes.generation).toBeGreaterThan(afterDdl);

  const beforeTx = writes.generation;
  let insideTx = -1;
  await db.transaction(async (tx) => {
    await tx.execute(sql`update scratch set n = 2`);
    insideTx = writes.generation;
  });
  // Counted once the transaction has committed, so a reader cannot cache the state before it.
  expect(writes.generation).toBeGreaterThan(insideTx);
  expect(insideTx).toBeGreaterThanOrEqual(beforeTx);

  const beforeRollback = writes.generation;
  await expect(
    db.transaction(async (tx) => {
      await tx.execute(sql`update scratch set n = 3`);
      throw new Error('changed my mind');
    }),
  ).rejects.toThrow('changed my mind');
  expect(writes.generation).toBeGreaterThan(beforeRollback);

  // Inside an estate's request, writes count for that estate only, unless they name `users`.
  const estate = 'e1';
  const other = 'e2';
  const stamps = () => [writes.stamp(estate), writes.stamp(other), writes.stamp(null), writes.accessStamp(estate)];
  let was = stamps();
  await runInWriteScope({ estateId: estate }, async () => {
    await db.execute(sql`insert into scratch values (5)`);
    await db.transaction(async (tx) => {
      await tx.execute(sql`update scratch set n = 6`);
    });
  });
  let after = stamps();
  expect(after[0]).not.toBe(was[0]);
  expect(after.slice(1)).toEqual(was.slice(1));
  was = after;
  // A write to the estate's row (its stage) changes who may do what there.
  await runInWriteScope({ estateId: estate }, async () => {
    await db.execute(sql`update estates set stage = stage where false`);
  });
  after = stamps();
  expect([after[0] !== was[0], after[1] === was[1], after[2] === was[2], after[3] !== was[3]]).toEqual([true, true, true, true]);
  was = after;
  await runInWriteScope({ estateId: estate }, () =>
    db.transaction(async (tx) => {
      await tx.execute(sql`update users set first_name = first_name where false`);
      await tx.execute(sql`update scratch set n = 7`);
    }),
  );
  after = stamps();
  expect(after.every((stamp, k) => stamp !== was[k])).toBe(true);
  was = after;
  // Outside any estate (the scheduler, a script): every estate.
  await db.execute(sql`update scratch set n = 8`);
  after = stamps();
  expect(after.every((stamp, k) => stamp !== was[k])).toBe(true);
}

describe('write counting', () => {
  it('counts writes on PGlite', async () => {
    const database = await openPglite(undefined);
    try {
      await checkCounting(database);
    } finally {
      await database.close();
    }
  });

  describe.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL', () => {
    const name = `estate_writes_${process.pid}`;
    let url = '';
    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const dbUrl = new URL(process.env.TEST_DATABASE_URL!);
      dbUrl.pathname = `/${name}`;
      url = dbUrl.toString();
    });
    afterAll(async () => {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });

    it('counts writes, and hears of another process’s writes', async () => {
      const one = await openPostgres(url);
      let two: Database | undefined;
      try {
        await checkCounting(one);
        // Opened after the counting: its own start-up may write, which `one` would hear mid-count.
        const second = await openPostgres(url);
        two = second;
        const heard = second.writes.generation;
        await one.db.execute(sql`insert into scratch values (4)`);
        await expect.poll(() => second.writes.generation, { timeout: 5_000 }).toBeGreaterThan(heard);
      } finally {
        await one.close();
        await two?.close();
      }
    });
  });
});
