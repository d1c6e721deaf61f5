/**
 * Issue 31, item 2: with a mail server set, the administrator cannot become anyone through the
 * outbox. Once a mail is the mail server's to deliver, the outbox shows its links without their
 * secret, and nothing in the answer signs anyone in. Without one, the outbox is the delivery.
 */
import { afterAll, beforeEach, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { outbox } from '../../db/schema.js';
import { call, useHarness } from '../../test/harness.js';
import { plainText, startSmtpSink } from '../../test/smtp-sink.js';
import { Role } from '@estate/domain/roles';
import { createAdmin, createEstate, createUser } from '../../test/factories.js';
import { newId } from '../../platform/ids.js';
import { REDACTED, redactLinks } from '../../platform/mail.js';

const sink = await startSmtpSink();
const h = useHarness({ SMTP_URL: sink.url });
afterAll(() => sink.close());
beforeEach(() => {
  sink.received.length = 0;
});

const TOKEN_IN_LINK = /\/pages\/auth\/(?:link|reset-password)\?token=([A-Za-z0-9_-]+)/;

it('shows sign-in and reset links without their secret once the mail server has them; the real link still works', async () => {
  const admin = await createAdmin(h);
  await createUser(h, { email: 'rose@example.com' });
  expect((await call(h, 'POST', '/api/auth/sign-in-link', { body: { email: 'rose@example.com' } })).statusCode).toBe(202);
  expect((await call(h, 'POST', '/api/auth/forgot-password', { body: { email: 'rose@example.com' } })).statusCode).toBe(202);
  await expect.poll(() => sink.received.filter((m) => TOKEN_IN_LINK.test(plainText(m))).length).toBe(2);
  const tokens = sink.received.map((m) => TOKEN_IN_LINK.exec(plainText(m))?.[1]).filter((t): t is string => Boolean(t));

  const answer = await call(h, 'GET', '/api/admin/outbox', { as: admin });
  expect(answer.statusCode).toBe(200);
  const mails = answer.json().messages.filter((m: { to: string }) => m.to === 'rose@example.com');
  expect(mails.length).toBeGreaterThanOrEqual(2);
  for (const mail of mails.filter((m: { text: string }) => /\/pages\/auth\/(link|reset-password)/.test(m.text))) {
    expect(mail.sentAt).not.toBeNull();
    expect(mail.text).toContain(`?token=${REDACTED}`);
  }
  for (const token of tokens) expect(answer.body).not.toContain(token);
  // Nor is it kept in the table (a backup holds the table).
  const stored = await h.database.db.select().from(outbox).where(eq(outbox.to, 'rose@example.com'));
  for (const token of tokens) expect(JSON.stringify(stored)).not.toContain(token);
  // The one the mail server delivered signs in.
  const linkToken = TOKEN_IN_LINK.exec(plainText(sink.received.find((m) => plainText(m).includes('/pages/auth/link?'))!))![1]!;
  expect((await call(h, 'POST', '/api/auth/sign-in-link/consume', { body: { token: linkToken } })).statusCode).toBe(200);
});

it('leaves out the secret of every kind of account link, and nothing else', () => {
  const text = [
    'Sign in: http://portal.test/pages/auth/link?token=AbC-123_xyz',
    'Reset: http://portal.test/pages/auth/reset-password?token=Zz9-_q',
    'Confirm: http://portal.test/pages/auth/mail-confirm?token=Qq1',
    'Join: http://portal.test/invite/InV-1_2',
    'See http://portal.test/p/1234/i for the items.',
  ].join('\n');
  const out = redactLinks(text);
  for (const secret of ['AbC-123_xyz', 'Zz9-_q', 'Qq1', 'InV-1_2']) expect(out).not.toContain(secret);
  expect(out).toContain(`/invite/${REDACTED}`);
  expect(out).toContain('http://portal.test/p/1234/i');
});

it('hides the secret of confirmation and invitation links too, and of a mail kept from before the mail server was set', async () => {
  const admin = await createAdmin(h);
  // A mail the outbox kept while it was the delivery (no mail server then): its link may still be live.
  await h.database.db.insert(outbox).values({ id: newId(), to: 'early@example.com', subject: 'Sign in', text: 'Sign in: http://portal.test/pages/auth/link?token=KeptFromBefore-123' });
  const trustee = await createUser(h, { email: 'tess@example.com' });
  const estateId = await createEstate(h, trustee);
  const invite = await call(h, 'POST', `/api/estates/${estateId}/invitations`, { as: trustee, body: { email: 'newcomer@example.com', roles: [Role.Beneficiary] } });
  expect(invite.statusCode, invite.body).toBe(201);
  const inviteToken = invite.json().invitation.link.split('/invite/')[1] as string;
  const delivered = (to: string) => sink.received.filter((m) => m.to === to).map(plainText).join('\n');
  await expect.poll(() => delivered('newcomer@example.com')).toContain(`/invite/${inviteToken}`);
  await expect.poll(() => delivered('tess@example.com')).toMatch(/mail-confirm\?token=[A-Za-z0-9_-]+/);
  const confirmToken = /mail-confirm\?token=([A-Za-z0-9_-]+)/.exec(delivered('tess@example.com'))![1]!;

  const answer = await call(h, 'GET', '/api/admin/outbox', { as: admin });
  expect(answer.statusCode).toBe(200);
  for (const secret of ['KeptFromBefore-123', inviteToken, confirmToken]) expect(answer.body).not.toContain(secret);
  const texts = answer.json().messages.map((m: { text: string }) => m.text).join('\n');
  for (const hidden of [`/invite/${REDACTED}`, `mail-confirm?token=${REDACTED}`, `link?token=${REDACTED}`]) expect(texts).toContain(hidden);
});
