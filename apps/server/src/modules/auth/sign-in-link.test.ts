/**
 * Sign-in links (api.md "Sign-in links"): mailed through a real SMTP server (a local sink) to a
 * confirmed account only, 202 for any address, once, within 15 minutes; the newest link only.
 */
import { afterAll, beforeEach, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { oneTimeTokens, users } from '../../db/schema.js';
import { hashToken } from '../../platform/ids.js';
import { call, useHarness } from '../../test/harness.js';
import { plainText, startSmtpSink } from '../../test/smtp-sink.js';
import { createUser } from '../../test/factories.js';

const sink = await startSmtpSink();
const received = sink.received;

const h = useHarness({ SMTP_URL: sink.url });
afterAll(() => sink.close());
beforeEach(() => {
  received.length = 0;
});

/** Sign-in link mails to `to`, read from the SMTP sink (quoted-printable undone). */
const linkMails = (to: string) => received.filter((m) => m.to === to && plainText(m).includes('/pages/auth/link?token='));

/** The token of the last sign-in link mailed to `to`. */
async function linkFromSink(to: string): Promise<string> {
  await expect.poll(() => linkMails(to).length).toBeGreaterThan(0);
  const match = /\/pages\/auth\/link\?token=([A-Za-z0-9_-]+)/.exec(plainText(linkMails(to).at(-1)!));
  return match![1]!;
}

const ask = (email: string) => call(h, 'POST', '/api/auth/sign-in-link', { body: { email } });
const consume = (token: string) => call(h, 'POST', '/api/auth/sign-in-link/consume', { body: { token } });

it('mails a link through SMTP that signs a confirmed person in once, with the refresh cookie', async () => {
  const user = await createUser(h, { email: 'grandma@example.com', firstName: 'Rose' });
  expect((await ask(' Grandma@Example.com ')).statusCode).toBe(202);
  const token = await linkFromSink('grandma@example.com');
  expect(plainText(linkMails('grandma@example.com').at(-1)!)).toContain('15 minutes');

  const first = await consume(token);
  expect(first.statusCode, first.body).toBe(200);
  expect(first.json()).toMatchObject({ accessToken: expect.any(String), user: { id: user.id, email: 'grandma@example.com' } });
  const cookie = [first.headers['set-cookie']].flat().find((c) => c?.startsWith('refresh_token='));
  expect(cookie).toMatch(/HttpOnly/);
  // The session works.
  const me = await call(h, 'GET', '/api/me', { as: { token: first.json().accessToken } });
  expect(me.statusCode).toBe(200);

  const again = await consume(token);
  expect(again.statusCode).toBe(400);
  expect(again.json().error.code).toBe('validation_failed');
});

it('stores only the hash of the token', async () => {
  await createUser(h, { email: 'hash@example.com' });
  await ask('hash@example.com');
  const token = await linkFromSink('hash@example.com');
  const rows = await h.database.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.purpose, 'sign-in-link'));
  expect(rows).toHaveLength(1);
  expect(rows[0]!.tokenHash).toBe(hashToken(token));
  expect(JSON.stringify(rows)).not.toContain(token);
});

it('refuses a link after 15 minutes', async () => {
  await createUser(h, { email: 'late@example.com' });
  await ask('late@example.com');
  const token = await linkFromSink('late@example.com');
  h.clock.advance(15 * 60_000 + 1000);
  const res = await consume(token);
  expect(res.statusCode).toBe(400);
  expect(res.json().error.message).toMatch(/expired or was already used/);
});

it('keeps only the newest link working', async () => {
  await createUser(h, { email: 'twice@example.com' });
  await ask('twice@example.com');
  const older = await linkFromSink('twice@example.com');
  await ask('twice@example.com');
  await expect.poll(() => linkMails('twice@example.com').length).toBe(2);
  const newer = await linkFromSink('twice@example.com');
  expect(newer).not.toBe(older);
  expect((await consume(older)).statusCode).toBe(400);
  expect((await consume(newer)).statusCode).toBe(200);
});

it('answers 202 for an unknown address, an unconfirmed or a disabled account, and mails none of them', async () => {
  expect((await ask('nobody@example.com')).statusCode).toBe(202);
  await call(h, 'POST', '/api/auth/register', { body: { firstName: 'Una', lastName: 'Confirmed', email: 'unconfirmed@example.com', password: 'Quiet-Harbour-1947' } });
  expect((await ask('unconfirmed@example.com')).statusCode).toBe(202);
  await createUser(h, { email: 'gone@example.com' });
  await h.database.db.update(users).set({ accountStatus: 'disabled' }).where(eq(users.email, 'gone@example.com'));
  expect((await ask('gone@example.com')).statusCode).toBe(202);
  // Nothing to wait for: the answer comes after a link's mail was handed to the mail server (the
  // request awaits the send; the sink keeps a mail before it accepts it), as the test above shows.
  expect(received.filter((m) => plainText(m).includes('/pages/auth/link'))).toEqual([]);
});

it('refuses a link of an account disabled after it was sent', async () => {
  await createUser(h, { email: 'stopped@example.com' });
  await ask('stopped@example.com');
  const token = await linkFromSink('stopped@example.com');
  await h.database.db.update(users).set({ accountStatus: 'disabled' }).where(eq(users.email, 'stopped@example.com'));
  const res = await consume(token);
  expect(res.statusCode).toBe(403);
  expect(res.json().error.code).toBe('account_disabled');
});

it('cancels open sign-in links when the password is changed', async () => {
  const user = await createUser(h, { email: 'changer@example.com' });
  await ask('changer@example.com');
  const token = await linkFromSink('changer@example.com');
  const change = await call(h, 'POST', '/api/auth/change-password', {
    as: user,
    body: { currentPassword: 'Quiet-Harbour-1947', newPassword: 'Fresh-Meadow-Walk-9' },
  });
  expect(change.statusCode).toBe(204);
  expect((await consume(token)).statusCode).toBe(400);
});

it('rejects a malformed request', async () => {
  expect((await ask('not an address')).statusCode).toBe(400);
  expect((await call(h, 'POST', '/api/auth/sign-in-link/consume', { body: {} })).statusCode).toBe(400);
  expect((await consume('x'.repeat(43))).statusCode).toBe(400);
});
