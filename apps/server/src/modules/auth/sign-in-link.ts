/**
 * Sign-in links (api.md "Sign-in links"): for people who find passwords hard, a link by mail that
 * signs them in once, within 15 minutes. Only a confirmed, usable account gets one; the answer to
 * the request is the same either way, so no one learns who has an account. Only the token's hash
 * is stored; a new link, a used one, a password reset or change cancels the others.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { users, type LinkSignIn } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, says } from '../../platform/errors.js';
import { accountLinkMail } from '../../platform/mail-texts.js';
import { accountReader, cancelOneTimeTokens, consumeOneTimeToken, issueOneTimeToken, startSession, type Session } from './service.js';

export const SIGN_IN_LINK_TTL_MS = 15 * 60_000;

/** Mails a sign-in link to a confirmed, usable account with this address; does nothing otherwise. */
export async function requestSignInLink(ctx: AppContext, email: string): Promise<void> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  if (!user || user.accountStatus === 'disabled' || !user.emailConfirmedAt) return;
  const now = ctx.now();
  const token = await ctx.db.transaction(async (tx) => {
    // Only the newest link works: an older one still in a mailbox is spent.
    await cancelOneTimeTokens(tx, user.id, ['sign-in-link'], now);
    return issueOneTimeToken(tx, user.id, 'sign-in-link', SIGN_IN_LINK_TTL_MS, now);
  });
  const link = `${ctx.config.PUBLIC_URL}/pages/auth/link?token=${token}`;
  await ctx.mailer.send(accountLinkMail(accountReader(user), 'signInLink', link));
}

/** How many link sign-ins the user row keeps for the notice in the app, and for how long. */
const LINK_SIGN_INS_KEPT = 5;
const LINK_SIGN_INS_DAYS = 30;

/**
 * Spends the link (once, within its time) and starts a session, as signing in with a password
 * does. The person is told in the app (issue 31): whoever holds a link (the admin reading an
 * outbox with no mail server, someone in their mailbox) can sign in as them, so their other
 * devices show when and on which device, live and at the next start.
 */
export async function consumeSignInLink(ctx: AppContext, log: FastifyBaseLogger, token: string, userAgent?: string): Promise<Session> {
  const now = ctx.now();
  const user = await ctx.db.transaction(async (tx) => {
    const userId = await consumeOneTimeToken(tx, token, 'sign-in-link', now);
    await cancelOneTimeTokens(tx, userId, ['sign-in-link'], now);
    const [row] = await tx.select().from(users).where(eq(users.id, userId));
    return row;
  });
  if (!user || user.accountStatus === 'disabled') {
    log.warn({ userId: user?.id }, 'sign-in link refused: account disabled');
    throw new AppError('account_disabled', says('auth.disabled'));
  }
  log.info({ userId: user.id }, 'signed in with a link');
  const session = await startSession(ctx, user, { via: 'link', userAgent });
  const signIn: LinkSignIn = { sid: session.sessionId, at: now.toISOString(), userAgent: (userAgent ?? '').slice(0, 400) };
  const since = new Date(now.getTime() - LINK_SIGN_INS_DAYS * 86_400_000).toISOString();
  await ctx.db
    .update(users)
    .set({
      linkSignIns: sql`(select coalesce(jsonb_agg(e order by e->>'at' desc), '[]'::jsonb) from (
          select e from jsonb_array_elements(${users.linkSignIns} || jsonb_build_array(${JSON.stringify(signIn)}::jsonb)) e
          where e->>'at' > ${since} order by e->>'at' desc limit ${LINK_SIGN_INS_KEPT}) kept(e))`,
    })
    .where(eq(users.id, user.id));
  await ctx.events.publish({ type: 'notification', userId: user.id, data: { kind: 'signed-in-by-link', ...signIn } });
  return session;
}
