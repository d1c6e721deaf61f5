/**
 * Reliability: a server killed with SIGKILL in the middle of writes loses none it acknowledged,
 * and starts again cleanly on the same data. On embedded PGlite (the lock file of the dead process
 * is taken over) and, when a PostgreSQL server answers on 127.0.0.1:5432, on PostgreSQL (in a
 * database made for the test and dropped after it).
 */
import { expect, it } from 'vitest';
import { startServer } from '../support/server.js';
import { api, seedEstate } from '../support/seed.js';
import { postgresAnswers, withFreshDatabase } from '../support/postgres.js';

async function killMidWriteAndRestart(env: Record<string, string>) {
  const first = await startServer(env);
  const seeded = await seedEstate(first.url, {});
  const acknowledged: string[] = [];
  let stop = false;
  const writer = (async () => {
    for (let i = 0; !stop && i < 190; i++) {
      try {
        const { item } = await api<{ item: { id: string } }>(
          first.url,
          'POST',
          `/api/estates/${seeded.estateId}/items`,
          { name: `Box of Letters ${i}` },
          seeded.trustee.token,
        );
        acknowledged.push(item.id);
      } catch {
        return; // the server is gone
      }
    }
  })();
  // Killed while it writes, once some writes were acknowledged (not after a fixed time: a busy
  // machine may not have answered any by then).
  await expect.poll(() => acknowledged.length, { timeout: 60_000, interval: 20 }).toBeGreaterThan(5);
  await first.kill9();
  stop = true;
  await writer;
  expect(acknowledged.length).toBeGreaterThan(5);

  const second = await startServer(env, { dataDir: first.dataDir });
  try {
    const token = (
      await api<{ accessToken: string }>(second.url, 'POST', '/api/auth/login', {
        email: 'admin@example.com',
        password: 'Quiet-Harbour-1947',
      })
    ).accessToken;
    const { items, total } = await api<{ items: { id: string }[]; total: number }>(
      second.url,
      'GET',
      `/api/estates/${seeded.estateId}/items?limit=200&sort=number`,
      undefined,
      token,
    );
    const stored = new Set(items.map((i) => i.id));
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    expect(total).toBeGreaterThanOrEqual(acknowledged.length);
  } finally {
    await second.stop();
  }
}

it('keeps every acknowledged write across kill -9 and restarts cleanly (PGlite)', async () => {
  await killMidWriteAndRestart({});
});

it.skipIf(!postgresAnswers)(
  'keeps every acknowledged write across kill -9 and restarts cleanly (PostgreSQL)',
  async () => {
    await withFreshDatabase('crash', (url) => killMidWriteAndRestart({ DATABASE_URL: url }));
  },
);
