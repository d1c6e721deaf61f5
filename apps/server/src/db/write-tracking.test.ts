import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from './client.js';
import { locations } from './schema.js';

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
      const two = await openPostgres(url);
      try {
        await checkCounting(one);
        const heard = two.writes.generation;
        await one.db.execute(sql`insert into scratch values (4)`);
        await expect.poll(() => two.writes.generation, { timeout: 5_000 }).toBeGreaterThan(heard);
      } finally {
        await one.close();
        await two.close();
      }
    });
  });
});
