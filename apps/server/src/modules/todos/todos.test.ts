import { expect, it } from 'vitest';
import { Role } from '@estate/domain/roles';
import { call, useHarness } from '../../test/harness.js';
import { addMember, createEstate, createItem, createUser, setStage } from '../../test/factories.js';
import { eq } from 'drizzle-orm';
import { items } from '../../db/schema.js';

const h = useHarness();

it('gives each beneficiary the stage’s to-do with its deadline, done once every item is answered', async () => {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  const anna = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const observer = await addMember(h, estateId, trustee, [Role.Observer]);
  const chair = await createItem(h, estateId, trustee);
  await setStage(h, estateId, 2);
  const dueAt = new Date(h.clock.now.getTime() + 86_400_000 * 3).toISOString();
  await call(h, 'PUT', `/api/estates/${estateId}/deadlines/2`, { as: trustee, body: { dueAt } });

  const todos = (await call(h, 'GET', '/api/todos', { as: anna })).json().todos;
  // The first, already done here (addMember accepts the Terms and the Agreement): the consent to-do.
  expect(todos).toEqual([
    expect.objectContaining({ estateId, titleKey: 'consent:todo.title', required: true, done: true }),
    expect.objectContaining({ estateId, stage: 2, titleKey: 'stage.2.todo', dueAt, required: true, done: false }),
  ]);
  expect((await call(h, 'GET', '/api/todos', { as: observer })).json().todos).toEqual([]);

  await call(h, 'PUT', `/api/estates/${estateId}/items/${chair.id}/approval`, { as: anna, body: { status: 'approved' } });
  expect((await call(h, 'GET', '/api/todos', { as: anna })).json().todos[1].done).toBe(true);
});

it('gives the trustee the final accounting\'s to-do, done once every unwanted or held item has its outcome', async () => {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  const anna = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const chair = await createItem(h, estateId, trustee);
  await createItem(h, estateId, trustee);
  // Nobody received the chair (the automated step's outcome, set here as the step sets it).
  await h.database.db.update(items).set({ status: 'unwanted' }).where(eq(items.id, chair.id));
  await setStage(h, estateId, 90);

  const stageTodo = async () => (await call(h, 'GET', '/api/todos', { as: trustee })).json().todos.find((t: { titleKey: string }) => t.titleKey === 'stage.90.todo');
  expect(await stageTodo()).toMatchObject({ titleKey: 'stage.90.todo', path: '/unwanted-items', done: false });
  expect((await call(h, 'GET', '/api/todos', { as: anna })).json().todos.some((t: { titleKey: string }) => t.titleKey === 'stage.90.todo')).toBe(false);

  const decided = await call(h, 'PUT', `/api/estates/${estateId}/items/${chair.id}/disposition`, { as: trustee, body: { disposition: 'donate', note: '' } });
  expect(decided.statusCode, decided.body).toBe(200);
  expect(await stageTodo()).toMatchObject({ done: true });
});
