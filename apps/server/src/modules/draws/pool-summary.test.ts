/** Stage 13's review: the pool summary counts items by how they will be assigned, and hides nothing from trustees only. */
import { expect, it } from 'vitest';
import { Role } from '@estate/domain/roles';
import { call, useHarness } from '../../test/harness.js';
import { addMember, createEstate, createItem, createUser } from '../../test/factories.js';

const h = useHarness();

it('counts unwanted, wanted-by-one, high-interest and contested items and each receiver’s inputs', async () => {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  const url = (path: string) => `/api/estates/${estateId}${path}`;
  const anna = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const ben = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const kid = await addMember(h, estateId, trustee, [Role.Offspring], { receivesThrough: anna.id });
  const ids: string[] = [];
  for (const name of ['Clock', 'Ring', 'Lamp', 'Chair']) ids.push((await createItem(h, estateId, trustee, { name })).id);
  const [clock, ring, lamp] = ids as [string, string, string, string];
  for (const to of [1, 2]) expect((await call(h, 'POST', url('/stage'), { as: trustee, body: { to } })).statusCode).toBe(200);
  // Everyone finishes the review before the trustee may move on from stage 2.
  for (const who of [anna, ben]) expect((await call(h, 'POST', url('/approvals/approve-all'), { as: who })).statusCode).toBe(200);
  for (const to of [10, 11]) expect((await call(h, 'POST', url('/stage'), { as: trustee, body: { to } })).statusCode).toBe(200);
  for (const [who, item] of [[anna, clock], [anna, ring], [ben, ring], [anna, lamp], [ben, lamp], [kid, ids[3]!]] as const) {
    expect((await call(h, 'PUT', url(`/items/${item}/interest`), { as: who })).statusCode).toBe(200);
  }
  expect((await call(h, 'POST', url('/stage'), { as: trustee, body: { to: 12 } })).statusCode).toBe(200);
  expect((await call(h, 'PUT', url(`/items/${ring}/high-interest`), { as: trustee })).statusCode).toBe(200);

  const res = await call(h, 'GET', url('/pool-summary'), { as: trustee });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body).toMatchObject({ poolItems: 4, unwanted: 1, wantedByOne: 1, highInterest: 1, contested: 1 });
  const byId = new Map((body.receivers as { memberId: string; hearted: number; heartedHighInterest: number }[]).map((r) => [r.memberId, r]));
  expect(byId.get(anna.id)).toMatchObject({ hearted: 3, heartedHighInterest: 1 });
  expect(byId.get(ben.id)).toMatchObject({ hearted: 2, heartedHighInterest: 1 });
  expect(byId.has(kid.id)).toBe(false);

  // A beneficiary may not see who wants what.
  expect((await call(h, 'GET', url('/pool-summary'), { as: anna })).statusCode).toBe(403);
});
