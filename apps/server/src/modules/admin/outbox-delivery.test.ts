/** Without a mail server the outbox is how mail is delivered (README): the administrator hands the links on. */
import { expect, it } from 'vitest';
import { call, useHarness } from '../../test/harness.js';
import { createAdmin, createUser } from '../../test/factories.js';

const h = useHarness();

it('shows the whole sign-in link when there is no mail server', async () => {
  const admin = await createAdmin(h);
  await createUser(h, { email: 'rose@example.com' });
  await call(h, 'POST', '/api/auth/sign-in-link', { body: { email: 'rose@example.com' } });
  const mails = (await call(h, 'GET', '/api/admin/outbox', { as: admin })).json().messages;
  const text = mails.find((m: { to: string; text: string }) => m.to === 'rose@example.com' && m.text.includes('/pages/auth/link?')).text as string;
  const token = /\/pages\/auth\/link\?token=([A-Za-z0-9_-]+)/.exec(text)![1]!;
  expect((await call(h, 'POST', '/api/auth/sign-in-link/consume', { body: { token } })).statusCode).toBe(200);
});
