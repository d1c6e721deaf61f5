/** Home's next step through the API: the person's own progress, the trustee's lead, an observer's calm. */
import { expect, it } from 'vitest';
import { Role } from '@estate/domain/roles';
import { approvals } from '../../db/schema.js';
import { call, useHarness } from '../../test/harness.js';
import { addMember, createEstate, createItem, createUser, setStage } from '../../test/factories.js';

const h = useHarness();

it('gives each person their own next step', async () => {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  const anna = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const observer = await addMember(h, estateId, trustee, [Role.Observer]);
  const chair = await createItem(h, estateId, trustee, { name: 'Oak Chair' });
  await createItem(h, estateId, trustee, { name: 'Brass Lamp' });
  await setStage(h, estateId, 2);
  await h.database.db.insert(approvals).values({ estateId, itemId: chair.id, memberId: anna.id, status: 'approved' });

  const step = async (who: typeof anna) => {
    const res = await call(h, 'GET', `/api/estates/${estateId}/next-step`, { as: who });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().nextStep;
  };
  expect(await step(anna)).toEqual({ kind: 'task', task: 'review', stage: 2, path: `/p/${estateId}/i?review=1`, dueAt: null, progress: { done: 1, total: 2 } });
  // The review's exit gate holds the stage: Anna has not answered every item.
  expect(await step(trustee)).toEqual({ kind: 'lead', stage: 2, path: '/trustee/control', need: 'members', progress: { done: 0, total: 1 }, acts: true });
  expect(await step(observer)).toEqual({ kind: 'wait', stage: 2 });
  // Only members of the estate ask.
  const outsider = await createUser(h);
  expect((await call(h, 'GET', `/api/estates/${estateId}/next-step`, { as: outsider })).statusCode).toBe(404);
});
