import { describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { outbox, users } from '../../db/schema.js';
import { call, useHarness } from '../../test/harness.js';
import { PASSWORD, createAdmin, createUser, linkToken, signIn } from '../../test/factories.js';

const h = useHarness();

function refreshCookie(res: { headers: Record<string, unknown> }): string | undefined {
  return [res.headers['set-cookie']].flat().find((c): c is string => typeof c === 'string' && c.startsWith('refresh_token='))?.split(';')[0];
}

/** A new access token (and the rotated cookie) from a refresh cookie. */
async function refreshed(cookie: string): Promise<{ token: string; cookie: string }> {
  const res = await call(h, 'POST', '/api/auth/refresh', { as: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return { token: res.json<{ accessToken: string }>().accessToken, cookie: refreshCookie(res)! };
}

async function lastMailLink(): Promise<string> {
  const [mail] = await h.database.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
  const link = /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0];
  expect(link).toBeDefined();
  return link!;
}

describe('first run', () => {
  it('creates the first admin once, then refuses', async () => {
    expect((await call(h, 'GET', '/api/setup')).json()).toEqual({ needsSetup: true });
    await createAdmin(h);
    expect((await call(h, 'GET', '/api/setup')).json()).toEqual({ needsSetup: false });
    const again = await call(h, 'POST', '/api/setup', { body: { firstName: 'E', lastName: 'V', email: 'eve@example.com', password: PASSWORD } });
    expect(again.statusCode).toBe(409);
  });

  it('lets exactly one of two simultaneous set-ups win', async () => {
    const body = (email: string) => ({ body: { firstName: 'A', lastName: 'B', email, password: PASSWORD } });
    const results = await Promise.all([call(h, 'POST', '/api/setup', body('a@example.com')), call(h, 'POST', '/api/setup', body('b@example.com'))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('registration and email confirmation', () => {
  it('asks a self-registered user to confirm the email before signing in', async () => {
    const reg = await call(h, 'POST', '/api/auth/register', {
      body: { firstName: 'Sam', lastName: 'Lee', email: ' Sam.Lee@Example.COM ', password: PASSWORD },
    });
    expect(reg.statusCode).toBe(201);
    expect(reg.json().user).toMatchObject({ email: 'sam.lee@example.com', emailConfirmed: false, displayName: 'Sam Lee' });
    expect(reg.json().user).not.toHaveProperty('passwordHash');

    const early = await call(h, 'POST', '/api/auth/login', { body: { email: 'sam.lee@example.com', password: PASSWORD } });
    expect(early.statusCode).toBe(403);
    expect(early.json().error.code).toBe('email_not_confirmed');

    const link = await lastMailLink();
    expect(link).toContain('http://portal.test/pages/auth/mail-confirm?token=');
    expect((await call(h, 'POST', '/api/auth/confirm-email', { body: { token: linkToken(link) } })).statusCode).toBe(204);
    // Single use.
    expect((await call(h, 'POST', '/api/auth/confirm-email', { body: { token: linkToken(link) } })).statusCode).toBe(400);
    await signIn(h, 'sam.lee@example.com');
  });

  it('writes an account’s mails in the language of the page it was made on', async () => {
    const headers = { 'accept-language': 'ar' };
    const body = { firstName: 'Layla', lastName: 'Haddad', email: 'layla@example.com', password: PASSWORD };
    expect((await call(h, 'POST', '/api/auth/register', { body, headers })).statusCode).toBe(201);
    const lastMail = async () => (await h.database.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1))[0]!;
    const confirm = await lastMail();
    expect(confirm.subject).toBe('يرجى تأكيد عنوان بريدك الإلكتروني');
    expect(confirm.text).toContain('مرحبًا Layla');
    expect(confirm.text).toContain('/pages/auth/mail-confirm?token=');
    // Later mails follow the saved language, whatever the page asking for them.
    expect((await call(h, 'POST', '/api/auth/forgot-password', { body: { email: 'layla@example.com' } })).statusCode).toBeLessThan(300);
    const reset = await lastMail();
    expect(reset.subject).toBe('اختر كلمة مرور جديدة');
    expect(reset.text).toContain('/pages/auth/reset-password?token=');
    // And its pages read right to left from the first one (as do accounts saved before with the language alone).
    await h.database.db.execute(`update users set email_confirmed_at = now() where email = 'layla@example.com'`);
    const layla = await signIn(h, 'layla@example.com');
    expect((await call(h, 'GET', '/api/me', { as: layla })).json().settings).toMatchObject({ language: 'ar', direction: 'rtl' });
    await h.database.db.execute(`update users set settings = '{"language": "ar"}'::jsonb where email = 'layla@example.com'`);
    expect((await call(h, 'GET', '/api/me', { as: layla })).json().settings).toMatchObject({ language: 'ar', direction: 'rtl' });
  });

  it('answers the same whether or not the address has an account; its owner gets a mail instead', async () => {
    const owner = await createUser(h, { email: 'taken@example.com' });
    const fresh = await call(h, 'POST', '/api/auth/register', { body: { firstName: 'Ann', lastName: 'New', email: 'new@example.com', password: PASSWORD } });
    const dup = await call(h, 'POST', '/api/auth/register', { body: { firstName: 'Eve', lastName: 'Probe', email: ' TAKEN@example.com', password: 'Other-Garden-Path-22' } });
    expect(dup.statusCode).toBe(fresh.statusCode);
    expect(dup.headers['content-type']).toBe(fresh.headers['content-type']);
    const shape = (user: Record<string, unknown>) => Object.fromEntries(Object.entries(user).map(([k, v]) => [k, typeof v]));
    expect(shape(dup.json().user)).toEqual(shape(fresh.json().user));
    expect(dup.json().user).toMatchObject({ email: 'taken@example.com', emailConfirmed: false, displayName: 'Eve Probe', isAdmin: false });
    expect(dup.json().user.id).not.toBe(owner.id);

    const [mail] = await h.database.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    expect(mail).toMatchObject({ to: 'taken@example.com', subject: 'Someone tried to register with your email address' });
    expect(mail!.text).toContain('http://portal.test/pages/auth/forgot-password');
    expect(mail!.text).not.toContain('token=');
    // Nothing changed for the owner.
    await signIn(h, 'taken@example.com');
    expect((await call(h, 'POST', '/api/auth/login', { body: { email: 'taken@example.com', password: 'Other-Garden-Path-22' } })).statusCode).toBe(401);
  });

  it('refuses a common password, unknown fields and bad emails, naming the field', async () => {
    const common = await call(h, 'POST', '/api/auth/register', { body: { firstName: 'A', lastName: 'B', email: 'c@example.com', password: 'password123' } });
    expect(common.statusCode).toBe(400);
    expect(common.json().error.fields.password).toMatch(/too common/);

    const short = await call(h, 'POST', '/api/auth/register', { body: { firstName: 'A', lastName: 'B', email: 'c@example.com', password: 'short' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields).toHaveProperty('password');

    const long = await call(h, 'POST', '/api/auth/register', { body: { firstName: 'A', lastName: 'B', email: 'c@example.com', password: 'x'.repeat(129) } });
    expect(long.statusCode).toBe(400);

    const mass = await call(h, 'POST', '/api/auth/register', { body: { firstName: 'A', lastName: 'B', email: 'c@example.com', password: PASSWORD, isAdmin: true } });
    expect(mass.statusCode).toBe(400);
    expect(mass.json().error.fields).toHaveProperty('isAdmin');

    const bad = await call(h, 'POST', '/api/auth/register', { body: { firstName: 'A', lastName: 'B', email: 'not-an-email', password: PASSWORD } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('email');
  });

  it('accepts a long passphrase of 64 characters', async () => {
    const res = await call(h, 'POST', '/api/auth/register', { body: { firstName: 'A', lastName: 'B', email: 'long@example.com', password: 'a quiet harbour at dawn with seven gulls and a red rowing boat!!' } });
    expect(res.statusCode).toBe(201);
  });
});

describe('signing in and sessions', () => {
  it('gives the same answer for an unknown email and a wrong password', async () => {
    await createUser(h, { email: 'known@example.com' });
    const unknown = await call(h, 'POST', '/api/auth/login', { body: { email: 'nobody@example.com', password: PASSWORD } });
    const wrong = await call(h, 'POST', '/api/auth/login', { body: { email: 'known@example.com', password: 'Wrong-Password-1' } });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json().error.fields).toHaveProperty('password');
  });

  it('sets a strict httpOnly refresh cookie and rotates it', async () => {
    await createUser(h, { email: 'r@example.com' });
    const login = await call(h, 'POST', '/api/auth/login', { body: { email: 'r@example.com', password: PASSWORD } });
    const cookie = [login.headers['set-cookie']].flat().find((c) => c?.startsWith('refresh_token='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Secure/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/api\/auth/);

    const first = cookie.split(';')[0]!;
    const refreshed = await call(h, 'POST', '/api/auth/refresh', { as: { cookie: first } });
    expect(refreshed.statusCode).toBe(200);
    const second = [refreshed.headers['set-cookie']].flat()[0]!.split(';')[0]!;
    expect(second).not.toBe(first);

    // Presenting the old token again after the grace period ends the whole session family.
    h.clock.advance(60_000);
    expect((await call(h, 'POST', '/api/auth/refresh', { as: { cookie: first } })).statusCode).toBe(401);
    expect((await call(h, 'POST', '/api/auth/refresh', { as: { cookie: second } })).statusCode).toBe(401);
  });

  it('answers a refresh with the new access token and the /api/me body (one call restores a session)', async () => {
    await createUser(h, { email: 'm@example.com' });
    const login = await call(h, 'POST', '/api/auth/login', { body: { email: 'm@example.com', password: PASSWORD } });
    const res = await call(h, 'POST', '/api/auth/refresh', { as: { cookie: refreshCookie(login)! } });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<{ accessToken: string; me: unknown }>();
    expect(Object.keys(answer).sort()).toEqual(['accessToken', 'me']);
    const me = await call(h, 'GET', '/api/me', { as: { token: answer.accessToken } });
    expect(me.statusCode).toBe(200);
    expect(answer.me).toEqual(me.json());
  });

  it('refuses an expired access token with token_expired, and a forged one with unauthenticated', async () => {
    const user = await createUser(h);
    expect((await call(h, 'GET', '/api/me', { as: user })).statusCode).toBe(200);
    const forged = await call(h, 'GET', '/api/me', { as: { token: user.token!.slice(0, -4) + 'abcd' } });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error.code).toBe('unauthenticated');
    h.clock.advance(16 * 60_000);
    const expired = await call(h, 'GET', '/api/me', { as: user });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('token_expired');
    expect((await call(h, 'GET', '/api/me')).json().error.code).toBe('unauthenticated');
  });

  it('logs out: the refresh token stops working', async () => {
    const user = await createUser(h);
    expect((await call(h, 'POST', '/api/auth/logout', { as: user })).statusCode).toBe(204);
    expect((await call(h, 'POST', '/api/auth/refresh', { as: user })).statusCode).toBe(401);
  });

  it('signing out ends that session\'s access tokens at once, and no other session\'s', async () => {
    const phone = await createUser(h, { email: 'two@example.com' });
    const laptop = await signIn(h, 'two@example.com');
    // A token refreshed within the phone's session belongs to it too.
    const phoneLater = await refreshed(phone.cookie!);
    expect((await call(h, 'GET', '/api/me', { as: phone })).statusCode).toBe(200);
    expect((await call(h, 'POST', '/api/auth/logout', { as: phoneLater })).statusCode).toBe(204);
    for (const token of [phone.token, phoneLater.token]) {
      const after = await call(h, 'GET', '/api/me', { as: { token } });
      expect(after.statusCode).toBe(401);
      expect(after.json().error.code).toBe('token_expired');
    }
    expect((await call(h, 'GET', '/api/me', { as: laptop })).statusCode).toBe(200);
    expect((await call(h, 'POST', '/api/auth/refresh', { as: laptop })).statusCode).toBe(200);
  });

  it('remembers a signed-out session only while its access tokens could still be used', async () => {
    const first = await createUser(h, { email: 'many@example.com' });
    await call(h, 'POST', '/api/auth/logout', { as: first });
    h.clock.advance(17 * 60_000);
    const second = await signIn(h, 'many@example.com');
    await call(h, 'POST', '/api/auth/logout', { as: second });
    const [row] = await h.database.db.select({ ended: users.endedSessions }).from(users).where(eq(users.id, first.id));
    expect(row!.ended).toHaveLength(1);
    expect((await call(h, 'GET', '/api/me', { as: second })).statusCode).toBe(401);
  });
});

describe('password reset and change', () => {
  it('always answers 202 to forgot-password, and mails a single-use, short-lived link', async () => {
    const user = await createUser(h, { email: 'forgetful@example.com' });
    expect((await call(h, 'POST', '/api/auth/forgot-password', { body: { email: 'nobody@example.com' } })).statusCode).toBe(202);
    expect((await call(h, 'POST', '/api/auth/forgot-password', { body: { email: 'forgetful@example.com' } })).statusCode).toBe(202);
    const token = linkToken(await lastMailLink());

    const reset = await call(h, 'POST', '/api/auth/reset-password', { body: { token, password: 'New-Garden-Path-22' } });
    expect(reset.statusCode).toBe(204);
    expect((await call(h, 'POST', '/api/auth/reset-password', { body: { token, password: 'Other-Garden-Path-22' } })).statusCode).toBe(400);
    // The reset ended existing sessions, access tokens included.
    expect((await call(h, 'POST', '/api/auth/refresh', { as: user })).statusCode).toBe(401);
    expect((await call(h, 'GET', '/api/me', { as: user })).json().error.code).toBe('token_expired');
    await signIn(h, 'forgetful@example.com', 'New-Garden-Path-22');
  });

  it('a reset cancels every other reset link; so does a password change', async () => {
    await createUser(h, { email: 'twice@example.com' });
    await call(h, 'POST', '/api/auth/forgot-password', { body: { email: 'twice@example.com' } });
    const first = linkToken(await lastMailLink());
    await call(h, 'POST', '/api/auth/forgot-password', { body: { email: 'twice@example.com' } });
    const second = linkToken(await lastMailLink());
    expect(second).not.toBe(first);
    expect((await call(h, 'POST', '/api/auth/reset-password', { body: { token: second, password: 'New-Garden-Path-22' } })).statusCode).toBe(204);
    const older = await call(h, 'POST', '/api/auth/reset-password', { body: { token: first, password: 'Sly-Garden-Path-22' } });
    expect(older.statusCode).toBe(400);
    expect(older.json().error.fields).toHaveProperty('token');

    await call(h, 'POST', '/api/auth/forgot-password', { body: { email: 'twice@example.com' } });
    const third = linkToken(await lastMailLink());
    const user = await signIn(h, 'twice@example.com', 'New-Garden-Path-22');
    const change = await call(h, 'POST', '/api/auth/change-password', { as: user, body: { currentPassword: 'New-Garden-Path-22', newPassword: 'Fresh-Meadow-Walk-9' } });
    expect(change.statusCode).toBe(204);
    expect((await call(h, 'POST', '/api/auth/reset-password', { body: { token: third, password: 'Sly-Garden-Path-22' } })).statusCode).toBe(400);
    await signIn(h, 'twice@example.com', 'Fresh-Meadow-Walk-9');
  });

  it('a reset cancels outstanding confirmation links, and disabling cancels every link', async () => {
    const admin = await createAdmin(h);
    await call(h, 'POST', '/api/auth/register', { body: { firstName: 'Una', lastName: 'Sure', email: 'unsure@example.com', password: PASSWORD } });
    const confirm = linkToken(await lastMailLink());
    await call(h, 'POST', '/api/auth/forgot-password', { body: { email: 'unsure@example.com' } });
    const reset = linkToken(await lastMailLink());
    expect((await call(h, 'POST', '/api/auth/reset-password', { body: { token: reset, password: 'New-Garden-Path-22' } })).statusCode).toBe(204);
    expect((await call(h, 'POST', '/api/auth/confirm-email', { body: { token: confirm } })).statusCode).toBe(400);

    const user = await signIn(h, 'unsure@example.com', 'New-Garden-Path-22');
    await call(h, 'POST', '/api/auth/forgot-password', { body: { email: 'unsure@example.com' } });
    const beforeDisabling = linkToken(await lastMailLink());
    await call(h, 'PATCH', `/api/admin/users/${user.id}`, { as: admin, body: { accountStatus: 'disabled' } });
    expect((await call(h, 'POST', '/api/auth/reset-password', { body: { token: beforeDisabling, password: 'Sly-Garden-Path-22' } })).statusCode).toBe(400);
  });

  it('refuses an expired reset link', async () => {
    await createUser(h, { email: 'late@example.com' });
    await call(h, 'POST', '/api/auth/forgot-password', { body: { email: 'late@example.com' } });
    const token = linkToken(await lastMailLink());
    h.clock.advance(31 * 60_000);
    const res = await call(h, 'POST', '/api/auth/reset-password', { body: { token, password: 'New-Garden-Path-22' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('token');
  });

  it('changes the password only with the current one, and revokes other sessions', async () => {
    const user = await createUser(h, { email: 'change@example.com' });
    const other = await signIn(h, 'change@example.com');
    const wrong = await call(h, 'POST', '/api/auth/change-password', { as: user, body: { currentPassword: 'nope-nope-nope', newPassword: 'Fresh-Meadow-Walk-9' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toHaveProperty('currentPassword');
    const ok = await call(h, 'POST', '/api/auth/change-password', { as: user, body: { currentPassword: PASSWORD, newPassword: 'Fresh-Meadow-Walk-9' } });
    expect(ok.statusCode).toBe(204);
    expect((await call(h, 'POST', '/api/auth/refresh', { as: other })).statusCode).toBe(401);
    // The other device's access token stops at once, not when it would have expired.
    const stopped = await call(h, 'GET', '/api/me', { as: other });
    expect(stopped.statusCode).toBe(401);
    expect(stopped.json().error.code).toBe('token_expired');
    await signIn(h, 'change@example.com', 'Fresh-Meadow-Walk-9');
  });
});

describe('account states set by an admin', () => {
  it('stops a disabled account at once, and sends a forced-reset user to change the password', async () => {
    const admin = await createAdmin(h);
    const user = await createUser(h);
    const forced = await call(h, 'PATCH', `/api/admin/users/${user.id}`, { as: admin, body: { loginStatus: 'forced-reset' } });
    expect(forced.statusCode).toBe(200);
    expect((await call(h, 'GET', '/api/me', { as: user })).json().user.loginStatus).toBe('forced-reset');
    const blocked = await call(h, 'GET', '/api/estates', { as: user });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('password_reset_required');
    const changed = await call(h, 'POST', '/api/auth/change-password', { as: user, body: { currentPassword: PASSWORD, newPassword: 'Fresh-Meadow-Walk-9' } });
    // The old access token ended with the old password; this device's new refresh cookie carries on.
    expect((await call(h, 'GET', '/api/estates', { as: user })).json().error.code).toBe('token_expired');
    Object.assign(user, await refreshed(refreshCookie(changed)!));
    expect((await call(h, 'GET', '/api/estates', { as: user })).statusCode).toBe(200);

    await call(h, 'PATCH', `/api/admin/users/${user.id}`, { as: admin, body: { accountStatus: 'disabled' } });
    const stopped = await call(h, 'GET', '/api/me', { as: user });
    expect(stopped.statusCode).toBe(403);
    expect(stopped.json().error.code).toBe('account_disabled');
    // Enabling the account again does not bring its old tokens back.
    await call(h, 'PATCH', `/api/admin/users/${user.id}`, { as: admin, body: { accountStatus: 'active' } });
    expect((await call(h, 'GET', '/api/me', { as: user })).json().error.code).toBe('token_expired');
    expect((await call(h, 'POST', '/api/auth/refresh', { as: user })).statusCode).toBe(401);
  });

  it('completes a pending profile when both names are saved', async () => {
    const admin = await createAdmin(h);
    const user = await createUser(h);
    await call(h, 'PATCH', `/api/admin/users/${user.id}`, { as: admin, body: { accountStatus: 'pending-profile' } });
    const res = await call(h, 'PATCH', '/api/me', { as: user, body: { firstName: 'Mary', lastName: 'Jones' } });
    expect(res.json().user).toMatchObject({ accountStatus: 'active', displayName: 'Mary Jones' });
  });
});

describe('profile settings', () => {
  it('saves interface settings to the profile and validates them', async () => {
    const user = await createUser(h);
    const before = (await call(h, 'GET', '/api/me', { as: user })).json();
    expect(before.settings).toMatchObject({ layoutStyle: 'layout1', direction: 'ltr', language: 'en' });
    const res = await call(h, 'PATCH', '/api/me', { as: user, body: { settings: { language: 'ar', direction: 'rtl' } } });
    expect(res.statusCode).toBe(200);
    expect((await call(h, 'GET', '/api/me', { as: user })).json().settings).toMatchObject({ language: 'ar', direction: 'rtl', layoutStyle: 'layout1' });
    const bad = await call(h, 'PATCH', '/api/me', { as: user, body: { settings: { language: 'xx' } } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)[0]).toContain('language');
    // "Same as my device" for the colours, from the settings panel every signed-in person has.
    expect(before.settings.followSystem).toBe(false);
    expect((await call(h, 'PATCH', '/api/me', { as: user, body: { settings: { followSystem: true } } })).statusCode).toBe(200);
    expect((await call(h, 'GET', '/api/me', { as: user })).json().settings).toMatchObject({ followSystem: true, language: 'ar' });
    expect((await call(h, 'PATCH', '/api/me', { as: user, body: { settings: { followSystem: 'yes' } } })).statusCode).toBe(400);
  });
});
