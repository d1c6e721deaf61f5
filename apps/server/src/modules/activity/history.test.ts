/**
 * An item's history (issue 30): oldest first, with edits, hold, disposition, appraisal and every
 * sale (a second sale never overwrites the first without trace); the assignment once results are
 * out; a beneficiary never reads private inputs or who gave them. The Activity page's filters.
 */
import { expect, it } from 'vitest';
import { Role } from '@estate/domain/roles';
import { call, useHarness, type Caller } from '../../test/harness.js';
import { addMember, createEstate, createItem, createUser, setStage } from '../../test/factories.js';

const h = useHarness();

type Event = { at: string; actor: { id: string; displayName: string } | null; action: string; field?: string | null; from?: unknown; to?: unknown; sentence: { kind: string } };

async function history(url: string, as: Caller): Promise<Event[]> {
  const res = await call(h, 'GET', url, { as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ events: Event[] }>().events;
}

it('keeps every sale of an item: a second sale adds an entry with who, when and the price before and after', async () => {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  const url = (path: string) => `/api/estates/${estateId}${path}`;
  const anna = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const seller = await addMember(h, estateId, trustee, [Role.Seller]);
  const buyer = await addMember(h, estateId, trustee, [Role.Buyer]);
  const lamp = await createItem(h, estateId, trustee, { name: 'Brass Lamp' });
  await setStage(h, estateId, 1);
  expect((await call(h, 'PATCH', url(`/items/${lamp.id}`), { as: trustee, body: { notes: 'A small dent on the base.' }, headers: { 'if-match': String(lamp.version) } })).statusCode).toBe(200);
  expect((await call(h, 'PUT', url(`/items/${lamp.id}/hold`), { as: trustee, headers: { 'if-match': String(lamp.version + 1) } })).statusCode).toBe(200);
  await setStage(h, estateId, 40);
  expect((await call(h, 'PUT', url(`/items/${lamp.id}/disposition`), { as: trustee, body: { disposition: 'sell' } })).statusCode).toBe(200);
  expect((await call(h, 'PUT', url(`/items/${lamp.id}/sale`), { as: buyer, body: { price: 55, buyer: 'Main Street Antiques' } })).statusCode).toBe(200);
  expect((await call(h, 'PUT', url(`/items/${lamp.id}/sale`), { as: seller, body: { price: 58 } })).statusCode).toBe(200);

  for (const who of [trustee, anna]) {
    const events = await history(url(`/items/${lamp.id}/history`), who);
    expect(events.map((e) => e.action)).toEqual(['item.created', 'item.updated', 'item.updated', 'disposition.set', 'disposition.sold', 'disposition.sold']);
    expect(events.map((e) => e.at)).toEqual([...events.map((e) => e.at)].sort());
    const sales = events.filter((e) => e.action === 'disposition.sold');
    expect(sales[0]).toMatchObject({ actor: { id: buyer.id }, from: null, to: { price: '55.00' }, sentence: { kind: 'dispositionSold' } });
    expect(sales[1]).toMatchObject({ actor: { id: seller.id }, from: '55.00', to: { price: '58.00' } });
    expect(sales[1]!.at >= sales[0]!.at).toBe(true);
    expect(events[1]).toMatchObject({ field: 'notes', sentence: { kind: 'itemUpdated' } });
  }
  expect((await call(h, 'GET', url('/items/00000000-0000-7000-8000-000000000000/history'), { as: trustee })).statusCode).toBe(404);
  const stranger = await createUser(h);
  expect((await call(h, 'GET', url(`/items/${lamp.id}/history`), { as: stranger })).statusCode).toBe(404); // not a member: the estate is not found
});

it('tells a beneficiary who received an item only once results are out, and never who hearted it', async () => {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  const url = (path: string) => `/api/estates/${estateId}${path}`;
  const anna = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const ben = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const observer = await addMember(h, estateId, trustee, [Role.Observer]);
  const chair = await createItem(h, estateId, trustee, { name: 'Rocking Chair' });
  const clock = await createItem(h, estateId, trustee, { name: 'Mantel Clock' });
  await setStage(h, estateId, 10);
  expect((await call(h, 'POST', url('/directives'), { as: trustee, body: { itemId: chair.id, memberId: anna.id, clause: 'By the will.' } })).statusCode).toBe(201);
  await setStage(h, estateId, 11);
  expect((await call(h, 'PUT', url(`/items/${clock.id}/interest`), { as: anna })).statusCode).toBe(200);

  // Before results: Ben reads neither the directive nor Anna's heart; trustees and observers do.
  await setStage(h, estateId, 31);
  const benChair = await history(url(`/items/${chair.id}/history`), ben);
  expect(benChair.map((e) => e.action)).toEqual(['item.created']);
  const benClock = await history(url(`/items/${clock.id}/history`), ben);
  expect(benClock.map((e) => e.action)).toEqual(['item.created']);
  expect(JSON.stringify([benChair, benClock])).not.toContain(anna.id);
  for (const who of [trustee, observer]) {
    expect((await history(url(`/items/${clock.id}/history`), who)).find((e) => e.action === 'interest.added')?.actor?.id).toBe(anna.id);
    // (The assignment's time is the app's clock, the log's the database's: compared as a set here.)
    expect((await history(url(`/items/${chair.id}/history`), who)).map((e) => e.action).sort()).toEqual(['directive.created', 'item.assigned', 'item.created']);
  }
  // Anna reads her own item's assignment.
  expect((await history(url(`/items/${chair.id}/history`), anna)).map((e) => e.action).sort()).toEqual(['item.assigned', 'item.created']);

  // Results out: Ben reads who received the chair (and why), still not who hearted the clock.
  await setStage(h, estateId, 40);
  const after = await history(url(`/items/${chair.id}/history`), ben);
  expect(after.find((e) => e.action === 'item.assigned')).toMatchObject({ action: 'item.assigned', to: { memberId: anna.id, reason: 'directive', step: 10 }, sentence: { kind: 'itemAssigned' } });
  const clockAfter = await history(url(`/items/${clock.id}/history`), ben);
  expect(clockAfter.filter((e) => e.action.startsWith('interest.'))).toEqual([]);
  expect(JSON.stringify(clockAfter)).not.toContain(anna.id);
});

it('filters the activity by what it is about, by item and by person, with a sentence for each entry', async () => {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  const url = (path: string) => `/api/estates/${estateId}${path}`;
  const anna = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const chair = await createItem(h, estateId, trustee, { name: 'Rocking Chair' });
  await createItem(h, estateId, trustee, { name: 'Mantel Clock' });
  expect((await call(h, 'POST', url('/stage'), { as: trustee, body: { to: 1 } })).statusCode).toBe(200);
  const read = async (query: string, as: Caller = anna) => {
    const res = await call(h, 'GET', url(`/activity?${query}`), { as });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().events as { action: string; entityId: string | null; actorId: string | null; sentence: { kind: string; values: Record<string, unknown> }; itemId: string | null }[];
  };
  const items = await read('category=items');
  expect(items.map((e) => e.action)).toEqual(['item.created', 'item.created']);
  expect(items.at(-1)).toMatchObject({ sentence: { kind: 'itemCreated', values: { item: 'A-0001 Rocking Chair' } }, itemId: chair.id });
  expect((await read('category=stages')).map((e) => e.action)).toContain('stage.advanced');
  expect((await read('category=stages')).every((e) => !e.action.startsWith('item.'))).toBe(true);
  expect((await read(`itemId=${chair.id}`)).map((e) => e.entityId)).toEqual([chair.id]);
  const people = await read('category=people');
  expect(people.length).toBeGreaterThan(0);
  expect(people.every((e) => e.action.startsWith('member.'))).toBe(true);
  expect((await read(`memberId=${anna.id}`)).map((e) => e.action)).toEqual(['member.joined']);
  expect((await read('category=support')).length).toBe(0);
  expect((await call(h, 'GET', url('/activity?category=gossip'), { as: anna })).statusCode).toBe(400);
});
