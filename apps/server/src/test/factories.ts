/** Test data through the real API, with overrides. Each returns what later calls need. */
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { givesInput } from '@estate/domain/consent';
import { users } from '../db/schema.js';
import { call, type Caller, type Harness } from './harness.js';

let counter = 0;
export const PASSWORD = 'Quiet-Harbour-1947';

export type TestUser = Caller & { id: string; email: string };

export async function createAdmin(h: Harness, overrides: { email?: string } = {}): Promise<TestUser> {
  const email = overrides.email ?? 'admin@example.com';
  const res = await call(h, 'POST', '/api/setup', { body: { firstName: 'Ada', lastName: 'Admin', email, password: PASSWORD } });
  expect(res.statusCode, res.body).toBe(201);
  return signIn(h, email);
}

/** Registers and confirms a user directly (the confirmation flow has its own tests). */
export async function createUser(h: Harness, overrides: { email?: string; firstName?: string } = {}): Promise<TestUser> {
  counter += 1;
  const email = overrides.email ?? `person${counter}@example.com`;
  const res = await call(h, 'POST', '/api/auth/register', {
    body: { firstName: overrides.firstName ?? `Person${counter}`, lastName: 'Tester', email, password: PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(201);
  await h.database.db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.email, email));
  return signIn(h, email);
}

export async function signIn(h: Harness, email: string, password = PASSWORD): Promise<TestUser> {
  const res = await call(h, 'POST', '/api/auth/login', { body: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ accessToken: string; user: { id: string } }>();
  const setCookie = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('refresh_token='));
  return { id: body.user.id, email, token: body.accessToken, cookie: setCookie?.split(';')[0] };
}

export async function createEstate(h: Harness, as: Caller, name = 'Estate of Grandma Rose'): Promise<string> {
  const res = await call(h, 'POST', '/api/estates', { body: { name }, as });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ estate: { id: string } }>().estate.id;
}

/**
 * Invites a fresh user with the given roles and has them accept. Members who give input
 * (beneficiaries, offspring) also accept the estate's Terms of Use and Agreement, as they must
 * before their first heart (`acceptAgreements`), unless `agreements: false`.
 */
export async function addMember(
  h: Harness,
  estateId: string,
  trustee: Caller,
  roles: number[],
  extra: { receivesThrough?: string; agreements?: boolean } = {},
): Promise<TestUser> {
  const { agreements = true, ...body } = extra;
  const user = await createUser(h);
  const invite = await call(h, 'POST', `/api/estates/${estateId}/invitations`, { body: { email: user.email, roles, ...body }, as: trustee });
  expect(invite.statusCode, invite.body).toBe(201);
  const token = invite.json<{ invitation: { link: string } }>().invitation.link.split('/invite/')[1]!;
  const accept = await call(h, 'POST', `/api/invitations/${token}/accept`, { as: user });
  expect(accept.statusCode, accept.body).toBe(200);
  if (agreements && givesInput(roles)) await acceptAgreements(h, estateId, user);
  return user;
}

/** The member reads and accepts the current Terms of Use and Agreement, through the API. */
export async function acceptAgreements(h: Harness, estateId: string, as: Caller): Promise<void> {
  const list = await call(h, 'GET', `/api/estates/${estateId}/agreements`, { as });
  expect(list.statusCode, list.body).toBe(200);
  for (const doc of list.json<{ agreements: { kind: string; version: number; acceptedAt?: string }[] }>().agreements) {
    if (doc.acceptedAt) continue;
    const res = await call(h, 'POST', `/api/estates/${estateId}/agreements/${doc.kind}/accept`, { as, body: { version: doc.version } });
    expect(res.statusCode, res.body).toBe(201);
  }
}

export function linkToken(link: string): string {
  return link.split('/').pop()!.split('token=').pop()!;
}

/** Puts the estate in a stage directly (the stage machine has its own tests). */
export async function setStage(h: Harness, estateId: string, stage: number): Promise<void> {
  const { estates } = await import('../db/schema.js');
  await h.database.db.update(estates).set({ stage }).where(eq(estates.id, estateId));
}

export async function createItem(h: Harness, estateId: string, as: Caller, body: Record<string, unknown> = {}) {
  const res = await call(h, 'POST', `/api/estates/${estateId}/items`, { as, body: { name: 'Oak Chair', categories: ['Furniture'], ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ item: { id: string; number: number; version: number; label: string } }>().item;
}
