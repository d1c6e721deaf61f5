/** The member directory, a member's page and the profile (issue 12): one valid request per route. */
import { randomUUID } from 'node:crypto';
import { Role } from '@estate/domain/roles';
import { call } from '../harness.js';
import { addMember } from '../factories.js';
import { inCatalogueStage, multipart, tinyPng, type CallerName, type Fixture, type World } from '../route-world.js';

/** An id no row has (a signed-out caller is refused before it matters). */
const NONE = '00000000-0000-7000-8000-000000000000';

/** A group of the caller's own (a group is private: only its owner reaches it). */
async function ownGroupId(w: World, who: CallerName): Promise<string> {
  const caller = w.callers[who];
  if (!caller.token) return NONE;
  const res = await call(w.h, 'POST', `/api/estates/${w.estateId}/member-groups`, { as: caller, body: { name: 'Cousins' } });
  return res.statusCode === 201 ? res.json<{ group: { id: string } }>().group.id : NONE;
}

/** A fresh buyer (no part in receiving, so no stage holds a change to them back). */
const freshMember = (w: World) => inCatalogueStage(w, async () => (await addMember(w.h, w.estateId, w.trustee, [Role.Buyer])).id);

const freshDisabledMember = (w: World) =>
  inCatalogueStage(w, async () => {
    const id = (await addMember(w.h, w.estateId, w.trustee, [Role.Buyer])).id;
    const res = await call(w.h, 'POST', `/api/estates/${w.estateId}/members/${id}/disable`, { as: w.trustee });
    if (res.statusCode !== 204) throw new Error(`disable: ${res.statusCode} ${res.body}`);
    return id;
  });

const freshInvitationId = (w: World) =>
  inCatalogueStage(w, async () => {
    const res = await call(w.h, 'POST', `/api/estates/${w.estateId}/invitations`, {
      as: w.trustee,
      body: { email: `invitee-${randomUUID()}@example.com`, roles: [Role.Beneficiary] },
    });
    return res.json<{ invitation: { id: string } }>().invitation.id;
  });

/** The trustee's picture's signed address (path and query). */
async function avatarAddress(w: World): Promise<{ uid: string; query: string }> {
  const body = multipart('me.png', 'image/png', await tinyPng());
  const res = await w.h.app.inject({
    method: 'PUT',
    url: '/api/me/avatar',
    headers: { ...body.headers, authorization: `Bearer ${w.trustee.token}` },
    payload: body.payload,
  });
  const url = res.json<{ profile: { avatarUrl: string } }>().profile.avatarUrl;
  return { uid: w.trustee.id, query: url.split('?')[1] ?? '' };
}

export const fixtures: Record<string, Fixture> = {
  'GET /api/estates/:eid/directory': { request: () => ({}) },
  'PUT /api/estates/:eid/members/:uid/star': { request: (w) => ({ params: { uid: w.beneficiary.id } }) },
  'DELETE /api/estates/:eid/members/:uid/star': { request: (w) => ({ params: { uid: w.beneficiary.id } }) },
  'POST /api/estates/:eid/member-groups': { request: (w) => ({ body: { name: 'Mum’s side', memberIds: [w.beneficiary.id] } }) },
  'PATCH /api/estates/:eid/member-groups/:gid': { request: async (w, who) => ({ params: { gid: await ownGroupId(w, who) }, body: { name: 'Helpers', memberIds: [w.trustee.id] } }) },
  'DELETE /api/estates/:eid/member-groups/:gid': { request: async (w, who) => ({ params: { gid: await ownGroupId(w, who) } }) },

  'GET /api/estates/:eid/members/:uid': { request: (w) => ({ params: { uid: w.beneficiary.id } }) },
  'PUT /api/estates/:eid/members/:uid/roles': { request: async (w) => ({ params: { uid: await freshMember(w) }, body: { roles: [Role.Buyer, Role.Seller] } }) },
  'POST /api/estates/:eid/members/:uid/disable': { request: async (w) => ({ params: { uid: await freshMember(w) } }) },
  'POST /api/estates/:eid/members/:uid/enable': { request: async (w) => ({ params: { uid: await freshDisabledMember(w) } }) },
  'POST /api/estates/:eid/invitations/:iid/resend': { request: async (w) => ({ params: { iid: await freshInvitationId(w) } }) },

  'GET /api/me/profile': { request: () => ({}) },
  'PATCH /api/me/profile': { request: () => ({ body: { phone: '+90 212 555 01 01' } }) },
  'PUT /api/me/avatar': { request: async () => ({ file: { name: 'me.png', type: 'image/png', bytes: await tinyPng() } }) },
  'DELETE /api/me/avatar': { request: () => ({}) },
  'GET /api/me/timeline': { request: () => ({ query: 'limit=10' }) },
  'GET /api/me/photos': { request: () => ({}) },
  'GET /api/avatars/:uid': {
    request: async (w) => {
      const { uid, query } = await avatarAddress(w);
      return { params: { uid }, query };
    },
  },
};
