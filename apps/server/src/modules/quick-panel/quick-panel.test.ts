/** The quick panel's events come from the estate's real activity: coming deadlines and stage moves. */
import { expect, it } from 'vitest';
import { Role } from '@estate/domain/roles';
import { call, useHarness } from '../../test/harness.js';
import { addMember, createEstate, createUser, setStage } from '../../test/factories.js';

const h = useHarness();

it("shows a member the estate's stage moves and coming deadlines, newest first", async () => {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  const anna = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  expect((await call(h, 'POST', `/api/estates/${estateId}/stage`, { as: trustee, body: { to: 1 } })).statusCode).toBe(200);
  await setStage(h, estateId, 2);
  const dueAt = new Date(h.clock.now.getTime() + 48 * 3600_000).toISOString();
  expect((await call(h, 'PUT', `/api/estates/${estateId}/deadlines/2`, { as: trustee, body: { dueAt } })).statusCode).toBe(200);
  const res = await call(h, 'GET', `/api/estates/${estateId}/quick-panel`, { as: anna });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().events).toEqual([
    { id: 'deadline-2', kind: 'deadline', at: new Date(dueAt).toISOString(), stage: 2, passed: false },
    expect.objectContaining({ kind: 'stage', stage: 1 }),
  ]);
  const outsider = await createUser(h);
  expect((await call(h, 'GET', `/api/estates/${estateId}/quick-panel`, { as: outsider })).statusCode).toBe(404);
});
