/**
 * The installation's administrator in an estate they are not a member of (issue 31, api.md "The
 * installation's administrator"): a read-only support visit. Every write answers 403
 * `support_read_only`; what a beneficiary may not read (who hearted, the analytics, full draw
 * records, the archive) answers 403 as for a beneficiary; what every member reads answers 200; each
 * visit is one line in the estate's activity that every member sees. An administrator who is a
 * member acts with their membership's roles. And the 401s of a governed route carry
 * `X-Refused-By: policy` like every other refusal before the handler (issue 31, item 8).
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role } from '@estate/domain/roles';
import { Stage } from '@estate/domain/stages';
import { activityEvents, conversationReads, items as itemsTable } from '../../db/schema.js';
import { call, useHarness, type Caller } from '../../test/harness.js';
import { addMember, createAdmin, createEstate, createItem, createUser, setStage, type TestUser } from '../../test/factories.js';
import { multipart, tinyPng } from '../../test/route-world.js';

const h = useHarness();

type Estate = { trustee: TestUser; ben: TestUser; admin: TestUser; estateId: string; itemId: string };

async function anEstate(): Promise<Estate> {
  const admin = await createAdmin(h);
  const trustee = await createUser(h, { firstName: 'Tess' });
  const estateId = await createEstate(h, trustee, 'Estate of Grandma Rose');
  const ben = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const item = await createItem(h, estateId, trustee, { name: 'Brass lamp' });
  return { trustee, ben, admin, estateId, itemId: item.id };
}

const url = (e: Estate, path: string) => `/api/estates/${e.estateId}${path}`;

async function version(itemId: string): Promise<string> {
  const [row] = await h.database.db.select({ version: itemsTable.version }).from(itemsTable).where(eq(itemsTable.id, itemId));
  return String(row!.version);
}

function expectSupportRefusal(res: { statusCode: number; body: string; headers: Record<string, unknown> }, what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(403);
  expect(JSON.parse(res.body).error.code, what).toBe('support_read_only');
  expect(res.headers['x-refused-by'], what).toBe('policy');
}

async function uploadAs(e: Estate, as: Caller) {
  const body = multipart('lamp.png', 'image/png', await tinyPng());
  return h.app.inject({
    method: 'POST',
    url: url(e, `/items/${e.itemId}/photos`),
    headers: { ...body.headers, authorization: `Bearer ${as.token}` },
    payload: body.payload,
  });
}

describe("the installation's administrator without a membership", () => {
  it('cannot edit an item, move the stage, heart, add a photo or write a directive: 403 support_read_only', async () => {
    const e = await anEstate();
    const { admin } = e;

    const edit = await call(h, 'PATCH', url(e, `/items/${e.itemId}`), { as: admin, body: { notes: 'Fixed.' }, headers: { 'if-match': await version(e.itemId) } });
    expectSupportRefusal(edit, 'editing an item');
    expectSupportRefusal(await uploadAs(e, admin), 'adding a photo');

    await setStage(h, e.estateId, Stage.Interest);
    expectSupportRefusal(await call(h, 'POST', url(e, '/stage'), { as: admin, body: { to: Stage.ConfirmHighInterest } }), 'moving the stage');
    expectSupportRefusal(await call(h, 'PUT', url(e, `/items/${e.itemId}/interest`), { as: admin }), 'a heart');

    await setStage(h, e.estateId, Stage.Directives);
    const directive = await call(h, 'POST', url(e, '/directives'), { as: admin, body: { itemId: e.itemId, memberId: e.ben.id, clause: 'Article 4: the lamp goes to Ben.' } });
    expectSupportRefusal(directive, 'a directive');

    // Nothing changed: the item is as the trustee left it, and the estate is where it was put.
    const item = await call(h, 'GET', url(e, `/items/${e.itemId}`), { as: e.trustee });
    expect(item.json().item.notes ?? '').not.toBe('Fixed.');
    expect((await call(h, 'GET', url(e, '/stage'), { as: e.trustee })).json()).toMatchObject({ stage: Stage.Directives });
  });

  it('reads what every member reads, and not who hearted, the analytics, full draw records or the archive', async () => {
    const e = await anEstate();
    const { admin } = e;
    const list = await call(h, 'GET', url(e, '/items'), { as: admin });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items.map((i: { name: string }) => i.name)).toEqual(['Brass lamp']);

    await setStage(h, e.estateId, Stage.Interest);
    const heart = await call(h, 'PUT', url(e, `/items/${e.itemId}/interest`), { as: e.ben });
    expect(heart.statusCode, heart.body).toBeLessThan(300);
    const who = await call(h, 'GET', url(e, `/items/${e.itemId}/interest`), { as: admin });
    expect(who.statusCode, who.body).toBe(403);
    expect(who.json().error.code).toBe('forbidden');
    expect(who.body).not.toContain(e.ben.id);
    expect((await call(h, 'GET', url(e, '/analytics'), { as: admin })).statusCode).toBe(403);
    // The trustee reads both (the refusals are the visitor's, not the routes').
    expect((await call(h, 'GET', url(e, `/items/${e.itemId}/interest`), { as: e.trustee })).statusCode).toBe(200);

    await setStage(h, e.estateId, Stage.AssignmentCompleted);
    expect((await call(h, 'GET', url(e, '/draws/14'), { as: admin })).statusCode).toBe(403);
    await setStage(h, e.estateId, Stage.Completed);
    const archive = await call(h, 'GET', url(e, '/archive.zip'), { as: admin });
    expect(archive.statusCode, archive.body.slice(0, 200)).toBe(403);
  });

  it('is one line in the activity every member sees, once per visit, and keeps no place of its own', async () => {
    const e = await anEstate();
    const { admin } = e;
    for (const path of ['/items', '/members', `/items/${e.itemId}`]) {
      const res = await call(h, 'GET', url(e, path), { as: admin });
      expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    }
    // The beneficiary sees that the administrator looked, once for the whole visit.
    const log = (await call(h, 'GET', url(e, '/activity'), { as: e.ben })).json<{ events: { action: string; actorName: string | null }[] }>().events;
    const visits = log.filter((ev) => ev.action === 'estate.support-opened');
    expect(visits).toHaveLength(1);
    expect(visits[0]).toMatchObject({ actorName: 'Ada Admin' });
    // The home page asks for the visits alone.
    const only = (await call(h, 'GET', url(e, '/activity?action=estate.support-opened&limit=1'), { as: e.ben })).json<{ events: { action: string }[] }>().events;
    expect(only.map((ev) => ev.action)).toEqual(['estate.support-opened']);
    // The support view opened in the same visit adds no second line.
    expect((await call(h, 'POST', `/api/admin/estates/${e.estateId}/support`, { as: admin })).statusCode).toBe(200);
    const rows = await h.database.db.select().from(activityEvents).where(eq(activityEvents.action, 'estate.support-opened'));
    expect(rows).toHaveLength(1);
    // Members' own requests are no visit.
    await call(h, 'GET', url(e, '/items'), { as: e.trustee });
    expect(await h.database.db.select().from(activityEvents).where(eq(activityEvents.action, 'estate.support-opened'))).toHaveLength(1);

    // The family's conversation: the visitor reads it, writes nothing in it, and keeps no "read up to here".
    const contacts = await call(h, 'GET', url(e, '/conversations'), { as: admin });
    expect(contacts.statusCode, contacts.body).toBe(200);
    const family = contacts.json<{ conversations: { id: string; kind: string }[] }>().conversations.find((c) => c.kind === 'estate')!;
    expect(family).toBeDefined();
    const said = await call(h, 'POST', url(e, `/conversations/${family.id}/messages`), { as: e.ben, body: { text: 'Hello all' } });
    expect(said.statusCode, said.body).toBe(201);
    expectSupportRefusal(await call(h, 'POST', url(e, `/conversations/${family.id}/messages`), { as: admin, body: { text: 'Hello' } }), 'a message');
    const read = await call(h, 'POST', url(e, `/conversations/${family.id}/read`), { as: admin });
    expect(read.statusCode, read.body).toBe(204);
    expect(await h.database.db.select().from(conversationReads).where(eq(conversationReads.userId, admin.id))).toEqual([]);
  });
});

describe("the administrator's visit in the web", () => {
  it('is listed by /api/me when the chosen estate is not one of theirs, with the visit\'s only role', async () => {
    const e = await anEstate();
    const chosen = await call(h, 'PATCH', '/api/me', { as: e.admin, body: { settings: { currentEstateId: e.estateId } } });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const me = (await call(h, 'GET', '/api/me', { as: e.admin })).json<{ memberships: { estateId: string; roles: number[] }[] }>();
    expect(me.memberships).toEqual([expect.objectContaining({ estateId: e.estateId, estateName: 'Estate of Grandma Rose', roles: [Role.Admin] })]);
    // Nobody else gets a visit from choosing an estate.
    await call(h, 'PATCH', '/api/me', { as: e.ben, body: { settings: { currentEstateId: e.estateId } } });
    const other = await createUser(h);
    await call(h, 'PATCH', '/api/me', { as: other, body: { settings: { currentEstateId: e.estateId } } });
    expect((await call(h, 'GET', '/api/me', { as: other })).json().memberships).toEqual([]);
  });

  it('the support view lists only the entries every member reads (never who hearted)', async () => {
    const e = await anEstate();
    await setStage(h, e.estateId, Stage.Interest);
    expect((await call(h, 'PUT', url(e, `/items/${e.itemId}/interest`), { as: e.ben })).statusCode).toBeLessThan(300);
    const hidden = await h.database.db.select().from(activityEvents).where(eq(activityEvents.visibility, 'trustees'));
    expect(hidden.length, 'a heart is an entry only trustees and observers read').toBeGreaterThan(0);
    const view = await call(h, 'POST', `/api/admin/estates/${e.estateId}/support`, { as: e.admin });
    expect(view.statusCode, view.body).toBe(200);
    const ids = view.json<{ activity: { id: string }[] }>().activity.map((a) => a.id);
    for (const row of hidden) expect(ids).not.toContain(row.id);
  });
});

describe("the installation's administrator who is a member", () => {
  it('acts with the membership’s roles: as a trustee, edits an item', async () => {
    const e = await anEstate();
    const invite = await call(h, 'POST', url(e, '/invitations'), { as: e.trustee, body: { email: e.admin.email, roles: [Role.Trustee] } });
    expect(invite.statusCode, invite.body).toBe(201);
    const token = invite.json<{ invitation: { link: string } }>().invitation.link.split('/invite/')[1]!;
    expect((await call(h, 'POST', `/api/invitations/${token}/accept`, { as: e.admin })).statusCode).toBe(200);

    const edit = await call(h, 'PATCH', url(e, `/items/${e.itemId}`), { as: e.admin, body: { notes: 'Polished.' }, headers: { 'if-match': await version(e.itemId) } });
    expect(edit.statusCode, edit.body).toBe(200);
    // A member's requests are no support visit.
    expect(await h.database.db.select().from(activityEvents).where(eq(activityEvents.action, 'estate.support-opened'))).toEqual([]);
  });
});

describe('the 401s before the policy', () => {
  it('carry X-Refused-By: policy (signed out, a token that is not valid, a session that ended)', async () => {
    const e = await anEstate();
    const signedOut = await call(h, 'GET', url(e, '/items'));
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.headers['x-refused-by']).toBe('policy');
    const badToken = await call(h, 'GET', url(e, '/items'), { as: { token: 'not-a-token' } });
    expect(badToken.statusCode).toBe(401);
    expect(badToken.headers['x-refused-by']).toBe('policy');
    const account = await call(h, 'GET', '/api/me');
    expect(account.statusCode).toBe(401);
    expect(account.headers['x-refused-by']).toBe('policy');

    const out = await call(h, 'POST', '/api/auth/logout', { as: e.ben });
    expect(out.statusCode, out.body).toBeLessThan(300);
    const ended = await call(h, 'GET', url(e, '/items'), { as: e.ben });
    expect(ended.statusCode).toBe(401);
    expect(ended.json().error.code).toBe('token_expired');
    expect(ended.headers['x-refused-by']).toBe('policy');
  });
});
