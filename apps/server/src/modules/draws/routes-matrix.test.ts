/**
 * Route × role for the participation and draw routes, with the estate in the route's stage, and
 * each stage-bound route called in a wrong stage (409 naming the right one). "stranger" is a
 * member of another estate; non-members get 404, signed-out callers 401.
 */
import { createHash, randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { Role } from '@estate/domain/roles';
import { drawSecrets } from '../../db/schema.js';
import { call, useHarness, type Caller } from '../../test/harness.js';
import { addMember, createEstate, createItem, createUser, setStage } from '../../test/factories.js';

const h = useHarness();

type Who = 'anonymous' | 'stranger' | 'trustee' | 'observer' | 'beneficiary' | 'offspring' | 'creator';
type Expect = Partial<Record<Who, number>> & { others: number };
type Ctx = { item: string; beneficiary: string; fresh: (body?: Record<string, unknown>) => Promise<string> };
type Row = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: (c: Ctx) => string | Promise<string>;
  body?: (c: Ctx) => unknown;
  stage: number;
  expect: Expect;
  /** A stage where an allowed caller gets 409, and the stage name the message must give. */
  wrong?: { stage: number; who: Who; names: string };
};

const member = { anonymous: 401, stranger: 404 } as const;
const trusteeOnly: Expect = { ...member, trustee: 200, others: 403 };
const staff: Expect = { ...member, trustee: 200, observer: 200, others: 403 };
const receiver: Expect = { ...member, beneficiary: 200, others: 403 };
const family: Expect = { ...member, beneficiary: 200, offspring: 200, others: 403 };
const everyone: Expect = { ...member, others: 200 };

const ROWS: Row[] = [
  { method: 'PUT', path: (c) => `/items/${c.item}/interest`, stage: 11, expect: family, wrong: { stage: 12, who: 'beneficiary', names: 'Express Your Interest In Items' } },
  { method: 'DELETE', path: (c) => `/items/${c.item}/interest`, stage: 11, expect: family, wrong: { stage: 13, who: 'offspring', names: 'Express Your Interest In Items' } },
  { method: 'GET', path: (c) => `/items/${c.item}/interest`, stage: 11, expect: staff },
  { method: 'GET', path: () => '/advice', stage: 11, expect: receiver },
  { method: 'PUT', path: (c) => `/items/${c.item}/high-interest`, stage: 12, expect: trusteeOnly, wrong: { stage: 11, who: 'trustee', names: 'Confirm High Interest Items' } },
  { method: 'DELETE', path: (c) => `/items/${c.item}/high-interest`, stage: 12, expect: trusteeOnly, wrong: { stage: 13, who: 'trustee', names: 'Confirm High Interest Items' } },
  { method: 'GET', path: () => '/high-interest/recommendations', stage: 12, expect: staff },
  { method: 'GET', path: () => '/rankings', stage: 20, expect: family },
  { method: 'PUT', path: () => '/rankings', body: () => ({ itemIds: [] }), stage: 20, expect: receiver, wrong: { stage: 21, who: 'beneficiary', names: 'High Interest Ranking' } },
  { method: 'GET', path: () => '/tokens', stage: 30, expect: family },
  { method: 'PUT', path: () => '/tokens', body: () => ({ allocations: [] }), stage: 30, expect: receiver, wrong: { stage: 20, who: 'beneficiary', names: 'Allocate Priority Tokens' } },
  { method: 'GET', path: () => '/my-items', stage: 30, expect: family },
  { method: 'GET', path: () => '/participation/30', stage: 30, expect: staff },
  { method: 'POST', path: () => '/participation/30/done', stage: 30, expect: receiver, wrong: { stage: 31, who: 'beneficiary', names: 'Allocate Priority Tokens' } },
  {
    method: 'POST',
    path: () => '/directives',
    body: async (c) => ({ itemId: await c.fresh(), memberId: c.beneficiary, clause: 'Clause 2.' }),
    stage: 10,
    expect: { ...member, trustee: 201, others: 403 },
    wrong: { stage: 11, who: 'trustee', names: 'Processing Written Directives' },
  },
  {
    method: 'POST',
    path: () => '/returns',
    body: async (c) => ({ itemId: await c.fresh({ distribution: 'return' }), note: 'Lent.' }),
    stage: 10,
    expect: { ...member, trustee: 201, others: 403 },
    wrong: { stage: 2, who: 'trustee', names: 'Processing Written Directives' },
  },
  { method: 'GET', path: () => '/directives', stage: 10, expect: everyone },
  { method: 'PUT', path: () => '/steps/31/entropy', body: () => ({ publicEntropy: 'beacon round 1' }), stage: 13, expect: trusteeOnly },
  { method: 'POST', path: () => '/steps/15/preview', stage: 13, expect: trusteeOnly, wrong: { stage: 12, who: 'trustee', names: 'Distribution Assignment' } },
  { method: 'POST', path: () => '/steps/14/run', stage: 14, expect: trusteeOnly, wrong: { stage: 13, who: 'trustee', names: 'Distribution Assignment' } },
  { method: 'GET', path: () => '/draws', stage: 14, expect: everyone },
  { method: 'GET', path: () => '/draws/14', stage: 14, expect: { ...member, trustee: 200, observer: 200, beneficiary: 200, others: 403 } },
  { method: 'POST', path: () => '/steps/14/undo', stage: 14, expect: trusteeOnly },
  { method: 'POST', path: () => '/draws/publish', stage: 40, expect: trusteeOnly, wrong: { stage: 31, who: 'trustee', names: 'Beneficiary Assignment Completed' } },
  { method: 'GET', path: () => '/fairness', stage: 40, expect: { ...member, trustee: 409, observer: 409, beneficiary: 409, others: 403 } },
];

it('answers every participation and draw route with the expected status for every role and stage', async () => {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  const stranger = await createUser(h);
  await createEstate(h, stranger, 'Another family');
  const beneficiary = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const callers: Record<Who, Caller> = {
    anonymous: {},
    stranger,
    trustee,
    observer: await addMember(h, estateId, trustee, [Role.Observer]),
    beneficiary,
    offspring: await addMember(h, estateId, trustee, [Role.Offspring], { receivesThrough: beneficiary.id }),
    creator: await addMember(h, estateId, trustee, [Role.Creator]),
  };
  for (const step of [21, 31]) {
    const secret = randomBytes(32);
    await h.database.db.insert(drawSecrets).values({ estateId, step, secret: secret.toString('hex'), commitment: createHash('sha256').update(secret).digest('hex') });
  }
  await setStage(h, estateId, 1);
  const item = (await createItem(h, estateId, trustee)).id;
  const c: Ctx = {
    item,
    beneficiary: beneficiary.id,
    fresh: async (body = {}) => {
      await setStage(h, estateId, 1);
      const id = (await createItem(h, estateId, trustee, body)).id;
      await setStage(h, estateId, 10);
      return id;
    },
  };

  const failures: string[] = [];
  for (const row of ROWS) {
    const path = `/api/estates/${estateId}${await row.path(c)}`;
    for (const who of Object.keys(callers) as Who[]) {
      await setStage(h, estateId, row.stage);
      const body = row.body ? await row.body(c) : undefined;
      const res = await call(h, row.method, path, { as: callers[who], body });
      const want = row.expect[who] ?? row.expect.others;
      if (res.statusCode !== want) failures.push(`${row.method} ${path} as ${who} in ${row.stage}: got ${res.statusCode} (${res.body}), want ${want}`);
    }
    if (row.wrong) {
      await setStage(h, estateId, row.wrong.stage);
      const body = row.body ? await row.body(c) : undefined;
      await setStage(h, estateId, row.wrong.stage);
      const res = await call(h, row.method, path, { as: callers[row.wrong.who], body });
      if (res.statusCode !== 409 || !(res.json().error.message as string).includes(`"${row.wrong.names}"`)) {
        failures.push(`${row.method} ${path} in stage ${row.wrong.stage}: got ${res.statusCode} ${res.body}, want 409 naming "${row.wrong.names}"`);
      }
    }
  }
  // The verifier is open to any signed-in user, members of the estate or not.
  for (const who of Object.keys(callers) as Who[]) {
    const res = await call(h, 'POST', '/api/draws/verify', { as: callers[who], body: { format: 'estate-draw/1' } });
    if (res.statusCode !== (who === 'anonymous' ? 401 : 200)) failures.push(`POST /api/draws/verify as ${who}: got ${res.statusCode}`);
  }
  expect(failures).toEqual([]);
});
