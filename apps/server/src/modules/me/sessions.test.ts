/**
 * Issue 31, items 2 and 3: each person sees their sessions (when, which device, how) and ends any
 * of them; a sign-in by an emailed link is told on their other devices; a session lives at most
 * REFRESH_TOKEN_MAX_DAYS however often it is refreshed; the file-link secret signs no session.
 */
import { expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { and, desc, eq, like } from 'drizzle-orm';
import { createHmac } from 'node:crypto';
import { pino } from 'pino';
import { outbox, refreshTokens, system } from '../../db/schema.js';
import { createContext } from '../../platform/context.js';
import { processHandlers } from '../../process-handlers.js';
import { call, useHarness, type Caller } from '../../test/harness.js';
import { PASSWORD, createUser } from '../../test/factories.js';
import { SECRET_KEYS } from '../../platform/secrets.js';

const h = useHarness();

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

function cookieOf(res: { headers: Record<string, unknown> }): string {
  return [res.headers['set-cookie']].flat().find((c): c is string => typeof c === 'string' && c.startsWith('refresh_token='))!.split(';')[0]!;
}

async function signInOn(email: string, userAgent: string): Promise<Caller> {
  const res = await call(h, 'POST', '/api/auth/login', { body: { email, password: PASSWORD }, headers: { 'user-agent': userAgent } });
  expect(res.statusCode, res.body).toBe(200);
  return { token: res.json().accessToken, cookie: cookieOf(res) };
}

async function signInByLink(email: string, userAgent: string): Promise<Caller> {
  expect((await call(h, 'POST', '/api/auth/sign-in-link', { body: { email } })).statusCode).toBe(202);
  const [mail] = await h.database.db.select().from(outbox).where(and(eq(outbox.to, email), like(outbox.text, '%/pages/auth/link?token=%'))).orderBy(desc(outbox.createdAt)).limit(1);
  const token = /\/pages\/auth\/link\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
  const res = await call(h, 'POST', '/api/auth/sign-in-link/consume', { body: { token }, headers: { 'user-agent': userAgent } });
  expect(res.statusCode, res.body).toBe(200);
  return { token: res.json().accessToken, cookie: cookieOf(res) };
}

it('lists the person’s own sessions with when, which device and how, marking this one', async () => {
  const rose = await createUser(h, { email: 'rose@example.com' });
  await createUser(h, { email: 'other@example.com' });
  h.clock.advance(60_000);
  const phone = await signInOn('rose@example.com', PHONE);
  h.clock.advance(60_000);
  const laptop = await signInByLink('rose@example.com', LAPTOP);

  const res = await call(h, 'GET', '/api/me/sessions', { as: phone });
  expect(res.statusCode).toBe(200);
  const sessions = res.json().sessions;
  expect(sessions).toHaveLength(3);
  expect(sessions[0]).toMatchObject({ via: 'link', userAgent: LAPTOP, current: false, createdAt: '2026-11-21T12:02:00.000Z' });
  expect(sessions[1]).toMatchObject({ via: 'password', userAgent: PHONE, current: true, createdAt: '2026-11-21T12:01:00.000Z' });
  expect(sessions[2]).toMatchObject({ via: 'password', current: false });
  // Nobody else's sessions.
  expect(JSON.stringify(sessions)).not.toContain('other@example.com');
  expect((await call(h, 'GET', '/api/me/sessions', { as: rose })).json().sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);

  // A refresh keeps the session (same id, same start), and says when it was last used.
  h.clock.advance(3_600_000);
  const refreshed = await call(h, 'POST', '/api/auth/refresh', { as: { cookie: laptop.cookie } });
  expect(refreshed.statusCode).toBe(200);
  const after = (await call(h, 'GET', '/api/me/sessions', { as: { token: refreshed.json().accessToken } })).json().sessions;
  expect(after).toHaveLength(3);
  expect(after[0]).toMatchObject({ id: sessions[0].id, createdAt: sessions[0].createdAt, lastUsedAt: '2026-11-21T13:02:00.000Z', via: 'link', current: true });
});

it('ends one session there, the others go on; another person’s session is 404', async () => {
  await createUser(h, { email: 'rose@example.com' });
  const phone = await signInOn('rose@example.com', PHONE);
  const laptop = await signInOn('rose@example.com', LAPTOP);
  const stranger = await createUser(h, { email: 'stranger@example.com' });
  const laptopId = (await call(h, 'GET', '/api/me/sessions', { as: phone })).json().sessions.find((s: { userAgent: string }) => s.userAgent === LAPTOP).id;

  expect((await call(h, 'DELETE', `/api/me/sessions/${laptopId}`, { as: stranger })).statusCode).toBe(404);
  expect((await call(h, 'POST', '/api/auth/refresh', { as: { cookie: laptop.cookie } })).statusCode).toBe(200);
  const id = laptopId as string;

  expect((await call(h, 'DELETE', `/api/me/sessions/${id}`, { as: phone })).statusCode).toBe(204);
  const remaining = (await call(h, 'GET', '/api/me/sessions', { as: phone })).json().sessions;
  expect(remaining.map((s: { id: string }) => s.id)).not.toContain(id);
  expect(remaining.some((s: { current: boolean }) => s.current)).toBe(true);
  expect((await call(h, 'GET', '/api/me', { as: phone })).statusCode).toBe(200);
  // Ending it again: it is gone.
  expect((await call(h, 'DELETE', `/api/me/sessions/${id}`, { as: phone })).statusCode).toBe(404);
});

it('stops the ended session’s refresh token and access token at once', async () => {
  await createUser(h, { email: 'rose@example.com' });
  const phone = await signInOn('rose@example.com', PHONE);
  const laptop = await signInOn('rose@example.com', LAPTOP);
  const laptopId = (await call(h, 'GET', '/api/me/sessions', { as: laptop })).json().sessions.find((s: { current: boolean }) => s.current).id;
  expect((await call(h, 'DELETE', `/api/me/sessions/${laptopId}`, { as: phone })).statusCode).toBe(204);
  expect((await call(h, 'POST', '/api/auth/refresh', { as: { cookie: laptop.cookie } })).statusCode).toBe(401);
  expect((await call(h, 'GET', '/api/me', { as: laptop })).statusCode).toBe(401);
  expect((await call(h, 'GET', '/api/me', { as: phone })).statusCode).toBe(200);
});

it('tells the person’s other devices of a sign-in by an emailed link, not the device that used it', async () => {
  await createUser(h, { email: 'rose@example.com' });
  const phone = await signInOn('rose@example.com', PHONE);
  expect((await call(h, 'GET', '/api/me', { as: phone })).json().linkSignIns).toEqual([]);
  h.clock.advance(60_000);
  const laptop = await signInByLink('rose@example.com', LAPTOP);

  const seen = (await call(h, 'GET', '/api/me', { as: phone })).json().linkSignIns;
  expect(seen).toEqual([{ sessionId: expect.any(String), at: '2026-11-21T12:01:00.000Z', userAgent: LAPTOP }]);
  expect((await call(h, 'GET', '/api/me', { as: laptop })).json().linkSignIns).toEqual([]);
  // At the next start of the phone too (the refresh answers /api/me's body).
  const restored = await call(h, 'POST', '/api/auth/refresh', { as: { cookie: phone.cookie } });
  expect(restored.json().me.linkSignIns).toEqual(seen);
  // A reset link's sign-in is listed as such.
  const sessions = (await call(h, 'GET', '/api/me/sessions', { as: phone })).json().sessions;
  expect(sessions.find((s: { id: string }) => s.id === seen[0].sessionId)).toMatchObject({ via: 'link' });
});

it('signs the device in after a password reset, listed as begun by a reset link', async () => {
  await createUser(h, { email: 'rose@example.com' });
  await call(h, 'POST', '/api/auth/forgot-password', { body: { email: 'rose@example.com' } });
  const [mail] = await h.database.db.select().from(outbox).where(like(outbox.text, '%reset-password?token=%')).orderBy(desc(outbox.createdAt)).limit(1);
  const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
  const reset = await call(h, 'POST', '/api/auth/reset-password', { body: { token, password: 'Fresh-Meadow-Walk-9' }, headers: { 'user-agent': PHONE } });
  expect(reset.statusCode).toBe(204);
  const restored = await call(h, 'POST', '/api/auth/refresh', { as: { cookie: cookieOf(reset) } });
  expect(restored.statusCode).toBe(200);
  const sessions = (await call(h, 'GET', '/api/me/sessions', { as: { token: restored.json().accessToken } })).json().sessions;
  expect(sessions).toEqual([expect.objectContaining({ via: 'reset', current: true, userAgent: PHONE })]);
});

it('ends a session 90 days after its sign-in however often it was refreshed', async () => {
  await createUser(h, { email: 'rose@example.com' });
  let cookie = (await signInOn('rose@example.com', PHONE)).cookie!;
  // Used every 20 days: the sliding 30 days never run out…
  for (let day = 20; day < 90; day += 20) {
    h.clock.advance(20 * 86_400_000);
    const res = await call(h, 'POST', '/api/auth/refresh', { as: { cookie } });
    expect(res.statusCode, `day ${day}`).toBe(200);
    cookie = cookieOf(res);
    // …and the cookie itself ends no later than day 90.
    const expires = /Expires=([^;]+)/.exec([res.headers['set-cookie']].flat().find((c) => c?.startsWith('refresh_token='))!)![1]!;
    expect(new Date(expires).getTime()).toBeLessThanOrEqual(new Date('2026-11-21T12:00:00Z').getTime() + 90 * 86_400_000);
  }
  h.clock.advance(20 * 86_400_000); // day 100
  expect((await call(h, 'POST', '/api/auth/refresh', { as: { cookie } })).statusCode).toBe(401);
});

it('signs file links and sessions with different secrets: a file-link secret signs no session, nor does a 10-year token', async () => {
  const ctx = await createContext(h.config, h.database, pino({ level: 'silent' }), () => h.clock.now, processHandlers);
  const secrets = Object.fromEntries((await h.database.db.select().from(system)).map((r) => [r.key, r.value]));
  const tokenSecret = secrets[SECRET_KEYS.accessTokens]!;
  const fileSecret = secrets[SECRET_KEYS.fileUrls]!;
  expect(tokenSecret).toBeTruthy();
  expect(fileSecret).toBeTruthy();
  expect(fileSecret).not.toBe(tokenSecret);

  const user = await createUser(h);
  const now = Math.floor(h.clock.now.getTime() / 1000);
  const forge = (secret: string, lifetime: number) =>
    new SignJWT({ sid: crypto.randomUUID(), gen: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt(now)
      .setExpirationTime(now + lifetime)
      .sign(new TextEncoder().encode(secret));
  // The real secret and the server's own lifetime: accepted (the check below is not vacuous).
  await expect(ctx.tokens.verify(await forge(tokenSecret, 900), h.clock.now)).resolves.toMatchObject({ userId: user.id });
  // The file-link secret signs no session.
  await expect(ctx.tokens.verify(await forge(fileSecret, 900), h.clock.now)).rejects.toMatchObject({ code: 'unauthenticated' });
  // A token living ten years was not made by this server, whatever signed it.
  await expect(ctx.tokens.verify(await forge(tokenSecret, 10 * 365 * 86_400), h.clock.now)).rejects.toMatchObject({ code: 'token_expired' });
  // And a picture link signed with the token secret is refused.
  const url = new URL(ctx.fileUrls.avatarUrl(user.id, 'abcdef012345xyz', h.clock.now), 'http://portal.test');
  const expires = Number(url.searchParams.get('expires'));
  expect(ctx.fileUrls.verifyAvatar(user.id, 'abcdef012345', expires, url.searchParams.get('sig')!, h.clock.now)).toBe(true);
  const wrong = createHmac('sha256', tokenSecret).update(`avatar:${user.id}:abcdef012345:${expires}`).digest('base64url');
  expect(ctx.fileUrls.verifyAvatar(user.id, 'abcdef012345', expires, wrong, h.clock.now)).toBe(false);
});

it('holds a session begun under a longer lifetime to 90 days, whatever its token’s own expiry says', async () => {
  const rose = await createUser(h, { email: 'rose@example.com' });
  const phone = await signInOn('rose@example.com', PHONE);
  const laptop = await signInOn('rose@example.com', LAPTOP);
  // Tokens issued when REFRESH_TOKEN_MAX_DAYS was higher: their own expiry is a year away.
  await h.database.db.update(refreshTokens).set({ expiresAt: new Date(h.clock.now.getTime() + 365 * 86_400_000) }).where(eq(refreshTokens.userId, rose.id));
  h.clock.advance(89 * 86_400_000);
  expect((await call(h, 'POST', '/api/auth/refresh', { as: { cookie: laptop.cookie } })).statusCode, 'day 89: still open').toBe(200);
  h.clock.advance(2 * 86_400_000);
  expect((await call(h, 'POST', '/api/auth/refresh', { as: { cookie: phone.cookie } })).statusCode, 'day 91: ended').toBe(401);
});

it('refuses to start with one secret for both sessions and file links', async () => {
  const same = 'one-secret-for-everything-0123456789abcdef';
  await expect(createContext({ ...h.config, JWT_SECRET: same, FILE_URL_SECRET: same }, h.database, pino({ level: 'silent' }), () => h.clock.now, processHandlers)).rejects.toThrow(/FILE_URL_SECRET must differ from JWT_SECRET/);
});
