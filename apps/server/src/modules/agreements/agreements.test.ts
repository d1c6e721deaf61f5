import { describe, expect, it } from 'vitest';
import { Role } from '@estate/domain/roles';
import { Stage } from '@estate/domain/stages';
import { TERMS_VERSION } from '@estate/domain/consent';
import termsEn from '@estate/domain/content/terms.en.json' with { type: 'json' };
import agreementAr from '@estate/domain/content/agreement.ar.json' with { type: 'json' };
import { call, useHarness, type Caller } from '../../test/harness.js';
import { acceptAgreements, addMember, createEstate, createItem, createUser, setStage } from '../../test/factories.js';

const h = useHarness();

async function estateWithNewcomer() {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  const item = await createItem(h, estateId, trustee, { name: 'Mantel Clock' });
  // Added without reading anything yet, as a real newcomer.
  const ben = await addMember(h, estateId, trustee, [Role.Beneficiary], { agreements: false });
  return { trustee, estateId, item, ben };
}

/** Each participation route, in its own stage, as the beneficiary sends it. */
function participationRoutes(estateId: string, itemId: string) {
  return [
    { stage: Stage.Approve, method: 'PUT' as const, url: `/api/estates/${estateId}/items/${itemId}/approval`, body: { status: 'approved' } },
    { stage: Stage.Approve, method: 'POST' as const, url: `/api/estates/${estateId}/approvals/approve-all` },
    { stage: Stage.Interest, method: 'PUT' as const, url: `/api/estates/${estateId}/items/${itemId}/interest` },
    { stage: Stage.Interest, method: 'DELETE' as const, url: `/api/estates/${estateId}/items/${itemId}/interest` },
    { stage: Stage.Ranking, method: 'PUT' as const, url: `/api/estates/${estateId}/rankings`, body: { itemIds: [] } },
    { stage: Stage.Tokens, method: 'PUT' as const, url: `/api/estates/${estateId}/tokens`, body: { allocations: [] } },
  ];
}

const send = (route: { method: 'PUT' | 'POST' | 'DELETE'; url: string; body?: unknown }, as: Caller, headers: Record<string, string> = {}) =>
  call(h, route.method, route.url, { as, headers, ...(route.body !== undefined ? { body: route.body } : {}) });

describe('the consent gate', () => {
  it('refuses every participation route with 409 agreement_required until both documents are accepted, then lets it through', async () => {
    const { estateId, item, ben } = await estateWithNewcomer();
    for (const route of participationRoutes(estateId, item.id)) {
      await setStage(h, estateId, route.stage);
      const refused = await send(route, ben);
      expect(refused.statusCode, `${route.method} ${route.url}`).toBe(409);
      expect(refused.json().error).toMatchObject({ code: 'agreement_required', reason: 'consent.required' });
    }
    // The Terms alone are not enough.
    await call(h, 'POST', `/api/estates/${estateId}/agreements/terms/accept`, { as: ben, body: { version: TERMS_VERSION } });
    await setStage(h, estateId, Stage.Interest);
    expect((await call(h, 'PUT', `/api/estates/${estateId}/items/${item.id}/interest`, { as: ben })).json().error.code).toBe('agreement_required');

    await acceptAgreements(h, estateId, ben);
    for (const route of participationRoutes(estateId, item.id)) {
      await setStage(h, estateId, route.stage);
      const res = await send(route, ben);
      expect(res.statusCode, `${route.method} ${route.url}: ${res.body}`).toBeLessThan(300);
    }
  });

  it('says it in the reader’s language and checks the stage first', async () => {
    const { estateId, item, ben } = await estateWithNewcomer();
    await setStage(h, estateId, Stage.Interest);
    const heart = { method: 'PUT' as const, url: `/api/estates/${estateId}/items/${item.id}/interest` };
    const tr = await send(heart, ben, { 'accept-language': 'tr-TR,tr;q=0.9,en;q=0.5' });
    expect(tr.json().error.message).toContain('Kullanım Koşulları');
    const ar = await send(heart, ben, { 'accept-language': 'ar' });
    expect(ar.json().error.message).toContain('اتفاقية التركة');
    // Out of its stage, the stage is what is wrong.
    await setStage(h, estateId, Stage.Ranking);
    expect((await send(heart, ben)).json().error.code).toBe('wrong_stage');
  });
});

describe('the documents', () => {
  it('lists the Terms (10 parts) and the Agreement (4 parts) in the asked language, with the caller’s acceptance', async () => {
    const { estateId, ben } = await estateWithNewcomer();
    const before = await call(h, 'GET', `/api/estates/${estateId}/agreements`, { as: ben });
    expect(before.statusCode).toBe(200);
    const body = before.json();
    expect(body.required).toBe(true);
    expect(body.agreements.map((a: { kind: string }) => a.kind)).toEqual(['terms', 'agreement']);
    expect(body.agreements[0]).toMatchObject({ version: TERMS_VERSION, title: termsEn.title, language: 'en' });
    expect(body.agreements[0].parts).toHaveLength(10);
    expect(body.agreements[1].parts).toHaveLength(4);
    expect(body.agreements[0].acceptedAt).toBeUndefined();

    const arabic = (await call(h, 'GET', `/api/estates/${estateId}/agreements`, { as: ben, headers: { 'accept-language': 'ar' } })).json();
    expect(arabic.agreements[1].title).toBe(agreementAr.title);

    await acceptAgreements(h, estateId, ben);
    const after = (await call(h, 'GET', `/api/estates/${estateId}/agreements`, { as: ben })).json();
    expect(after.required).toBe(false);
    expect(after.agreements.every((a: { acceptedAt?: string }) => typeof a.acceptedAt === 'string')).toBe(true);
  });

  it('a new Agreement version asks again: the old one answers 409, the new one opens the inputs again', async () => {
    const { trustee, estateId, item, ben } = await estateWithNewcomer();
    await acceptAgreements(h, estateId, ben);
    await setStage(h, estateId, Stage.Cataloging);
    const published = await call(h, 'POST', `/api/estates/${estateId}/agreements/agreement/versions`, {
      as: trustee,
      body: { notes: { disputes: 'Mrs Okafor, our family mediator, helps first.' } },
    });
    expect(published.statusCode, published.body).toBe(201);
    const agreement = published.json().agreement;
    expect(agreement.version).toBe(2);
    expect(agreement.parts.find((p: { id: string }) => p.id === 'disputes').estateNote).toBe('Mrs Okafor, our family mediator, helps first.');

    const list = (await call(h, 'GET', `/api/estates/${estateId}/agreements`, { as: ben })).json();
    expect(list.required).toBe(true);
    expect(list.agreements[1]).toMatchObject({ version: 2, previouslyAccepted: { kind: 'agreement', version: 1 } });

    const old = await call(h, 'POST', `/api/estates/${estateId}/agreements/agreement/accept`, { as: ben, body: { version: 1 } });
    expect(old.statusCode).toBe(409);
    expect(old.json().error).toMatchObject({ code: 'conflict', reason: 'consent.oldVersion', params: { version: 1, current: 2 } });

    await setStage(h, estateId, Stage.Interest);
    expect((await call(h, 'PUT', `/api/estates/${estateId}/items/${item.id}/interest`, { as: ben })).statusCode).toBe(409);
    const accepted = await call(h, 'POST', `/api/estates/${estateId}/agreements/agreement/accept`, { as: ben, body: { version: 2 } });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().acceptance).toMatchObject({ kind: 'agreement', version: 2 });
    // Accepting again changes nothing and keeps the first time.
    const again = await call(h, 'POST', `/api/estates/${estateId}/agreements/agreement/accept`, { as: ben, body: { version: 2 } });
    expect(again.json().acceptance.acceptedAt).toBe(accepted.json().acceptance.acceptedAt);
    expect((await call(h, 'PUT', `/api/estates/${estateId}/items/${item.id}/interest`, { as: ben })).statusCode).toBe(200);
  });

  it('only a trustee publishes, and only before the review begins', async () => {
    const { trustee, estateId, ben } = await estateWithNewcomer();
    const publish = (as: Caller) => call(h, 'POST', `/api/estates/${estateId}/agreements/agreement/versions`, { as, body: { notes: {} } });
    expect((await publish(ben)).statusCode).toBe(403);
    await setStage(h, estateId, Stage.Approve);
    expect((await publish(trustee)).json().error.code).toBe('wrong_stage');
  });

  it('trustees see who accepted which version and when; beneficiaries do not', async () => {
    const { trustee, estateId, ben } = await estateWithNewcomer();
    const other = await addMember(h, estateId, trustee, [Role.Beneficiary]);
    expect((await call(h, 'GET', `/api/estates/${estateId}/agreements/acceptances`, { as: ben })).statusCode).toBe(403);
    const overview = (await call(h, 'GET', `/api/estates/${estateId}/agreements/acceptances`, { as: trustee })).json();
    expect(overview.current).toEqual({ terms: TERMS_VERSION, agreement: 1 });
    const row = (id: string) => overview.members.find((m: { memberId: string }) => m.memberId === id);
    expect(row(ben.id)).toMatchObject({ terms: null, agreement: null, current: false });
    expect(row(other.id)).toMatchObject({ terms: { version: TERMS_VERSION }, agreement: { version: 1 }, current: true });
    expect(typeof row(other.id).agreement.acceptedAt).toBe('string');
  });
});

describe('the to-do', () => {
  it('asks a newcomer who gives input to read and accept first (required), and is done once they have', async () => {
    const { trustee, estateId, ben } = await estateWithNewcomer();
    const consent = async (as: Caller) =>
      (await call(h, 'GET', '/api/todos', { as })).json().todos.find((t: { titleKey: string }) => t.titleKey === 'consent:todo.title');
    expect(await consent(ben)).toMatchObject({ estateId, required: true, done: false, path: `/agreements?estate=${estateId}` });
    expect(await consent(trustee)).toBeUndefined();
    await acceptAgreements(h, estateId, ben);
    expect((await consent(ben)).done).toBe(true);
  });
});
