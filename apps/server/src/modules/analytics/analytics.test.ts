/** The trustee's figures against an estate whose numbers are known, and who may read them. */
import { expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { Role } from '@estate/domain/roles';
import { approvals, interests, items, participation, rankings, tokenAllocations } from '../../db/schema.js';
import { call, useHarness } from '../../test/harness.js';
import { addMember, createEstate, createItem, createUser, setStage } from '../../test/factories.js';
import { uploadPhoto } from '../../test/route-world.js';

const h = useHarness();

async function seed() {
  const trustee = await createUser(h, { firstName: 'Tess' });
  const estateId = await createEstate(h, trustee);
  const anna = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const ben = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const olly = await addMember(h, estateId, trustee, [Role.Offspring], { receivesThrough: anna.id });
  const observer = await addMember(h, estateId, trustee, [Role.Observer]);
  const post = async (path: string, body: object) => (await call(h, 'POST', `/api/estates/${estateId}${path}`, { as: trustee, body })).json();
  const house = (await post('/locations', { name: 'House' })).location.id as string;
  const barn = (await post('/locations', { name: 'Barn' })).location.id as string;
  const kitchen = (await post(`/locations/${house}/rooms`, { name: 'Kitchen' })).room.id as string;
  const den = (await post(`/locations/${house}/rooms`, { name: 'Den' })).room.id as string;
  await post(`/locations/${barn}/rooms`, { name: 'Loft' });
  const item = async (name: string, categories: string[], place: object, photo: boolean, value?: string) => {
    const made = await createItem(h, estateId, trustee, { name, categories, ...place });
    if (photo) await uploadPhoto(h, estateId, made.id, trustee);
    if (value) await h.database.db.update(items).set({ value }).where(eq(items.id, made.id));
    return made.id;
  };
  const inKitchen = { locationId: house, roomId: kitchen };
  const inDen = { locationId: house, roomId: den };
  const teapot = await item('Teapot', ['Kitchenware'], inKitchen, true, '40');
  const mixer = await item('Mixer', ['Kitchenware'], inKitchen, false, '60');
  const lamp = await item('Lamp', ['Furniture'], inDen, true);
  const clock = await item('Clock', ['Furniture', 'Heirloom'], inDen, true, '500');
  const rug = await item('Rug', ['Furniture'], inDen, false);
  const box = await item('Box', ['Misc'], {}, false);

  const db = h.database.db;
  const heart = (memberId: string, itemId: string) => ({ estateId, memberId, itemId });
  await db.insert(interests).values([heart(anna.id, teapot), heart(anna.id, clock), heart(anna.id, lamp), heart(ben.id, clock), heart(ben.id, rug), heart(olly.id, teapot)]);
  const approval = (memberId: string, itemId: string, status: 'approved' | 'flagged') => ({ estateId, memberId, itemId, status });
  await db.insert(approvals).values([
    ...[teapot, mixer, lamp, clock, rug].map((i) => approval(anna.id, i, 'approved')),
    approval(anna.id, box, 'flagged'),
    approval(ben.id, teapot, 'approved'),
    approval(ben.id, clock, 'approved'),
  ]);
  await db.insert(rankings).values([
    { estateId, memberId: anna.id, itemId: clock, rank: 1 },
    { estateId, memberId: ben.id, itemId: clock, rank: 1 },
  ]);
  await db.insert(tokenAllocations).values([
    { estateId, memberId: anna.id, itemId: lamp, count: 2 },
    { estateId, memberId: ben.id, itemId: rug, count: 1 },
  ]);
  const doneAt = new Date('2026-11-01T09:00:00Z');
  await db.insert(participation).values([
    { estateId, memberId: anna.id, stage: 2, doneAt, automatic: false },
    { estateId, memberId: anna.id, stage: 11, doneAt, automatic: false },
    { estateId, memberId: ben.id, stage: 2, doneAt, automatic: true },
  ]);
  const assign = (itemId: string, memberId: string, reason: string) =>
    db.update(items).set({ status: 'assigned', assignedTo: memberId, assignmentReason: reason }).where(eq(items.id, itemId));
  await assign(clock, anna.id, 'high-interest');
  await assign(teapot, anna.id, 'only-interested');
  await assign(rug, ben.id, 'tokens');
  await assign(lamp, ben.id, 'directive');
  await db.update(items).set({ status: 'unwanted' }).where(eq(items.id, mixer));
  await db.update(items).set({ status: 'hold' }).where(inArray(items.id, [box]));
  await setStage(h, estateId, 40);
  return { estateId, trustee, anna, ben, olly, observer, house, barn, kitchen, den };
}

it('gives trustees and observers the catalogue, participation, interest and assignment figures', async () => {
  const s = await seed();
  const res = await call(h, 'GET', `/api/estates/${s.estateId}/analytics`, { as: s.trustee });
  expect(res.statusCode, res.body).toBe(200);
  const a = res.json().analytics;

  expect(a.catalogue.totals).toEqual({ items: 6, withPhotos: 3, withValues: 3, value: 600 });
  expect(a.catalogue.currency).toBe('USD');
  const [house, barn, unplaced] = a.catalogue.locations;
  expect(house).toMatchObject({ name: 'House', items: 5, withPhotos: 3, withValues: 3, value: 600 });
  expect(house.rooms).toEqual([
    { roomId: s.kitchen, name: 'Kitchen', items: 2, withPhotos: 1, withValues: 2, value: 100, hearts: 1, wantedItems: 1 },
    { roomId: s.den, name: 'Den', items: 3, withPhotos: 2, withValues: 1, value: 500, hearts: 4, wantedItems: 3 },
  ]);
  expect(barn).toMatchObject({ name: 'Barn', items: 0, rooms: [expect.objectContaining({ name: 'Loft', items: 0 })] });
  expect(unplaced).toMatchObject({ locationId: null, items: 1, withPhotos: 0, withValues: 0 });

  const byName = Object.fromEntries(a.participation.members.map((m: { displayName: string }) => [m.displayName.split(' ')[0], m]));
  expect(a.participation.items).toBe(6);
  expect(a.participation.members).toHaveLength(2); // beneficiaries only: not the offspring, observer or trustee
  const anna = a.participation.members.find((m: { memberId: string }) => m.memberId === s.anna.id);
  const ben = a.participation.members.find((m: { memberId: string }) => m.memberId === s.ben.id);
  expect(Object.keys(byName)).toHaveLength(2);
  expect(anna).toMatchObject({ approved: 5, flagged: 1, hearted: 3, ranked: 1, tokens: 2 });
  expect(anna.done).toEqual([
    { stage: 2, at: '2026-11-01T09:00:00.000Z', automatic: false },
    { stage: 11, at: '2026-11-01T09:00:00.000Z', automatic: false },
  ]);
  expect(anna.lastSeenAt).toBe(h.clock.now.toISOString());
  expect(ben).toMatchObject({ approved: 2, flagged: 0, hearted: 2, ranked: 1, tokens: 1, done: [{ stage: 2, at: '2026-11-01T09:00:00.000Z', automatic: true }] });
  // Anna answered all six items, so her review counts as finished even without her row (here she has one).
  expect(anna.done[0].stage).toBe(2);

  // Only receivers' hearts count (the offspring's heart on the teapot is advice).
  expect(a.interest.hearts).toBe(5);
  expect(a.interest.wantedItems).toBe(4);
  expect(a.interest.categories).toEqual([
    { name: 'Furniture', items: 3, hearts: 4, wantedItems: 3 },
    { name: 'Heirloom', items: 1, hearts: 2, wantedItems: 1 },
    { name: 'Kitchenware', items: 2, hearts: 1, wantedItems: 1 },
    { name: 'Misc', items: 1, hearts: 0, wantedItems: 0 },
  ]);
  expect(a.interest.rooms).toEqual([
    { roomId: s.den, name: 'Den', locationName: 'House', items: 3, hearts: 4, wantedItems: 3 },
    { roomId: s.kitchen, name: 'Kitchen', locationName: 'House', items: 2, hearts: 1, wantedItems: 1 },
  ]);

  expect(a.assignments.byStatus).toEqual({ assigned: 4, unwanted: 1, hold: 1 });
  expect(a.assignments.byReason).toEqual([
    { reason: 'directive', items: 1, value: 0 },
    { reason: 'high-interest', items: 1, value: 500 },
    { reason: 'only-interested', items: 1, value: 40 },
    { reason: 'tokens', items: 1, value: 0 },
  ]);
  const receivers = Object.fromEntries(a.assignments.receivers.map((r: { memberId: string }) => [r.memberId, r]));
  expect(receivers[s.anna.id]).toMatchObject({ items: 2, value: 540, byReason: { 'high-interest': 1, 'only-interested': 1 } });
  expect(receivers[s.ben.id]).toMatchObject({ items: 2, value: 0, byReason: { tokens: 1, directive: 1 } });

  const asObserver = await call(h, 'GET', `/api/estates/${s.estateId}/analytics`, { as: s.observer });
  expect(asObserver.statusCode).toBe(200);
  expect(asObserver.json()).toEqual(res.json());
});

it('never gives the figures (who hearted what) to a beneficiary, an offspring or a non-member', async () => {
  const s = await seed();
  for (const who of [s.anna, s.olly]) {
    const res = await call(h, 'GET', `/api/estates/${s.estateId}/analytics`, { as: who });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('hearted');
  }
  const stranger = await createUser(h);
  expect((await call(h, 'GET', `/api/estates/${s.estateId}/analytics`, { as: stranger })).statusCode).toBe(404);
});
