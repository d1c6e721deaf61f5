/** Mail goes to a real SMTP server (a local sink) when SMTP_URL is set, and always to the outbox. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, useHarness } from '../test/harness.js';
import { startSmtpSink } from '../test/smtp-sink.js';
import { createAdmin } from '../test/factories.js';

const sink = await startSmtpSink();
const received = sink.received;

const h = useHarness({ SMTP_URL: sink.url });
beforeAll(() => undefined);
afterAll(() => sink.close());

it('delivers the confirmation mail over SMTP and marks it sent in the outbox', async () => {
  const admin = await createAdmin(h);
  await call(h, 'POST', '/api/auth/register', { body: { firstName: 'Lia', lastName: 'Park', email: 'lia@example.com', password: 'Quiet-Harbour-1947' } });
  await expect.poll(() => received.length).toBe(1);
  expect(received[0]!.to).toBe('lia@example.com');
  expect(received[0]!.body).toContain('mail-confirm?token=3D'.slice(0, 12));
  const outbox = (await call(h, 'GET', '/api/admin/outbox', { as: admin })).json().messages;
  expect(outbox).toEqual([expect.objectContaining({ to: 'lia@example.com', subject: 'Please confirm your email address', error: null })]);
  expect(outbox[0].sentAt).not.toBeNull();
});
