/**
 * Every role's next step (api.md, "Next step for every role"): the agreements before anything else,
 * an offspring's advice in stage 11, the appraiser's and the seller's work on Home, in the to-do list
 * and by mail in their language when an item needs them.
 */
import { expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role } from '@estate/domain/roles';
import { items, outbox } from '../../db/schema.js';
import { call, useHarness, type Caller } from '../../test/harness.js';
import { acceptAgreements, addMember, createEstate, createItem, createUser, setStage } from '../../test/factories.js';

const h = useHarness();

async function stepOf(estateId: string, as: Caller) {
  const res = await call(h, 'GET', `/api/estates/${estateId}/next-step`, { as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().nextStep;
}

async function mailsTo(to: string, subject: RegExp, timeoutMs = 3000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const rows = (await h.database.db.select().from(outbox).where(eq(outbox.to, to))).filter((m) => subject.test(m.subject));
    if (rows.length > 0 || Date.now() > until) return rows;
    await new Promise((r) => setTimeout(r, 50));
  }
}

it('asks a beneficiary for the Terms and Agreement first, then gives the review', async () => {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  const anna = await addMember(h, estateId, trustee, [Role.Beneficiary], { agreements: false });
  await createItem(h, estateId, trustee);
  await setStage(h, estateId, 2);
  expect(await stepOf(estateId, anna)).toEqual({ kind: 'task', task: 'agreements', stage: 2, path: `/agreements?estate=${estateId}`, dueAt: null, progress: { done: 0, total: null } });
  await acceptAgreements(h, estateId, anna);
  expect(await stepOf(estateId, anna)).toMatchObject({ kind: 'task', task: 'review', progress: { done: 0, total: 1 } });
});

it('gives an offspring advice in stage 11', async () => {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  const anna = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const kim = await addMember(h, estateId, trustee, [Role.Offspring], { receivesThrough: anna.id });
  await createItem(h, estateId, trustee);
  await setStage(h, estateId, 11);
  expect(await stepOf(estateId, kim)).toMatchObject({ kind: 'task', task: 'advice', path: `/p/${estateId}/i`, progress: { done: 0, total: null } });
  const todos = (await call(h, 'GET', '/api/todos', { as: kim })).json().todos;
  expect(todos).toContainEqual(expect.objectContaining({ titleKey: 'todo:helper.advice', done: false }));
});

it('gives the appraiser and the seller their work on Home, in the to-do list and by mail in their language', async () => {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  const appraiser = await addMember(h, estateId, trustee, [Role.Appraiser]);
  const seller = await addMember(h, estateId, trustee, [Role.Seller]);
  const buyer = await addMember(h, estateId, trustee, [Role.Buyer]);
  expect((await call(h, 'PATCH', '/api/me', { as: seller, body: { settings: { language: 'ar' } } })).statusCode).toBe(200);
  const lamp = await createItem(h, estateId, trustee, { name: 'Brass Lamp' });
  await h.database.db.update(items).set({ status: 'unwanted' }).where(eq(items.id, lamp.id));
  await setStage(h, estateId, 41);
  expect((await stepOf(estateId, appraiser)).kind).toBe('wait');
  expect((await stepOf(estateId, seller)).kind).toBe('wait');

  const decided = await call(h, 'PUT', `/api/estates/${estateId}/items/${lamp.id}/disposition`, { as: trustee, body: { disposition: 'sell', note: '' } });
  expect(decided.statusCode, decided.body).toBe(200);
  expect(await stepOf(estateId, appraiser)).toEqual({ kind: 'task', task: 'appraise', stage: 41, path: '/unwanted-items', dueAt: null, progress: { done: 0, total: 1 } });
  expect(await stepOf(estateId, seller)).toMatchObject({ kind: 'task', task: 'sale', progress: { done: 0, total: 1 } });
  expect(await stepOf(estateId, buyer)).toMatchObject({ kind: 'task', task: 'sale' });
  expect((await call(h, 'GET', '/api/todos', { as: appraiser })).json().todos).toEqual([expect.objectContaining({ titleKey: 'todo:helper.appraise', path: '/unwanted-items', done: false })]);
  expect((await call(h, 'GET', '/api/todos', { as: seller })).json().todos).toEqual([expect.objectContaining({ titleKey: 'todo:helper.sale', done: false })]);

  const [appraiseMail] = await mailsTo(appraiser.email, /appraisal/);
  expect(appraiseMail?.text).toContain('Brass Lamp');
  expect(appraiseMail?.text).toContain('/unwanted-items');
  const [saleMail] = await mailsTo(seller.email, /للبيع/);
  expect(saleMail?.subject).toContain('قطعة للبيع');
  expect(await mailsTo(buyer.email, /to be sold/)).toHaveLength(1);

  // Done: the appraisal and the sale recorded, nothing waits any more.
  expect((await call(h, 'PUT', `/api/estates/${estateId}/items/${lamp.id}/disposition/appraisal`, { as: appraiser, body: { value: 40, note: 'Fair' } })).statusCode).toBe(200);
  expect((await call(h, 'PUT', `/api/estates/${estateId}/items/${lamp.id}/sale`, { as: seller, body: { price: 35 } })).statusCode).toBe(200);
  expect((await stepOf(estateId, appraiser)).kind).toBe('wait');
  expect((await stepOf(estateId, seller)).kind).toBe('wait');
  expect((await call(h, 'GET', '/api/todos', { as: seller })).json().todos).toEqual([]);
});
