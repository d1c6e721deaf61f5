/**
 * Route × role: who gets what status. One table, run as one test, so a change in the permission
 * table or a forgotten check shows up here. "stranger" is a member of another estate.
 */
import { expect, it } from 'vitest';
import { Role } from '@estate/domain/roles';
import { call, useHarness, type Caller } from './harness.js';
import { addMember, createAdmin, createEstate, createUser } from './factories.js';

const h = useHarness();

type Who = 'anonymous' | 'stranger' | 'admin' | 'trustee' | 'owner' | 'beneficiary' | 'creator' | 'offspring' | 'observer' | 'appraiser';
type Expect = Partial<Record<Who, number>> & { others: number };

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

  const failures: string[] = [];
  for (const [method, template, body, expected] of MATRIX) {
    const url = template.replace(E, estateId);
    for (const who of Object.keys(callers) as Who[]) {
      const want = expected[who] ?? expected.others;
      if (url === '/api/events' && want === 200) continue; // a stream never ends; covered in events.test.ts
      const res = await call(h, method, url, { as: callers[who], body });
      if (res.statusCode !== want) failures.push(`${method} ${template} as ${who}: got ${res.statusCode}, want ${want}`);
    }
  }
  expect(failures).toEqual([]);
});
