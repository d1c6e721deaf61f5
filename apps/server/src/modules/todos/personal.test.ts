/** Personal to-dos: filters, labels, folders, soft delete and restore, deleting for good; estate to-dos cannot be deleted. */
import { expect, it } from 'vitest';
import { Role } from '@estate/domain/roles';
import { call, useHarness, type Caller } from '../../test/harness.js';
import { addMember, createEstate, createItem, createUser, setStage } from '../../test/factories.js';

const h = useHarness();

const api = (as: Caller) => ({
  get: (path: string) => call(h, 'GET', path, { as }),
  post: (path: string, body?: object) => call(h, 'POST', path, { as, body }),
  patch: (path: string, body: object) => call(h, 'PATCH', path, { as, body }),
  del: (path: string) => call(h, 'DELETE', path, { as }),
});

const titles = (res: { json: () => { todos: { title: string }[] } }) => res.json().todos.map((t) => t.title);

it('lists to-dos by filter, label and folder, keeping the deleted apart', async () => {
  const me = api(await createUser(h));
  const paperwork = (await me.post('/api/todos/labels', { title: 'Paperwork', color: 'orange' })).json().label;
  expect(paperwork).toMatchObject({ handle: 'paperwork', title: 'Paperwork', color: 'orange' });
  const house = (await me.post('/api/todos/folders', { title: 'House clearing', icon: 'home' })).json().folder;
  expect(house).toMatchObject({ handle: 'house-clearing', icon: 'home' });

  const create = async (body: object) => {
    const res = await me.post('/api/todos/personal', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().todo;
  };
  const call1 = await create({ title: 'Call the appraiser', important: true, dueAt: '2026-12-01T10:00:00.000Z', labelIds: [paperwork.id] });
  await create({ title: 'Collect the photo albums', starred: true, folderId: house.id });
  const keys = await create({ title: 'Return the keys', folderId: house.id, labelIds: [paperwork.id] });
  const old = await create({ title: 'Old idea' });
  expect(call1).toMatchObject({ completed: false, deleted: false, important: true, starred: false, dueAt: '2026-12-01T10:00:00.000Z', labelIds: [paperwork.id] });

  expect((await me.patch(`/api/todos/personal/${keys.id}`, { completed: true })).json().todo.completed).toBe(true);
  expect((await me.del(`/api/todos/personal/${old.id}`)).json().todo.deleted).toBe(true);

  // Open first (by due date), then done; the deleted only under "deleted".
  expect(titles(await me.get('/api/todos/personal'))).toEqual(['Call the appraiser', 'Collect the photo albums', 'Return the keys']);
  expect(titles(await me.get('/api/todos/personal?filter=important'))).toEqual(['Call the appraiser']);
  expect(titles(await me.get('/api/todos/personal?filter=starred'))).toEqual(['Collect the photo albums']);
  expect(titles(await me.get('/api/todos/personal?filter=done'))).toEqual(['Return the keys']);
  expect(titles(await me.get('/api/todos/personal?filter=deleted'))).toEqual(['Old idea']);
  expect(titles(await me.get('/api/todos/personal?label=paperwork'))).toEqual(['Call the appraiser', 'Return the keys']);
  expect(titles(await me.get('/api/todos/personal?folder=house-clearing'))).toEqual(['Collect the photo albums', 'Return the keys']);
  expect(titles(await me.get('/api/todos/personal?folder=all'))).toHaveLength(3);
  expect((await me.get('/api/todos/personal?label=nothing')).statusCode).toBe(404);
  expect((await me.get('/api/todos/personal?filter=everything')).statusCode).toBe(400);

  expect((await me.get('/api/todos/counts')).json().counts).toEqual({
    estateOpen: 0,
    personalOpen: 2,
    open: 2,
    all: 3,
    important: 1,
    starred: 1,
    done: 1,
    deleted: 1,
    folders: { 'house-clearing': 2 },
    labels: { paperwork: 2 },
  });

  // A label's removal takes it off every to-do; a folder's removal leaves its to-dos in "All".
  expect((await me.del(`/api/todos/labels/${paperwork.id}`)).statusCode).toBe(204);
  expect((await me.get('/api/todos/personal')).json().todos.every((t: { labelIds: string[] }) => t.labelIds.length === 0)).toBe(true);
  expect((await me.del(`/api/todos/folders/${house.id}`)).statusCode).toBe(204);
  expect((await me.get('/api/todos/personal')).json().todos.every((t: { folderId: string | null }) => t.folderId === null)).toBe(true);
});

it('deletes softly, restores, and deletes for good', async () => {
  const me = api(await createUser(h));
  const todo = (await me.post('/api/todos/personal', { title: 'Sort the letters' })).json().todo;
  const deleted = await me.del(`/api/todos/personal/${todo.id}`);
  expect(deleted.statusCode).toBe(200);
  expect(deleted.json().todo.deleted).toBe(true);
  expect((await me.patch(`/api/todos/personal/${todo.id}`, { starred: true })).statusCode).toBe(409);

  const restored = await me.post(`/api/todos/personal/${todo.id}/restore`);
  expect(restored.json().todo).toMatchObject({ id: todo.id, deleted: false, title: 'Sort the letters' });
  expect(titles(await me.get('/api/todos/personal'))).toEqual(['Sort the letters']);

  expect((await me.del(`/api/todos/personal/${todo.id}/permanent`)).statusCode).toBe(204);
  expect((await me.get('/api/todos/personal?filter=deleted')).json().todos).toEqual([]);
  expect((await me.post(`/api/todos/personal/${todo.id}/restore`)).statusCode).toBe(404);
});

it('keeps each person’s to-dos, labels and folders their own', async () => {
  const anna = api(await createUser(h));
  const ben = api(await createUser(h));
  const todo = (await anna.post('/api/todos/personal', { title: 'Anna’s' })).json().todo;
  const label = (await anna.post('/api/todos/labels', { title: 'Mine' })).json().label;
  expect((await ben.get('/api/todos/personal')).json().todos).toEqual([]);
  expect((await ben.patch(`/api/todos/personal/${todo.id}`, { title: 'Ben’s now' })).statusCode).toBe(404);
  expect((await ben.del(`/api/todos/personal/${todo.id}`)).statusCode).toBe(404);
  expect((await ben.del(`/api/todos/labels/${label.id}`)).statusCode).toBe(404);
  const borrowed = await ben.post('/api/todos/personal', { title: 'With Anna’s label', labelIds: [label.id] });
  expect(borrowed.statusCode).toBe(400);
  expect(borrowed.json().error.fields).toHaveProperty('labelIds');
});

it('refuses to change or delete the estate’s required to-dos (409), which stay until done', async () => {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  const anna = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  await createItem(h, estateId, trustee);
  await setStage(h, estateId, 2);
  const me = api(anna);
  // The stage's review (the accepted Terms and Agreement stay listed, done).
  const required = (await me.get('/api/todos')).json().todos.find((t: { done: boolean }) => !t.done);
  expect(required).toMatchObject({ required: true, done: false });

  for (const res of [
    await me.del(`/api/todos/personal/${required.id}`),
    await me.del(`/api/todos/personal/${required.id}/permanent`),
    await me.patch(`/api/todos/personal/${required.id}`, { starred: true }),
  ]) {
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/required/);
  }
  expect((await me.get('/api/todos')).json().todos).toContainEqual(required);
  expect((await me.get('/api/todos/counts')).json().counts).toMatchObject({ estateOpen: 1, personalOpen: 0, open: 1 });
  // Another estate's to-do id is simply not found.
  expect((await api(await createUser(h)).del(`/api/todos/personal/${required.id}`)).statusCode).toBe(404);
});
