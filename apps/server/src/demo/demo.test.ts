import { describe, expect, it, vi } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { Stage } from '@estate/domain/stages';
import { drawSecrets, estates, interests, items, locations, memberships, photos, rooms, users } from '../db/schema.js';
import { call, useHarness } from '../test/harness.js';
import { signIn } from '../test/factories.js';
import { DEMO_ESTATE_NAME, DEMO_PASSWORD, DEMO_PEOPLE, loadDemo } from './demo.js';

const h = useHarness();

async function counts() {
  const n = async (table: typeof users | typeof estates | typeof memberships | typeof locations | typeof rooms | typeof items | typeof photos | typeof interests) =>
    (await h.database.db.select({ n: count() }).from(table))[0]!.n;
  return {
    users: await n(users),
    estates: await n(estates),
    memberships: await n(memberships),
    locations: await n(locations),
    rooms: await n(rooms),
    items: await n(items),
    photos: await n(photos),
    interests: await n(interests),
  };
}

describe('demo estate', () => {
  it('loads every role, the catalogue with photos and a mid-process stage, once', { timeout: 60_000 }, async () => {
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      await loadDemo({ config: h.config, database: h.database, log: h.app.log });
      const first = await counts();
      expect(first).toMatchObject({ users: DEMO_PEOPLE.length, estates: 1, memberships: DEMO_PEOPLE.length - 1, locations: 3, rooms: 15 });
      expect(first.items).toBeGreaterThanOrEqual(200);
      expect(first.photos).toBeGreaterThanOrEqual(100);
      expect(first.interests).toBeGreaterThan(60);
      const [estate] = await h.database.db.select().from(estates);
      expect(estate).toMatchObject({ name: DEMO_ESTATE_NAME, stage: Stage.Interest });
      // The stage moved through the real service, so the draw commitments exist.
      expect(await h.database.db.select().from(drawSecrets).where(eq(drawSecrets.estateId, estate!.id))).toHaveLength(2);
      const roles = (await h.database.db.select({ roles: memberships.roles }).from(memberships)).flatMap((m) => m.roles);
      expect(new Set(roles)).toEqual(new Set([1, 2, 4, 10, 20, 30, 40]));
      const printed = out.mock.calls.map((c) => String(c[0])).join('');
      expect(printed).toContain(DEMO_PASSWORD);
      for (const p of DEMO_PEOPLE) expect(printed).toContain(p.email);

      // The sign-ins work, and the catalogue reads like a real one.
      const admin = await signIn(h, 'admin@demo.example', DEMO_PASSWORD);
      const james = await signIn(h, 'james@demo.example', DEMO_PASSWORD);
      const list = await call(h, 'GET', `/api/estates/${estate!.id}/items?limit=200`, { as: james });
      expect(list.statusCode).toBe(200);
      expect(list.json().total).toBe(first.items);
      expect(list.json().items.some((i: { interestCount: number }) => i.interestCount >= 2)).toBe(true);
      expect(list.json().items.filter((i: { thumbUrl: string | null }) => i.thumbUrl).length).toBeGreaterThan(50);
      const books = await call(h, 'GET', `/api/estates/${estate!.id}/items?category=Book&limit=50`, { as: admin });
      expect(books.json().total).toBeGreaterThanOrEqual(20);
      const [book] = books.json().items;
      const detail = (await call(h, 'GET', `/api/estates/${estate!.id}/items/${book.id}`, { as: admin })).json().item;
      expect(detail.warnings).toEqual([]);
      const thumb = await h.app.inject({ method: 'GET', url: detail.photos[0].thumbUrl });
      expect(thumb.headers['content-type']).toBe('image/webp');

      // A second start finds the demo and changes nothing.
      await loadDemo({ config: h.config, database: h.database, log: h.app.log });
      expect(await counts()).toEqual(first);
      const [{ n } = { n: 0 }] = await h.database.db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.isAdmin, true));
      expect(n).toBe(1);
    } finally {
      out.mockRestore();
    }
  });
});
