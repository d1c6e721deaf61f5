/**
 * The member directory and a member's page (issue 12): stars and groups are each viewer's own and
 * private; a member's page and the actions on it are the trustees'; an estate keeps its last
 * trustee; disabling someone ends their access at once; who receives does not change while items
 * are being divided.
 */
import { expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { invitations, outbox } from '../../db/schema.js';
import { Role } from '@estate/domain/roles';
import { Stage } from '@estate/domain/stages';
import { call, useHarness } from '../../test/harness.js';
import { addMember, createEstate, createUser, linkToken, setStage } from '../../test/factories.js';

const h = useHarness();

async function family() {
  const trustee = await createUser(h, { firstName: 'Tara' });
  const estateId = await createEstate(h, trustee);
  const ben = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const cara = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const observer = await addMember(h, estateId, trustee, [Role.Observer]);
  return { trustee, estateId, ben, cara, observer };
}

const url = (estateId: string, path: string) => `/api/estates/${estateId}${path}`;

it('keeps stars and groups to the person who made them', async () => {
  const { trustee, estateId, ben, cara } = await family();
  expect((await call(h, 'PUT', url(estateId, `/members/${ben.id}/star`), { as: trustee })).json()).toEqual({ starred: true });
  const created = await call(h, 'POST', url(estateId, '/member-groups'), { as: trustee, body: { name: 'Mum’s side', memberIds: [ben.id, cara.id] } });
  expect(created.statusCode, created.body).toBe(201);
  const group = created.json().group;
  expect(group).toMatchObject({ name: 'Mum’s side', memberIds: expect.arrayContaining([ben.id, cara.id]) });
  await call(h, 'PUT', url(estateId, `/members/${trustee.id}/star`), { as: ben });

  const mine = (await call(h, 'GET', url(estateId, '/directory'), { as: trustee })).json();
  expect(mine.members.find((m: { id: string }) => m.id === ben.id).starred).toBe(true);
  expect(mine.members.find((m: { id: string }) => m.id === trustee.id).starred).toBe(false);
  expect(mine.groups).toEqual([group]);

  const bens = (await call(h, 'GET', url(estateId, '/directory'), { as: ben })).json();
  expect(bens.members.find((m: { id: string }) => m.id === ben.id).starred).toBe(false);
  expect(bens.members.find((m: { id: string }) => m.id === trustee.id).starred).toBe(true);
  expect(bens.groups).toEqual([]);
  // Nothing of the trustee's own in the beneficiary's answer, not even the group's name.
  expect(JSON.stringify(bens)).not.toContain('Mum’s side');

  // Another person's group does not exist for them.
  expect((await call(h, 'PATCH', url(estateId, `/member-groups/${group.id}`), { as: ben, body: { name: 'Mine now' } })).statusCode).toBe(404);
  expect((await call(h, 'DELETE', url(estateId, `/member-groups/${group.id}`), { as: ben })).statusCode).toBe(404);

  const renamed = await call(h, 'PATCH', url(estateId, `/member-groups/${group.id}`), { as: trustee, body: { name: 'Helpers', memberIds: [cara.id] } });
  expect(renamed.json().group).toEqual({ id: group.id, name: 'Helpers', memberIds: [cara.id] });
  expect((await call(h, 'DELETE', url(estateId, `/member-groups/${group.id}`), { as: trustee })).statusCode).toBe(204);
  expect((await call(h, 'DELETE', url(estateId, `/members/${ben.id}/star`), { as: trustee })).json()).toEqual({ starred: false });
});

it('refuses stars and groups naming people outside the estate', async () => {
  const { trustee, estateId } = await family();
  const stranger = await createUser(h);
  expect((await call(h, 'PUT', url(estateId, `/members/${stranger.id}/star`), { as: trustee })).statusCode).toBe(404);
  const res = await call(h, 'POST', url(estateId, '/member-groups'), { as: trustee, body: { name: 'Odd', memberIds: [stranger.id] } });
  expect(res.statusCode).toBe(400);
  expect(res.json().error.fields.memberIds).toBeTruthy();
  expect((await call(h, 'POST', url(estateId, '/member-groups'), { as: trustee, body: { name: '   ' } })).statusCode).toBe(400);
  // A member of another estate does not reach this one at all.
  expect((await call(h, 'GET', url(estateId, '/directory'), { as: stranger })).statusCode).toBe(404);
});

it('shows invitations not taken up, waiting or expired, to trustees only, and sends one again with a new link', async () => {
  const { trustee, estateId, ben } = await family();
  const sent = await call(h, 'POST', url(estateId, '/invitations'), { as: trustee, body: { email: 'aunt.may@example.com', roles: [Role.Beneficiary] } });
  const oldToken = linkToken(sent.json().invitation.link);
  const trusteeView = (await call(h, 'GET', url(estateId, '/directory'), { as: trustee })).json();
  expect(trusteeView.invitations).toEqual([expect.objectContaining({ email: 'aunt.may@example.com', state: 'waiting' })]);
  const bensView = (await call(h, 'GET', url(estateId, '/directory'), { as: ben })).json();
  expect(bensView.invitations).toBeUndefined();
  expect(bensView.disabled).toBeUndefined();
  expect(JSON.stringify(bensView)).not.toContain('aunt.may');

  // Fifteen days on (the link works for fourteen).
  await h.database.db.update(invitations).set({ expiresAt: new Date(h.clock.now.getTime() - 86_400_000) }).where(eq(invitations.email, 'aunt.may@example.com'));
  const expired = (await call(h, 'GET', url(estateId, '/directory'), { as: trustee })).json().invitations[0];
  expect(expired.state).toBe('expired');

  expect((await call(h, 'POST', url(estateId, `/invitations/${expired.id}/resend`), { as: ben })).statusCode).toBe(403);
  const resent = await call(h, 'POST', url(estateId, `/invitations/${expired.id}/resend`), { as: trustee });
  expect(resent.statusCode, resent.body).toBe(200);
  const newToken = linkToken(resent.json().invitation.link);
  expect(newToken).not.toBe(oldToken);
  expect((await call(h, 'GET', url(estateId, '/directory'), { as: trustee })).json().invitations[0].state).toBe('waiting');
  expect((await call(h, 'GET', `/api/invitations/${oldToken}`)).statusCode).toBe(404);
  expect((await call(h, 'GET', `/api/invitations/${newToken}`)).statusCode).toBe(200);
  const mails = await h.database.db.select().from(outbox).where(eq(outbox.to, 'aunt.may@example.com'));
  expect(mails).toHaveLength(2);
  expect(mails.some((m) => m.text.includes(newToken) && m.text.includes('Email me a sign-in link'))).toBe(true);
});

it('opens a member’s page to trustees only', async () => {
  const { trustee, estateId, ben, observer } = await family();
  const outsider = await createUser(h);
  await createEstate(h, outsider, 'Another family');
  expect((await call(h, 'GET', url(estateId, `/members/${ben.id}`), { as: ben })).statusCode).toBe(403);
  expect((await call(h, 'GET', url(estateId, `/members/${ben.id}`), { as: observer })).statusCode).toBe(403);
  expect((await call(h, 'GET', url(estateId, `/members/${ben.id}`), { as: outsider })).statusCode).toBe(404);
  for (const [path, method] of [
    [`/members/${trustee.id}/roles`, 'PUT'],
    [`/members/${trustee.id}/disable`, 'POST'],
  ] as const) {
    const res = await call(h, method, url(estateId, path), { as: ben, body: method === 'PUT' ? { roles: [Role.Observer] } : undefined });
    expect(res.statusCode).toBe(403);
    expect(res.headers['x-refused-by']).toBe('policy');
  }

  const page = await call(h, 'GET', url(estateId, `/members/${ben.id}`), { as: trustee });
  expect(page.statusCode, page.body).toBe(200);
  expect(page.json()).toMatchObject({
    member: { id: ben.id, roles: [Role.Beneficiary], email: ben.email, receivesFor: [], invitedBy: expect.stringContaining('Tara') },
    participation: { receiver: true, approvals: { approved: 0, flagged: 0, total: 0 }, hearts: 0, ranked: 0, tokens: 0, stages: [] },
    refusals: {},
  });
});

it('shows what a beneficiary has done and what is due from them', async () => {
  const { trustee, estateId, ben } = await family();
  await setStage(h, estateId, Stage.Cataloging);
  const item = await call(h, 'POST', url(estateId, '/items'), { as: trustee, body: { name: 'Tea set', categories: ['Kitchen'] } });
  const itemId = item.json().item.id;
  await setStage(h, estateId, Stage.Approve);
  expect((await call(h, 'PUT', url(estateId, `/items/${itemId}/approval`), { as: ben, body: { status: 'approved' } })).statusCode).toBeLessThan(300);
  const due = (await call(h, 'GET', url(estateId, `/members/${ben.id}`), { as: trustee })).json().participation;
  expect(due.approvals).toEqual({ approved: 1, flagged: 0, total: 1 });
  expect(due.due).toMatchObject({ stage: Stage.Approve, done: false, required: true });
  expect((await call(h, 'POST', url(estateId, `/participation/${Stage.Approve}/done`), { as: ben })).statusCode).toBeLessThan(300);
  const after = (await call(h, 'GET', url(estateId, `/members/${ben.id}`), { as: trustee })).json().participation;
  expect(after.due).toMatchObject({ stage: Stage.Approve, done: true });
  expect(after.stages).toEqual([expect.objectContaining({ stage: Stage.Approve, done: true, automatic: false })]);
});

it('keeps the estate’s last trustee', async () => {
  const { trustee, estateId, ben } = await family();
  const page = (await call(h, 'GET', url(estateId, `/members/${trustee.id}`), { as: trustee })).json();
  expect(page.refusals).toMatchObject({ dropTrustee: 'lastTrustee', disable: 'self' });
  const demote = await call(h, 'PUT', url(estateId, `/members/${trustee.id}/roles`), { as: trustee, body: { roles: [Role.Beneficiary] } });
  expect(demote.statusCode).toBe(409);
  expect(demote.json().error.message).toMatch(/last trustee/);

  // With a second trustee, either may step down, but not both.
  const second = await addMember(h, estateId, trustee, [Role.Trustee]);
  expect((await call(h, 'GET', url(estateId, `/members/${trustee.id}`), { as: trustee })).json().refusals.dropTrustee).toBeUndefined();
  const ok = await call(h, 'PUT', url(estateId, `/members/${trustee.id}/roles`), { as: trustee, body: { roles: [Role.Beneficiary] } });
  expect(ok.statusCode, ok.body).toBe(200);
  expect(ok.json().member.roles).toEqual([Role.Beneficiary]);
  // The former trustee is no longer one: the policy refuses them now.
  expect((await call(h, 'PUT', url(estateId, `/members/${second.id}/roles`), { as: trustee, body: { roles: [Role.Observer] } })).statusCode).toBe(403);
  const last = await call(h, 'PUT', url(estateId, `/members/${second.id}/roles`), { as: second, body: { roles: [Role.Observer] } });
  expect(last.statusCode).toBe(409);
  // Nor can the last trustee be disabled by themselves.
  expect((await call(h, 'POST', url(estateId, `/members/${second.id}/disable`), { as: second })).statusCode).toBe(409);
  expect((await call(h, 'GET', url(estateId, `/members/${ben.id}`), { as: second })).statusCode).toBe(200);
});

it('ends a disabled person’s access to the estate at once, and gives it back when enabled', async () => {
  const { trustee, estateId, ben } = await family();
  expect((await call(h, 'GET', `/api/estates/${estateId}`, { as: ben })).statusCode).toBe(200);
  const res = await call(h, 'POST', url(estateId, `/members/${ben.id}/disable`), { as: trustee });
  expect(res.statusCode, res.body).toBe(204);

  // Not a member any more: every estate route answers as for a stranger.
  expect((await call(h, 'GET', `/api/estates/${estateId}`, { as: ben })).statusCode).toBe(404);
  expect((await call(h, 'GET', url(estateId, '/items'), { as: ben })).statusCode).toBe(404);
  expect((await call(h, 'GET', url(estateId, '/directory'), { as: ben })).statusCode).toBe(404);
  expect((await call(h, 'GET', '/api/estates', { as: ben })).json().estates).toEqual([]);
  // The account itself still works (other estates, the profile).
  expect((await call(h, 'GET', '/api/me', { as: ben })).statusCode).toBe(200);

  const view = (await call(h, 'GET', url(estateId, '/directory'), { as: trustee })).json();
  expect(view.members.map((m: { id: string }) => m.id)).not.toContain(ben.id);
  expect(view.disabled).toEqual([expect.objectContaining({ id: ben.id, roles: [Role.Beneficiary] })]);
  expect((await call(h, 'GET', url(estateId, `/members/${ben.id}`), { as: trustee })).statusCode).toBe(404);

  expect((await call(h, 'POST', url(estateId, `/members/${ben.id}/enable`), { as: trustee })).statusCode).toBe(204);
  expect((await call(h, 'GET', `/api/estates/${estateId}`, { as: ben })).statusCode).toBe(200);
  expect((await call(h, 'GET', url(estateId, '/directory'), { as: trustee })).json().disabled).toEqual([]);
});

it('does not change who receives items while they are being divided', async () => {
  const { trustee, estateId, ben } = await family();
  const buyer = await addMember(h, estateId, trustee, [Role.Buyer]);
  await setStage(h, estateId, Stage.Interest);
  const page = (await call(h, 'GET', url(estateId, `/members/${ben.id}`), { as: trustee })).json();
  expect(page.refusals).toMatchObject({ disable: 'receiversFrozen', dropBeneficiary: 'receiversFrozen', changeReceiving: 'receiversFrozen' });
  const disable = await call(h, 'POST', url(estateId, `/members/${ben.id}/disable`), { as: trustee });
  expect(disable.statusCode).toBe(409);
  expect(disable.headers['x-refused-by']).toBe('policy');
  expect((await call(h, 'PUT', url(estateId, `/members/${buyer.id}/roles`), { as: trustee, body: { roles: [Role.Beneficiary] } })).statusCode).toBe(409);
  // Roles that have nothing to do with receiving still change; so does disabling a buyer.
  expect((await call(h, 'PUT', url(estateId, `/members/${buyer.id}/roles`), { as: trustee, body: { roles: [Role.Buyer, Role.Seller] } })).statusCode).toBe(200);
  expect((await call(h, 'PUT', url(estateId, `/members/${ben.id}/roles`), { as: trustee, body: { roles: [Role.Beneficiary, Role.Observer] } })).statusCode).toBe(200);
  expect((await call(h, 'POST', url(estateId, `/members/${buyer.id}/disable`), { as: trustee })).statusCode).toBe(204);
  await setStage(h, estateId, Stage.AssignmentCompleted);
  expect((await call(h, 'POST', url(estateId, `/members/${ben.id}/disable`), { as: trustee })).statusCode).toBe(204);
});

it('keeps the family link: the parent of offspring stays a beneficiary and a member', async () => {
  const { trustee, estateId, ben } = await family();
  const kid = await addMember(h, estateId, trustee, [Role.Offspring], { receivesThrough: ben.id });
  const page = (await call(h, 'GET', url(estateId, `/members/${ben.id}`), { as: trustee })).json();
  expect(page.member.receivesFor).toEqual([kid.id]);
  expect(page.refusals).toMatchObject({ disable: 'receivesForOthers', dropBeneficiary: 'receivesForOthers' });
  expect((await call(h, 'POST', url(estateId, `/members/${ben.id}/disable`), { as: trustee })).statusCode).toBe(409);
  expect((await call(h, 'PUT', url(estateId, `/members/${ben.id}/roles`), { as: trustee, body: { roles: [Role.Observer] } })).statusCode).toBe(409);
  // Offspring need a parent who is a beneficiary, and not themselves.
  const bad = await call(h, 'PUT', url(estateId, `/members/${kid.id}/roles`), { as: trustee, body: { roles: [Role.Offspring], receivesThrough: kid.id } });
  expect(bad.statusCode).toBe(400);
  expect((await call(h, 'PUT', url(estateId, `/members/${kid.id}/roles`), { as: trustee, body: { roles: [Role.Offspring] } })).statusCode).toBe(400);
  // Once the grandchild receives directly, the parent may be disabled.
  expect((await call(h, 'PUT', url(estateId, `/members/${kid.id}/roles`), { as: trustee, body: { roles: [Role.Beneficiary] } })).statusCode).toBe(200);
  expect((await call(h, 'POST', url(estateId, `/members/${ben.id}/disable`), { as: trustee })).statusCode).toBe(204);
});

it('lets someone disabled join again through a new invitation', async () => {
  const { trustee, estateId, ben } = await family();
  await call(h, 'POST', url(estateId, `/members/${ben.id}/disable`), { as: trustee });
  const invite = await call(h, 'POST', url(estateId, '/invitations'), { as: trustee, body: { email: ben.email, roles: [Role.Observer] } });
  const token = linkToken(invite.json().invitation.link);
  expect((await call(h, 'POST', `/api/invitations/${token}/accept`, { as: ben })).statusCode).toBe(200);
  const view = (await call(h, 'GET', url(estateId, '/directory'), { as: trustee })).json();
  expect(view.disabled).toEqual([]);
  expect(view.members.find((m: { id: string }) => m.id === ben.id).roles).toEqual([Role.Observer]);
});
