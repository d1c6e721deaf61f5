/** Every refusal answers in the request's language (Accept-Language), with its stable reason and parameters. */
import { expect, it } from 'vitest';
import { Role } from '@estate/domain/roles';
import stagesTr from '@estate/domain/content/stages.tr.json' with { type: 'json' };
import refusalsAr from '@estate/domain/content/refusals.ar.json' with { type: 'json' };
import refusalsTr from '@estate/domain/content/refusals.tr.json' with { type: 'json' };
import { call, useHarness } from '../test/harness.js';
import { addMember, createEstate, createItem, createUser, setStage } from '../test/factories.js';
import { AppError, notFound, refusalBody } from './errors.js';

const h = useHarness();

it('says a policy refusal in Turkish, naming the stages in Turkish, with the reason and stage codes', async () => {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  const item = await createItem(h, estateId, trustee);
  const ben = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  await setStage(h, estateId, 20);
  const res = await call(h, 'PUT', `/api/estates/${estateId}/items/${item.id}/interest`, { as: ben, headers: { 'accept-language': 'tr' } });
  expect(res.statusCode).toBe(409);
  const error = res.json().error;
  expect(error).toMatchObject({ code: 'wrong_stage', reason: 'policy.stage', params: { stages: [11], stage: 20 } });
  expect(error.message).toContain(`"${stagesTr['11'].name}"`);
  expect(error.message).toContain(`"${stagesTr['20'].name}"`);
  // English readers keep the sentence as it always read.
  const english = await call(h, 'PUT', `/api/estates/${estateId}/items/${item.id}/interest`, { as: ben });
  expect(english.json().error.message).toBe('This can only be done in the stage "Express Your Interest In Items"; the estate is in "High Interest Ranking".');
});

it('says a refused request body and each of its fields in Arabic', async () => {
  const user = await createUser(h);
  const res = await call(h, 'POST', '/api/estates', { as: user, body: { name: '', colour: 'blue' }, headers: { 'accept-language': 'ar' } });
  expect(res.statusCode).toBe(400);
  const error = res.json().error;
  expect(error).toMatchObject({ code: 'validation_failed', reason: 'validation.request', message: refusalsAr['validation.request'] });
  expect(Object.values(error.fields as Record<string, string>)).toEqual(expect.arrayContaining([refusalsAr['field.notAccepted']]));
  for (const text of Object.values(error.fields as Record<string, string>)) expect(text).toMatch(/[\u0600-\u06FF]/);
});

it('says "not found" in the reader’s language, as for an estate that is not theirs', async () => {
  const user = await createUser(h);
  const res = await call(h, 'GET', '/api/estates/01900000-0000-7000-8000-000000000000/items', { as: user, headers: { 'accept-language': 'tr' } });
  expect(res.statusCode).toBe(404);
  expect(res.json().error.message).toBe(refusalsTr['notFound.estate']);
});

it('never answers a Turkish or Arabic reader in English: a sentence not yet given a reason reads as its code’s', () => {
  const plain = new AppError('conflict', 'This flag has already been resolved.', { note: 'Too long.' });
  expect(refusalBody(plain, 'en')).toEqual({ code: 'conflict', message: 'This flag has already been resolved.', fields: { note: 'Too long.' } });
  expect(refusalBody(plain, 'ar')).toEqual({ code: 'conflict', message: refusalsAr['code.conflict'], fields: { note: refusalsAr['field.invalid'] } });
  expect(refusalBody(notFound('That item'), 'tr')).toMatchObject({ reason: 'notFound.item', message: refusalsTr['notFound.item'] });
  expect(refusalBody(notFound('That item'), 'en').message).toBe('That item was not found.');
});
