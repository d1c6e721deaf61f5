/**
 * A real estate with a member of every role and one of everything a route can address, and for
 * each API route a valid request: what the generated authorization matrix and the fuzz send. A
 * route without an entry here fails both, so a new route cannot slip past them.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { Role } from '@estate/domain/roles';
import { Stage } from '@estate/domain/stages';
import { estates, items, memberships } from '../db/schema.js';
import type { GovernedRoute } from '../platform/route-access.js';
import { call, type Caller, type Harness } from './harness.js';
import { addMember, createAdmin, createEstate, createItem, createUser, PASSWORD, type TestUser } from './factories.js';

/** Who calls: the 11 roles (Admin through the installation flag), a member of another estate, an account with no estate, and nobody. */
export const CALLERS = [
  'signed-out',
  'no-estate',
  'outsider',
  'user',
  'observer',
  'offspring',
  'creator',
  'beneficiary',
  'appraiser',
  'buyer',
  'seller',
  'trustee',
  'owner',
  'admin',
] as const;
export type CallerName = (typeof CALLERS)[number];

/**
 * Each member caller's roles in the estate. `admin` is the installation's administrator without a
 * membership: the flag gives only 99, the read-only support visit (`estateRoles`).
 */
export const CALLER_ROLES: Partial<Record<CallerName, number[]>> = {
  user: [Role.User],
  observer: [Role.Observer],
  offspring: [Role.Offspring],
  creator: [Role.Creator],
  beneficiary: [Role.Beneficiary],
  appraiser: [Role.Appraiser],
  buyer: [Role.Buyer],
  seller: [Role.Seller],
  trustee: [Role.Trustee],
  owner: [Role.Owner],
  admin: [Role.Admin],
};

export type World = {
  h: Harness;
  estateId: string;
  callers: Record<CallerName, Caller & { id?: string; email?: string }>;
  trustee: TestUser;
  beneficiary: TestUser;
  itemId: string;
  locationId: string;
  roomId: string;
  photoId: string;
  photoQuery: string;
  /** A second account the admin routes act on (never one of the callers). */
  spareUserId: string;
};

export async function tinyPng(): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: '#8a6d3b' } })
    .png()
    .toBuffer();
}

/** A multipart body with one file part named `file`. */
export function multipart(fileName: string, contentType: string, bytes: Buffer) {
  const boundary = `----estate${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function uploadPhoto(h: Harness, estateId: string, itemId: string, as: Caller) {
  const body = multipart('chair.png', 'image/png', await tinyPng());
  const res = await h.app.inject({
    method: 'POST',
    url: `/api/estates/${estateId}/items/${itemId}/photos`,
    headers: { ...body.headers, authorization: `Bearer ${as.token}` },
    payload: body.payload,
  });
  if (res.statusCode !== 201) throw new Error(`photo upload: ${res.statusCode} ${res.body}`);
  return res.json<{ photo: { id: string; thumbUrl: string } }>().photo;
}

export async function buildWorld(h: Harness): Promise<World> {
  const admin = await createAdmin(h);
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  const outsider = await createUser(h);
  await createEstate(h, outsider, 'Another family');
  const noEstate = await createUser(h);
  const beneficiary = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const member = (roles: number[], extra = {}) => addMember(h, estateId, trustee, roles, extra);
  // Role 0 (User) is not handed out by invitations; a plain membership row gives it here.
  const user = await createUser(h);
  await h.database.db.insert(memberships).values({ estateId, userId: user.id, roles: [Role.User] });
  const callers: World['callers'] = {
    'signed-out': {},
    'no-estate': noEstate,
    outsider,
    user,
    observer: await member([Role.Observer]),
    offspring: await member([Role.Offspring], { receivesThrough: beneficiary.id }),
    creator: await member([Role.Creator]),
    beneficiary,
    appraiser: await member([Role.Appraiser]),
    buyer: await member([Role.Buyer]),
    seller: await member([Role.Seller]),
    trustee,
    owner: await member([Role.Owner]),
    admin,
  };
  const location = (await call(h, 'POST', `/api/estates/${estateId}/locations`, { as: trustee, body: { name: 'House' } })).json().location;
  const room = (await call(h, 'POST', `/api/estates/${estateId}/locations/${location.id}/rooms`, { as: trustee, body: { name: 'Den' } })).json().room;
  const item = await createItem(h, estateId, trustee, { name: 'Brass Lamp', locationId: location.id, roomId: room.id });
  const photo = await uploadPhoto(h, estateId, item.id, trustee);
  const spare = await createUser(h);
  return {
    h,
    estateId,
    callers,
    trustee,
    beneficiary,
    itemId: item.id,
    locationId: location.id,
    roomId: room.id,
    photoId: photo.id,
    photoQuery: photo.thumbUrl.split('?')[1] ?? '',
    spareUserId: spare.id,
  };
}

/** Runs `make` with the estate briefly in stage 0, where a trustee may add anything. */
export async function inCatalogueStage<T>(w: World, make: () => Promise<T>): Promise<T> {
  const db = w.h.database.db;
  const [row] = await db.select({ stage: estates.stage }).from(estates).where(eq(estates.id, w.estateId));
  await db.update(estates).set({ stage: Stage.Initial }).where(eq(estates.id, w.estateId));
  try {
    return await make();
  } finally {
    await db.update(estates).set({ stage: row!.stage }).where(eq(estates.id, w.estateId));
  }
}

async function itemVersion(w: World, itemId: string): Promise<string> {
  const [row] = await w.h.database.db.select({ version: items.version }).from(items).where(eq(items.id, itemId));
  return String(row?.version ?? 1);
}

/** One valid request for a route, made fresh for each call where the call would use something up. */
export type Request = {
  params?: Record<string, string | number>;
  query?: string;
  body?: unknown;
  headers?: Record<string, string>;
  file?: { name: string; type: string; bytes: Buffer };
};

export type Fixture = {
  request: (w: World, caller: CallerName) => Request | Promise<Request>;
  /** The values a policy predicate reads from the path (for the matrix's expected answers). */
  facts?: { step?: number; stage?: number };
  /** Ends the caller's session (run after every other route). */
  endsSession?: boolean;
  /** A server-sent event stream: only refusals are checked. */
  stream?: boolean;
};

export const freshItem = (w: World) => inCatalogueStage(w, async () => (await createItem(w.h, w.estateId, w.trustee, { name: 'Spare Chair' })).id);
export const freshLocation = (w: World) =>
  inCatalogueStage(w, async () => (await call(w.h, 'POST', `/api/estates/${w.estateId}/locations`, { as: w.trustee, body: { name: 'Barn' } })).json().location.id as string);
export const freshRoom = (w: World) =>
  inCatalogueStage(w, async () => (await call(w.h, 'POST', `/api/estates/${w.estateId}/locations/${w.locationId}/rooms`, { as: w.trustee, body: { name: 'Loft' } })).json().room.id as string);
export const freshInvitation = async (w: World) => {
  const res = await call(w.h, 'POST', `/api/estates/${w.estateId}/invitations`, {
    as: w.trustee,
    body: { email: `invitee-${randomUUID()}@example.com`, roles: [Role.Beneficiary] },
  });
  return res.json<{ invitation: { link: string } }>().invitation.link.split('/').pop()!;
};
export const ifMatch = async (w: World, itemId: string) => ({ 'if-match': await itemVersion(w, itemId) });
export const csv = (name: string) => ({ name: 'items.csv', type: 'text/csv', bytes: Buffer.from(`name\n${name}\n`) });

/**
 * Each area's routes, one file per area in `route-fixtures/` (a new feature adds its own file, so
 * features do not edit one shared list).
 */
const AREA_FIXTURES = import.meta.glob<Record<string, Fixture>>('./route-fixtures/*.ts', { eager: true, import: 'fixtures' });

/** Keyed by "METHOD /path/:pattern", as the routes are registered. */
const CORE_FIXTURES: Record<string, Fixture> = {
  'GET /api/health': { request: () => ({}) },
  'GET /api/setup': { request: () => ({}) },
  'POST /api/setup': { request: () => ({ body: { firstName: 'Ada', lastName: 'Again', email: `setup-${randomUUID()}@example.com`, password: PASSWORD } }) },
  'POST /api/auth/register': { request: () => ({ body: { firstName: 'New', lastName: 'Person', email: `new-${randomUUID()}@example.com`, password: PASSWORD } }) },
  'POST /api/auth/confirm-email': { request: () => ({ body: { token: 'a'.repeat(43) } }) },
  'POST /api/auth/resend-confirmation': { request: () => ({ body: { email: 'nobody@example.com' } }) },
  'POST /api/auth/login': { request: () => ({ body: { email: 'nobody@example.com', password: PASSWORD } }) },
  'POST /api/auth/refresh': { request: () => ({}) },
  'POST /api/auth/forgot-password': { request: () => ({ body: { email: 'nobody@example.com' } }) },
  'POST /api/auth/reset-password': { request: () => ({ body: { token: 'a'.repeat(43), password: 'Another-Harbour-1950' } }) },
  'POST /api/auth/sign-in-link': { request: () => ({ body: { email: 'nobody@example.com' } }) },
  'POST /api/auth/sign-in-link/consume': { request: () => ({ body: { token: 'a'.repeat(43) } }) },
  'POST /api/auth/logout': { request: () => ({}), endsSession: true },
  'POST /api/auth/change-password': {
    request: () => ({ body: { currentPassword: PASSWORD, newPassword: PASSWORD } }),
    endsSession: true,
  },
  'GET /api/me': { request: () => ({}) },
  'PATCH /api/me': { request: () => ({ body: { settings: { language: 'en' } } }) },
  'GET /api/todos': { request: () => ({}) },
  'GET /api/events': { request: () => ({}), stream: true },
  'GET /api/admin/users': { request: () => ({}) },
  'PATCH /api/admin/users/:id': { request: (w) => ({ params: { id: w.spareUserId }, body: { accountStatus: 'active' } }) },
  'GET /api/admin/outbox': { request: () => ({}) },
  'POST /api/draws/verify': { request: () => ({ body: { format: 'estate-draw/1' } }) },
  'GET /api/invitations/:token': { request: async (w) => ({ params: { token: await freshInvitation(w) } }) },
  // An invitation for someone else: accepting it is refused by the service, past the policy.
  'POST /api/invitations/:token/accept': { request: async (w) => ({ params: { token: await freshInvitation(w) } }) },

  'POST /api/estates': { request: () => ({ body: { name: 'Estate of Someone Else' } }) },
  'GET /api/estates': { request: () => ({}) },
  'GET /api/estates/:eid': { request: () => ({}) },
  'PATCH /api/estates/:eid': { request: () => ({ body: { name: 'Estate of Grandma Rose' } }) },
  'GET /api/estates/:eid/stage': { request: () => ({}) },
  'GET /api/estates/:eid/stage/moves': { request: () => ({}) },
  'GET /api/estates/:eid/stage/jobs': { request: () => ({}) },
  'POST /api/estates/:eid/stage': { request: () => ({ body: { to: 99 } }) },
  'GET /api/estates/:eid/commitments': { request: () => ({}) },
  'GET /api/estates/:eid/deadlines': { request: () => ({}) },
  'PUT /api/estates/:eid/deadlines/:stage': { request: () => ({ params: { stage: 2 }, body: { dueAt: '2030-01-01T00:00:00Z' } }), facts: { stage: 2 } },
  'DELETE /api/estates/:eid/deadlines/:stage': { request: () => ({ params: { stage: 2 } }), facts: { stage: 2 } },
  'GET /api/estates/:eid/members': { request: () => ({}) },
  'GET /api/estates/:eid/invitations': { request: () => ({}) },
  'POST /api/estates/:eid/invitations': { request: () => ({ body: { email: `invitee-${randomUUID()}@example.com`, roles: [Role.Beneficiary] } }) },
  'GET /api/estates/:eid/activity': { request: () => ({}) },

  'GET /api/estates/:eid/locations': { request: () => ({}) },
  'POST /api/estates/:eid/locations': { request: () => ({ body: { name: 'Garage' } }) },
  'PATCH /api/estates/:eid/locations/:lid': { request: (w) => ({ params: { lid: w.locationId }, body: { name: 'House' } }) },
  'DELETE /api/estates/:eid/locations/:lid': { request: async (w) => ({ params: { lid: await freshLocation(w) } }) },
  'GET /api/estates/:eid/rooms': { request: () => ({}) },
  'GET /api/estates/:eid/locations/:lid/rooms': { request: (w) => ({ params: { lid: w.locationId } }) },
  'POST /api/estates/:eid/locations/:lid/rooms': { request: (w) => ({ params: { lid: w.locationId }, body: { name: 'Study' } }) },
  'PUT /api/estates/:eid/locations/:lid/rooms/order': { request: async (w) => ({ params: { lid: await freshLocation(w) }, body: { roomIds: [] } }) },
  'PATCH /api/estates/:eid/rooms/:rid': { request: (w) => ({ params: { rid: w.roomId }, body: { name: 'Den' } }) },
  'DELETE /api/estates/:eid/rooms/:rid': { request: async (w) => ({ params: { rid: await freshRoom(w) } }) },

  'GET /api/estates/:eid/items': { request: () => ({}) },
  'POST /api/estates/:eid/items': { request: () => ({ body: { name: 'Oak Chair' } }) },
  'GET /api/estates/:eid/items/:iid': { request: (w) => ({ params: { iid: w.itemId } }) },
  'PATCH /api/estates/:eid/items/:iid': { request: async (w) => ({ params: { iid: w.itemId }, body: { notes: 'Checked.' }, headers: await ifMatch(w, w.itemId) }) },
  'DELETE /api/estates/:eid/items/:iid': { request: async (w) => ({ params: { iid: await freshItem(w) } }) },
  'PUT /api/estates/:eid/items/:iid/hold': { request: async (w) => { const iid = await freshItem(w); return { params: { iid }, headers: await ifMatch(w, iid) }; } },
  'DELETE /api/estates/:eid/items/:iid/hold': { request: async (w) => { const iid = await freshItem(w); return { params: { iid }, headers: await ifMatch(w, iid) }; } },
  'PUT /api/estates/:eid/items/:iid/value': { request: async (w) => ({ params: { iid: w.itemId }, body: { value: 120 }, headers: await ifMatch(w, w.itemId) }) },
  'GET /api/estates/:eid/labels': { request: () => ({}) },
  'GET /api/estates/:eid/items/export': { request: () => ({ query: 'format=csv' }) },
  'GET /api/estates/:eid/items/labels.pdf': { request: () => ({}) },
  'POST /api/estates/:eid/items/import/preview': { request: () => ({ file: csv('Walnut Desk') }) },
  'POST /api/estates/:eid/items/import': { request: () => ({ file: csv('Walnut Desk') }) },
  'POST /api/estates/:eid/items/:iid/photos': { request: async () => ({ params: { iid: '' }, file: { name: 'chair.png', type: 'image/png', bytes: await tinyPng() } }) },
  'DELETE /api/estates/:eid/items/:iid/photos/:pid': {
    request: async (w) => {
      const iid = await freshItem(w);
      const photo = await inCatalogueStage(w, () => uploadPhoto(w.h, w.estateId, iid, w.trustee));
      return { params: { iid, pid: photo.id } };
    },
  },
  'PUT /api/estates/:eid/items/:iid/photos/order': { request: (w) => ({ params: { iid: w.itemId }, body: { photoIds: [w.photoId] } }) },
  'GET /api/estates/:eid/photos/:pid/:variant': { request: (w) => ({ params: { pid: w.photoId, variant: 'thumb' }, query: w.photoQuery }) },

  'PUT /api/estates/:eid/items/:iid/approval': { request: (w) => ({ params: { iid: w.itemId }, body: { status: 'approved' } }) },
  'POST /api/estates/:eid/approvals/approve-all': { request: () => ({}) },
  'GET /api/estates/:eid/approvals/mine': { request: () => ({}) },
  'GET /api/estates/:eid/approvals/progress': { request: () => ({}) },
  'GET /api/estates/:eid/approvals/flags': { request: () => ({}) },
  'POST /api/estates/:eid/items/:iid/approvals/:mid/resolve': {
    request: (w) => ({ params: { iid: w.itemId, mid: w.beneficiary.id }, body: { resolution: 'rejected' } }),
  },

  'PUT /api/estates/:eid/items/:iid/interest': { request: (w) => ({ params: { iid: w.itemId } }) },
  'DELETE /api/estates/:eid/items/:iid/interest': { request: (w) => ({ params: { iid: w.itemId } }) },
  'GET /api/estates/:eid/items/:iid/interest': { request: (w) => ({ params: { iid: w.itemId } }) },
  'GET /api/estates/:eid/advice': { request: () => ({}) },
  'PUT /api/estates/:eid/items/:iid/high-interest': { request: (w) => ({ params: { iid: w.itemId } }) },
  'DELETE /api/estates/:eid/items/:iid/high-interest': { request: (w) => ({ params: { iid: w.itemId } }) },
  'GET /api/estates/:eid/high-interest/recommendations': { request: () => ({}) },
  'GET /api/estates/:eid/rankings': { request: () => ({}) },
  'PUT /api/estates/:eid/rankings': { request: () => ({ body: { itemIds: [] } }) },
  'GET /api/estates/:eid/tokens': { request: () => ({}) },
  'PUT /api/estates/:eid/tokens': { request: () => ({ body: { allocations: [] } }) },
  'GET /api/estates/:eid/my-items': { request: () => ({}) },
  'POST /api/estates/:eid/participation/:stage/done': { request: () => ({ params: { stage: 11 } }), facts: { stage: 11 } },
  'GET /api/estates/:eid/participation/:stage': { request: () => ({ params: { stage: 11 } }), facts: { stage: 11 } },

  'POST /api/estates/:eid/directives': { request: (w) => ({ body: { itemId: w.itemId, memberId: w.beneficiary.id, clause: 'Article 4: the lamp goes to my daughter.' } }) },
  'POST /api/estates/:eid/returns': { request: (w) => ({ body: { itemId: w.itemId, note: 'Lent by the neighbour.' } }) },
  'GET /api/estates/:eid/directives': { request: () => ({}) },
  'DELETE /api/estates/:eid/directives/:iid': { request: async (w) => ({ params: { iid: await freshItem(w) } }) },
  'PUT /api/estates/:eid/steps/:step/entropy': { request: () => ({ params: { step: 21 }, body: { publicEntropy: 'drand round 9000000' } }), facts: { step: 21 } },
  'POST /api/estates/:eid/steps/:step/preview': { request: () => ({ params: { step: 14 } }), facts: { step: 14 } },
  'POST /api/estates/:eid/steps/:step/run': { request: () => ({ params: { step: 14 } }), facts: { step: 14 } },
  'POST /api/estates/:eid/steps/:step/undo': { request: () => ({ params: { step: 14 } }), facts: { step: 14 } },
  'GET /api/estates/:eid/draws': { request: () => ({}) },
  'GET /api/estates/:eid/draws/:step': { request: () => ({ params: { step: 14 } }), facts: { step: 14 } },
  'GET /api/estates/:eid/draws/:step/lines': { request: () => ({ params: { step: 14 } }), facts: { step: 14 } },
  'POST /api/estates/:eid/draws/publish': { request: () => ({}) },
  'GET /api/estates/:eid/pool-summary': { request: () => ({}) },
  'GET /api/estates/:eid/fairness': { request: () => ({}) },
  'GET /api/estates/:eid/input-commitments': { request: () => ({}) },
  'GET /api/estates/:eid/input-commitments/:stage/mine': { request: () => ({ params: { stage: 11 } }), facts: { stage: 11 } },
  'POST /api/estates/:eid/input-commitments/:stage/renew': { request: () => ({ params: { stage: 11 } }), facts: { stage: 11 } },
};

export const FIXTURES: Record<string, Fixture> = Object.assign({}, CORE_FIXTURES, ...Object.values(AREA_FIXTURES));

export function routeKey(route: Pick<GovernedRoute, 'method' | 'url'>): string {
  return `${route.method} ${route.url}`;
}

export function fixtureOf(route: GovernedRoute): Fixture | undefined {
  return FIXTURES[routeKey(route)];
}

/** Fills the path: the estate, then the fixture's own values, then the world's defaults by name. */
export function concreteUrl(w: World, route: GovernedRoute, request: Request): string {
  const defaults: Record<string, string> = { eid: w.estateId, iid: w.itemId, lid: w.locationId, rid: w.roomId, pid: w.photoId, mid: w.beneficiary.id };
  const path = route.url.replace(/:([a-zA-Z]+)/g, (_m, name: string) => {
    const value = request.params?.[name];
    return encodeURIComponent(String(value === undefined || value === '' ? defaults[name] : value));
  });
  return request.query ? `${path}?${request.query}` : path;
}

/** Sends one request as a caller (JSON, or multipart when the request carries a file). */
export async function send(w: World, route: GovernedRoute, caller: Caller, request: Request, url = concreteUrl(w, route, request)): Promise<LightMyRequestResponse> {
  const auth: Record<string, string> = caller.token ? { authorization: `Bearer ${caller.token}` } : {};
  if (request.file) {
    const body = multipart(request.file.name, request.file.type, request.file.bytes);
    return w.h.app.inject({ method: route.method as 'POST', url, headers: { ...body.headers, ...auth, ...request.headers }, payload: body.payload });
  }
  return call(w.h, route.method, url, { as: caller, body: request.body, headers: request.headers ?? {} });
}

/** Puts the estate in a stage directly (a test shortcut; the stage machine has its own tests). */
export async function putInStage(w: World, stage: number): Promise<void> {
  await w.h.database.db.update(estates).set({ stage }).where(eq(estates.id, w.estateId));
}

/** Fresh sign-ins for callers whose session a route ended. */
export async function reopenSessions(w: World): Promise<void> {
  for (const name of CALLERS) {
    const c = w.callers[name];
    if (!c.email) continue;
    const res = await call(w.h, 'POST', '/api/auth/login', { body: { email: c.email, password: PASSWORD } });
    if (res.statusCode === 200) c.token = res.json<{ accessToken: string }>().accessToken;
  }
}

