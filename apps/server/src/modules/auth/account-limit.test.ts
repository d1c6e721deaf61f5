/**
 * Attempts against one account (issue 31: no lock-out as a weapon). Tried too often from one
 * network, an address is refused there only; from everywhere, sign-ins only slow down; the owner on
 * another network still signs in, and the sign-in link keeps working. The per-address limit is in
 * platform/rate-limit.test.ts.
 */
import { expect, it } from 'vitest';
import { and, desc, eq, like } from 'drizzle-orm';
import { outbox } from '../../db/schema.js';
import { useHarness } from '../../test/harness.js';
import { PASSWORD, createUser } from '../../test/factories.js';
import { SLOW_DOWN_MS } from './routes.js';

const h = useHarness({ AUTH_RATE_LIMIT_PER_ACCOUNT: '3', AUTH_RATE_LIMIT_PER_NETWORK: '4' });

function from(remoteAddress: string, url: string, payload: Record<string, unknown>) {
  return h.app.inject({ method: 'POST', url, remoteAddress, payload });
}

let host = 0;
/** An address in the stranger's network (one /24), a new one each time, as a rotating attacker's. */
const strangersAddress = () => `10.1.0.${(host += 1) % 250}`;

async function linkTokenMailedTo(email: string): Promise<string> {
  const [mail] = await h.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, email), like(outbox.text, '%/pages/auth/link?token=%')))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  return /\/pages\/auth\/link\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
}

it('refuses a stranger’s network after too many wrong passwords, while the owner elsewhere signs in with the password or a link', async () => {
  await createUser(h, { email: 'victim@example.com' });
  const statuses = [];
  for (let i = 0; i < 12; i++) statuses.push((await from(strangersAddress(), '/api/auth/login', { email: 'victim@example.com', password: `Guess-Number-${i}` })).statusCode);
  expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
  expect(new Set(statuses.slice(3))).toEqual(new Set([429]));
  // Refused there even with the right password, with a plain message that offers the link.
  const refused = await from(strangersAddress(), '/api/auth/login', { email: ' Victim@Example.com ', password: PASSWORD });
  expect(refused.statusCode).toBe(429);
  expect(refused.json().error).toMatchObject({ code: 'rate_limited', reason: 'rate.signInWaitMinutes' });
  expect(refused.json().error.message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again, or sign in with a link sent to your email\.$/);

  // The owner, at home: the password works (a moment slower), and so does a sign-in link.
  expect((await from('192.0.2.10', '/api/auth/login', { email: 'victim@example.com', password: PASSWORD })).statusCode).toBe(200);
  for (let i = 0; i < 5; i++) await from(strangersAddress(), '/api/auth/sign-in-link', { email: 'victim@example.com' });
  expect((await from('192.0.2.10', '/api/auth/sign-in-link', { email: 'victim@example.com' })).statusCode).toBe(202);
  const token = await linkTokenMailedTo('victim@example.com');
  expect((await from('192.0.2.10', '/api/auth/sign-in-link/consume', { token })).statusCode).toBe(200);
});

it('only slows down sign-ins to one address tried from many networks, never refusing the owner', async () => {
  await createUser(h, { email: 'spread@example.com' });
  const statuses = [];
  for (let i = 1; i <= 5; i++) statuses.push((await from(`198.51.${i}.7`, '/api/auth/login', { email: 'spread@example.com', password: `Guess-Number-${i}` })).statusCode);
  expect(statuses).toEqual([401, 401, 401, 401, 401]);
  const started = Date.now();
  const owner = await from('203.0.113.5', '/api/auth/login', { email: 'spread@example.com', password: PASSWORD });
  expect(owner.statusCode).toBe(200);
  expect(Date.now() - started).toBeGreaterThanOrEqual(SLOW_DOWN_MS - 50);
});

it('slows down, never refuses, a network that gave many wrong passwords for any addresses', async () => {
  await createUser(h, { email: 'neighbour@example.com' });
  for (let i = 1; i <= 5; i++) {
    expect((await from(`203.0.114.${i}`, '/api/auth/login', { email: `sprayed-${i}@example.com`, password: `Guess-Number-${i}` })).statusCode).toBe(401);
  }
  const started = Date.now();
  expect((await from('203.0.114.77', '/api/auth/login', { email: 'neighbour@example.com', password: PASSWORD })).statusCode).toBe(200);
  expect(Date.now() - started).toBeGreaterThanOrEqual(SLOW_DOWN_MS - 50);
  // Another network is not slowed.
  const elsewhere = Date.now();
  expect((await from('192.0.2.44', '/api/auth/login', { email: 'neighbour@example.com', password: PASSWORD })).statusCode).toBe(200);
  expect(Date.now() - elsewhere).toBeLessThan(SLOW_DOWN_MS);
});

it('limits mails asked for one address from one network: reset links, confirmations and registrations together', async () => {
  const statuses = [];
  statuses.push((await from(strangersAddress(), '/api/auth/forgot-password', { email: 'flooded@example.com' })).statusCode);
  statuses.push((await from(strangersAddress(), '/api/auth/resend-confirmation', { email: 'flooded@example.com' })).statusCode);
  statuses.push((await from(strangersAddress(), '/api/auth/register', { firstName: 'F', lastName: 'L', email: 'flooded@example.com', password: PASSWORD })).statusCode);
  statuses.push((await from(strangersAddress(), '/api/auth/forgot-password', { email: 'flooded@example.com' })).statusCode);
  expect(statuses).toEqual([202, 202, 201, 429]);
  expect((await from(strangersAddress(), '/api/auth/forgot-password', { email: 'other@example.com' })).statusCode).toBe(202);
  // From another network the owner still gets one; from everywhere, five times the limit at most.
  expect((await from('192.0.2.10', '/api/auth/forgot-password', { email: 'flooded@example.com' })).statusCode).toBe(202);
  const spread = [];
  for (let i = 1; i <= 12; i++) spread.push((await from(`198.51.${i}.9`, '/api/auth/forgot-password', { email: 'flooded@example.com' })).statusCode);
  expect(spread.filter((s) => s === 202)).toHaveLength(15 - 4);
  expect(spread.at(-1)).toBe(429);
});

it('limits current-password checks for one signed-in account', async () => {
  const user = await createUser(h);
  const change = () =>
    h.app.inject({ method: 'POST', url: '/api/auth/change-password', headers: { authorization: `Bearer ${user.token}` }, payload: { currentPassword: 'Not-The-Password-1', newPassword: 'Fresh-Meadow-Walk-9' } });
  expect([(await change()).statusCode, (await change()).statusCode, (await change()).statusCode, (await change()).statusCode]).toEqual([400, 400, 400, 429]);
});

it('counts sign-in links with the other mails asked for one address from one network', async () => {
  await createUser(h, { email: 'link-flood@example.com' });
  const statuses = [];
  for (let i = 0; i < 3; i++) statuses.push((await from(strangersAddress(), '/api/auth/sign-in-link', { email: 'link-flood@example.com' })).statusCode);
  statuses.push((await from(strangersAddress(), '/api/auth/forgot-password', { email: 'link-flood@example.com' })).statusCode);
  statuses.push((await from(strangersAddress(), '/api/auth/sign-in-link', { email: 'link-flood@example.com' })).statusCode);
  expect(statuses).toEqual([202, 202, 202, 429, 429]);
});
