import { describe, expect, it } from 'vitest';
import { Role } from '@estate/domain/roles';
import { call, useHarness } from '../../test/harness.js';
import { PASSWORD, addMember, createEstate, createUser, linkToken, signIn } from '../../test/factories.js';

const h = useHarness();

async function invite(trustee: { token?: string }, estateId: string, email: string, roles: number[], extra = {}) {
  const res = await call(h, 'POST', `/api/estates/${estateId}/invitations`, { as: trustee, body: { email, roles, ...extra } });
  expect(res.statusCode, res.body).toBe(201);
  return linkToken(res.json().invitation.link);
}

describe('estates', () => {
  it('makes the creator its trustee and lists it in their memberships', async () => {
    const user = await createUser(h);
    const estateId = await createEstate(h, user, 'Estate of Walter Hill');
    const me = (await call(h, 'GET', '/api/me', { as: user })).json();
    expect(me.memberships).toEqual([{ estateId, estateName: 'Estate of Walter Hill', roles: [Role.Trustee], stage: 0 }]);
    const estate = (await call(h, 'GET', `/api/estates/${estateId}`, { as: user })).json().estate;
    expect(estate).toMatchObject({ name: 'Estate of Walter Hill', stage: 0, settings: { highInterestThreshold: 6, draftMode: 'round-robin' } });
    const stage = (await call(h, 'GET', `/api/estates/${estateId}/stage`, { as: user })).json();
    expect(stage).toEqual({ stage: 0, name: 'Initial', next: { stage: 1, name: 'Cataloging Assets' } });
  });

  it('records renames and setting changes in the activity log', async () => {
    const user = await createUser(h);
    const estateId = await createEstate(h, user);
    const res = await call(h, 'PATCH', `/api/estates/${estateId}`, { as: user, body: { name: 'Rose Family Trust', settings: { highInterestThreshold: 5 } } });
    expect(res.statusCode).toBe(200);
    const events = (await call(h, 'GET', `/api/estates/${estateId}/activity`, { as: user })).json().events;
    expect(events.map((e: { action: string }) => e.action)).toEqual(['estate.setting-changed', 'estate.renamed', 'estate.created']);
    expect(events[0]).toMatchObject({ field: 'highInterestThreshold', from: 6, to: 5 });
  });

  it('refuses a blank name and unknown settings', async () => {
    const user = await createUser(h);
    expect((await call(h, 'POST', '/api/estates', { as: user, body: { name: '   ' } })).statusCode).toBe(400);
    const estateId = await createEstate(h, user);
    const bad = await call(h, 'PATCH', `/api/estates/${estateId}`, { as: user, body: { settings: { colour: 'red' } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty(['settings.colour']);
  });
});

describe('invitations', () => {
  it('lets a new person register from the link; the email counts as confirmed and they join', async () => {
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee);
    const token = await invite(trustee, estateId, 'Nora@Example.com', [Role.Beneficiary]);

    const preview = await call(h, 'GET', `/api/invitations/${token}`);
    expect(preview.json().invitation).toMatchObject({ estateName: 'Estate of Grandma Rose', email: 'nora@example.com', roles: [10], accountExists: false });

    const reg = await call(h, 'POST', '/api/auth/register', {
      body: { firstName: 'Nora', lastName: 'Hill', email: 'nora@example.com', password: PASSWORD, invitation: token },
    });
    expect(reg.statusCode).toBe(201);
    expect(reg.json().user.emailConfirmed).toBe(true);
    const nora = await signIn(h, 'nora@example.com');
    const me = (await call(h, 'GET', '/api/me', { as: nora })).json();
    expect(me.memberships).toEqual([expect.objectContaining({ estateId, roles: [Role.Beneficiary] })]);
    // Used once.
    expect((await call(h, 'GET', `/api/invitations/${token}`)).statusCode).toBe(404);
  });

  it('refuses registering with an invitation sent to another address', async () => {
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee);
    const token = await invite(trustee, estateId, 'right@example.com', [Role.Beneficiary]);
    const res = await call(h, 'POST', '/api/auth/register', {
      body: { firstName: 'W', lastName: 'R', email: 'wrong@example.com', password: PASSWORD, invitation: token },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('email');
  });

  it('lets an existing user accept, widening their roles, only for their own address', async () => {
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee);
    const existing = await createUser(h, { email: 'sister@example.com' });
    const stranger = await createUser(h);
    const token = await invite(trustee, estateId, 'sister@example.com', [Role.Beneficiary, Role.Creator]);
    expect((await call(h, 'GET', `/api/invitations/${token}`)).json().invitation.accountExists).toBe(true);
    expect((await call(h, 'POST', `/api/invitations/${token}/accept`, { as: stranger })).statusCode).toBe(403);
    const ok = await call(h, 'POST', `/api/invitations/${token}/accept`, { as: existing });
    expect(ok.json().membership).toMatchObject({ estateId, roles: [Role.Creator, Role.Beneficiary] });
    expect((await call(h, 'POST', `/api/invitations/${token}/accept`, { as: existing })).statusCode).toBe(400);
  });

  it('links offspring to a beneficiary parent, and refuses a parent who is not one', async () => {
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee);
    const parent = await addMember(h, estateId, trustee, [Role.Beneficiary]);
    const observer = await addMember(h, estateId, trustee, [Role.Observer]);
    const child = await addMember(h, estateId, trustee, [Role.Offspring], { receivesThrough: parent.id });
    const members = (await call(h, 'GET', `/api/estates/${estateId}/members`, { as: parent })).json().members;
    expect(members.find((m: { id: string }) => m.id === child.id)).toMatchObject({ roles: [Role.Offspring], receivesThrough: parent.id });

    const bad = await call(h, 'POST', `/api/estates/${estateId}/invitations`, {
      as: trustee,
      body: { email: 'kid@example.com', roles: [Role.Offspring], receivesThrough: observer.id },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('receivesThrough');
    const notOffspring = await call(h, 'POST', `/api/estates/${estateId}/invitations`, {
      as: trustee,
      body: { email: 'kid@example.com', roles: [Role.Beneficiary], receivesThrough: parent.id },
    });
    expect(notOffspring.statusCode).toBe(400);
  });

  it('refuses an offspring invitation without the beneficiary who receives for them', async () => {
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee);
    const parent = await addMember(h, estateId, trustee, [Role.Beneficiary]);
    const post = (body: Record<string, unknown>) => call(h, 'POST', `/api/estates/${estateId}/invitations`, { as: trustee, body: { email: 'kid@example.com', ...body } });

    const missing = await post({ roles: [Role.Offspring] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.receivesThrough).toMatch(/choose the beneficiary who receives for them/i);
    const alsoObserver = await post({ roles: [Role.Observer, Role.Offspring] });
    expect(alsoObserver.json().error.fields).toHaveProperty('receivesThrough');

    // Not a uuid (was a 500), someone outside the estate, the invitee themselves: each 400 on the field.
    const notAnId = await post({ roles: [Role.Offspring], receivesThrough: 'grandma' });
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json().error.fields.receivesThrough).toMatch(/beneficiaries/);
    const outsider = await createUser(h);
    const elsewhere = await post({ roles: [Role.Offspring], receivesThrough: outsider.id });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error.fields).toHaveProperty('receivesThrough');
    const self = await call(h, 'POST', `/api/estates/${estateId}/invitations`, {
      as: trustee,
      body: { email: parent.email, roles: [Role.Offspring], receivesThrough: parent.id },
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.fields.receivesThrough).toMatch(/cannot be the person you are inviting/);

    const invitations = (await call(h, 'GET', `/api/estates/${estateId}/invitations`, { as: trustee })).json().invitations;
    expect(invitations.map((i: { email: string }) => i.email)).not.toContain('kid@example.com');
    expect((await post({ roles: [Role.Offspring], receivesThrough: parent.id })).statusCode).toBe(201);
  });

  it('refuses roles that cannot be given and expired links', async () => {
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee);
    const admin = await call(h, 'POST', `/api/estates/${estateId}/invitations`, { as: trustee, body: { email: 'x@example.com', roles: [Role.Admin] } });
    expect(admin.statusCode).toBe(400);
    const none = await call(h, 'POST', `/api/estates/${estateId}/invitations`, { as: trustee, body: { email: 'x@example.com', roles: [] } });
    expect(none.statusCode).toBe(400);
    const token = await invite(trustee, estateId, 'late@example.com', [Role.Beneficiary]);
    h.clock.advance(15 * 86_400_000);
    expect((await call(h, 'GET', `/api/invitations/${token}`)).statusCode).toBe(404);
  });

  it('mails the invitation and lists it for the trustee without the secret link', async () => {
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee);
    await invite(trustee, estateId, 'cousin@example.com', [Role.Observer]);
    const list = (await call(h, 'GET', `/api/estates/${estateId}/invitations`, { as: trustee })).json().invitations;
    expect(list).toEqual([expect.objectContaining({ email: 'cousin@example.com', roles: [Role.Observer], acceptedAt: null })]);
    expect(JSON.stringify(list)).not.toContain('/invite/');
  });
});

describe('the invitation mail', () => {
  it("is in the invitee's language, names their role, and has one button to join", async () => {
    const { outbox } = await import('../../db/schema.js');
    const { eq } = await import('drizzle-orm');
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee, 'Estate of Rose Park');
    const token = await invite(trustee, estateId, 'layla@example.com', [Role.Beneficiary], { language: 'ar' });
    const [arabic] = await h.database.db.select().from(outbox).where(eq(outbox.to, 'layla@example.com'));
    expect(arabic!.subject).toContain('يدعوك إلى التركة «Estate of Rose Park»');
    expect(arabic!.text).toContain('بصفتك مستفيدًا');
    expect(arabic!.text).toContain(`انضم إلى التركة: ${h.config.PUBLIC_URL}/invite/${token}`);

    // Without a language, the inviter's own (English here).
    await invite(trustee, estateId, 'tom@example.com', [Role.Observer]);
    const [english] = await h.database.db.select().from(outbox).where(eq(outbox.to, 'tom@example.com'));
    expect(english!.text).toContain('as an observer');
    expect(english!.text).toContain('Email me a sign-in link');
    const refused = await call(h, 'POST', `/api/estates/${estateId}/invitations`, { as: trustee, body: { email: 'x@example.com', roles: [Role.Observer], language: 'fr' } });
    expect(refused.statusCode).toBe(400);
  });
});
