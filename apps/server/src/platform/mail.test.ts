/** Mail goes to a real SMTP server (a local sink) when SMTP_URL is set, and always to the outbox. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { call, useHarness } from '../test/harness.js';
import { createAdmin } from '../test/factories.js';

const received: { to: string; body: string }[] = [];
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    let body = '';
    stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), body });
      callback();
    });
  },
});
await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
const port = (sink.server.address() as AddressInfo).port;

const h = useHarness({ SMTP_URL: `smtp://127.0.0.1:${port}` });
beforeAll(() => undefined);
afterAll(() => new Promise<void>((resolve) => sink.close(() => resolve())));

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
