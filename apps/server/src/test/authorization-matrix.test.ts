/**
 * Route × role: who gets what status. One table, run as one test, so a change in the permission
 * table or a forgotten check shows up here. "stranger" is a member of another estate.
 */
import { expect, it } from 'vitest';
import { Role } from '@estate/domain/roles';
import { call, useHarness, type Caller } from './harness.js';
import { addMember, createAdmin, createEstate, createUser, setStage } from './factories.js';

const h = useHarness();

type Who = 'anonymous' | 'stranger' | 'admin' | 'trustee' | 'owner' | 'beneficiary' | 'creator' | 'offspring' | 'observer' | 'appraiser';
type Expect = Partial<Record<Who, number>> & { others: number; stage?: number };

const E = '{eid}';
const MATRIX: ['GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', string, unknown, Expect][] = [
  ['GET', '/api/me', undefined, { anonymous: 401, others: 200 }],
  ['GET', '/api/estates', undefined, { anonymous: 401, others: 200 }],
  ['GET', `/api/estates/${E}`, undefined, { anonymous: 401, stranger: 404, others: 200 }],
  ['GET', `/api/estates/${E}/stage`, undefined, { anonymous: 401, stranger: 404, others: 200 }],
  ['PATCH', `/api/estates/${E}`, { name: 'Renamed' }, { anonymous: 401, stranger: 404, admin: 200, trustee: 200, owner: 200, others: 403 }],
  ['GET', `/api/estates/${E}/members`, undefined, { anonymous: 401, stranger: 404, others: 200 }],
  ['GET', `/api/estates/${E}/invitations`, undefined, { anonymous: 401, stranger: 404, admin: 200, trustee: 200, owner: 200, others: 403 }],
  ['POST', `/api/estates/${E}/invitations`, { email: 'new@example.com', roles: [10] }, { anonymous: 401, stranger: 404, admin: 201, trustee: 201, owner: 201, others: 403 }],
  ['GET', `/api/estates/${E}/activity`, undefined, { anonymous: 401, stranger: 404, others: 200 }],
  ['GET', '/api/admin/users', undefined, { anonymous: 401, admin: 200, others: 403 }],
  ['GET', '/api/admin/outbox', undefined, { anonymous: 401, admin: 200, others: 403 }],
  ['GET', '/api/events', undefined, { anonymous: 401, others: 200 }],
  ['GET', '/api/todos', undefined, { anonymous: 401, others: 200 }],
  // Stages and deadlines
  ['POST', `/api/estates/${E}/stage`, { to: 0 }, { anonymous: 401, stranger: 404, admin: 409, trustee: 409, owner: 409, others: 403 }],
  ['GET', `/api/estates/${E}/commitments`, undefined, { anonymous: 401, stranger: 404, others: 200 }],
  ['GET', `/api/estates/${E}/deadlines`, undefined, { anonymous: 401, stranger: 404, others: 200 }],
  ['PUT', `/api/estates/${E}/deadlines/2`, { dueAt: '2030-01-01T00:00:00Z' }, { anonymous: 401, stranger: 404, admin: 200, trustee: 200, owner: 200, others: 403 }],
  ['GET', `/api/estates/${E}/approvals/progress`, undefined, { anonymous: 401, stranger: 404, admin: 200, trustee: 200, owner: 200, observer: 200, others: 403 }],
  ['GET', `/api/estates/${E}/approvals/flags`, undefined, { anonymous: 401, stranger: 404, admin: 200, trustee: 200, owner: 200, observer: 200, others: 403 }],
  ['PUT', `/api/estates/${E}/items/{iid}/approval`, { status: 'approved' }, { stage: 2, anonymous: 401, stranger: 404, beneficiary: 204, others: 403 }],
  // Catalogue, in stage 0 (only trustees edit) and in stage 1 (creators too)
  ['GET', `/api/estates/${E}/locations`, undefined, { anonymous: 401, stranger: 404, others: 200 }],
  ['POST', `/api/estates/${E}/locations`, { name: 'Barn' }, { anonymous: 401, stranger: 404, admin: 201, trustee: 201, owner: 201, creator: 409, others: 403 }],
  ['POST', `/api/estates/${E}/locations`, { name: 'Barn' }, { stage: 1, anonymous: 401, stranger: 404, admin: 201, trustee: 201, owner: 201, creator: 201, others: 403 }],
  ['GET', `/api/estates/${E}/locations/{lid}/rooms`, undefined, { anonymous: 401, stranger: 404, others: 200 }],
  ['GET', `/api/estates/${E}/rooms`, undefined, { anonymous: 401, stranger: 404, others: 200 }],
  // (Before rooms are added: the order of no rooms is an empty list.)
  ['PUT', `/api/estates/${E}/locations/{lid}/rooms/order`, { roomIds: [] }, { stage: 1, anonymous: 401, stranger: 404, admin: 200, trustee: 200, owner: 200, creator: 200, others: 403 }],
  ['POST', `/api/estates/${E}/locations/{lid}/rooms`, { name: 'Den' }, { stage: 1, anonymous: 401, stranger: 404, admin: 201, trustee: 201, owner: 201, creator: 201, others: 403 }],
  ['GET', `/api/estates/${E}/items`, undefined, { anonymous: 401, stranger: 404, others: 200 }],
  ['GET', `/api/estates/${E}/items/{iid}`, undefined, { anonymous: 401, stranger: 404, others: 200 }],
  ['POST', `/api/estates/${E}/items`, { name: 'Oak Chair' }, { anonymous: 401, stranger: 404, admin: 201, trustee: 201, owner: 201, creator: 409, others: 403 }],
  ['POST', `/api/estates/${E}/items`, { name: 'Oak Chair' }, { stage: 2, anonymous: 401, stranger: 404, admin: 201, trustee: 201, owner: 201, creator: 409, others: 403 }],
  ['GET', `/api/estates/${E}/labels`, undefined, { anonymous: 401, stranger: 404, others: 200 }],
  ['GET', `/api/estates/${E}/items/export?format=csv`, undefined, { anonymous: 401, stranger: 404, others: 200 }],
  ['GET', `/api/estates/${E}/items/labels.pdf`, undefined, { anonymous: 401, stranger: 404, others: 200 }],
];

it('answers every route with the expected status for every role', async () => {
  const admin = await createAdmin(h);
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  const strangerUser = await createUser(h);
  await createEstate(h, strangerUser, 'Another family');
  const beneficiary = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const callers: Record<Who, Caller> = {
    anonymous: {},
    stranger: strangerUser,
    admin,
    trustee,
    owner: await addMember(h, estateId, trustee, [Role.Owner]),
    beneficiary,
    creator: await addMember(h, estateId, trustee, [Role.Creator]),
    offspring: await addMember(h, estateId, trustee, [Role.Offspring], { receivesThrough: beneficiary.id }),
    observer: await addMember(h, estateId, trustee, [Role.Observer]),
    appraiser: await addMember(h, estateId, trustee, [Role.Appraiser]),
  };

  const house = (await call(h, 'POST', `/api/estates/${estateId}/locations`, { as: trustee, body: { name: 'House' } })).json().location;
  const item = (await call(h, 'POST', `/api/estates/${estateId}/items`, { as: trustee, body: { name: 'Brass Lamp' } })).json().item;

  const failures: string[] = [];
  for (const [method, template, body, expected] of MATRIX) {
    await setStage(h, estateId, expected.stage ?? 0);
    const url = template.replace(E, estateId).replace('{iid}', item.id).replace('{lid}', house.id);
    for (const who of Object.keys(callers) as Who[]) {
      const want = expected[who] ?? expected.others;
      if (url === '/api/events' && want === 200) continue; // a stream never ends; covered in events.test.ts
      const res = await call(h, method, url, { as: callers[who], body });
      if (res.statusCode !== want) failures.push(`${method} ${template} as ${who}: got ${res.statusCode}, want ${want}`);
    }
  }
  expect(failures).toEqual([]);
});
