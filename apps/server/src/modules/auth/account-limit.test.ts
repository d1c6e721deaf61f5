/** Attempts against one account are limited from any network address (the per-address limit is in platform/rate-limit.test.ts). */
import { expect, it } from 'vitest';
import { useHarness } from '../../test/harness.js';
import { PASSWORD, createUser } from '../../test/factories.js';

const h = useHarness({ AUTH_RATE_LIMIT_PER_ACCOUNT: '3' });

let address = 0;
/** Each attempt from a different network address, as a spread-out attacker would. */
function attempt(url: string, payload: Record<string, unknown>) {
  address += 1;
  return h.app.inject({ method: 'POST', url, remoteAddress: `10.1.${Math.floor(address / 250)}.${address % 250}`, payload });
}

it('limits sign-in attempts for one address from anywhere, with the plain message, and leaves other accounts alone', async () => {
  await createUser(h, { email: 'victim@example.com' });
  await createUser(h, { email: 'bystander@example.com' });
  for (let i = 0; i < 2; i++) {
    expect((await attempt('/api/auth/login', { email: 'victim@example.com', password: `Guess-Number-${i}` })).statusCode).toBe(401);
  }
  // The earlier sign-in by createUser counted too: the next one is refused, even with the right password.
  const limited = await attempt('/api/auth/login', { email: ' Victim@Example.com ', password: PASSWORD });
  expect(limited.statusCode).toBe(429);
  expect(limited.json().error).toMatchObject({ code: 'rate_limited' });
  expect(limited.json().error.message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);

  expect((await attempt('/api/auth/login', { email: 'bystander@example.com', password: PASSWORD })).statusCode).toBe(200);
});

it('limits mails asked for one address: reset links, confirmations and registrations together', async () => {
  const statuses = [];
  statuses.push((await attempt('/api/auth/forgot-password', { email: 'flooded@example.com' })).statusCode);
  statuses.push((await attempt('/api/auth/resend-confirmation', { email: 'flooded@example.com' })).statusCode);
  statuses.push((await attempt('/api/auth/register', { firstName: 'F', lastName: 'L', email: 'flooded@example.com', password: PASSWORD })).statusCode);
  statuses.push((await attempt('/api/auth/forgot-password', { email: 'flooded@example.com' })).statusCode);
  expect(statuses).toEqual([202, 202, 201, 429]);
  expect((await attempt('/api/auth/forgot-password', { email: 'other@example.com' })).statusCode).toBe(202);
});

it('limits current-password checks for one signed-in account', async () => {
  const user = await createUser(h);
  const change = () =>
    h.app.inject({ method: 'POST', url: '/api/auth/change-password', headers: { authorization: `Bearer ${user.token}` }, payload: { currentPassword: 'Not-The-Password-1', newPassword: 'Fresh-Meadow-Walk-9' } });
  expect([(await change()).statusCode, (await change()).statusCode, (await change()).statusCode, (await change()).statusCode]).toEqual([400, 400, 400, 429]);
});

it('counts sign-in links with the other mails asked for one address', async () => {
  await createUser(h, { email: 'link-flood@example.com' });
  const statuses = [];
  for (let i = 0; i < 2; i++) statuses.push((await attempt('/api/auth/sign-in-link', { email: 'link-flood@example.com' })).statusCode);
  statuses.push((await attempt('/api/auth/forgot-password', { email: 'link-flood@example.com' })).statusCode);
  statuses.push((await attempt('/api/auth/sign-in-link', { email: 'link-flood@example.com' })).statusCode);
  // createUser's registration was the first mail of three.
  expect(statuses).toEqual([202, 202, 429, 429]);
});
