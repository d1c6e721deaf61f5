/**
 * Sign-in links (api.md "Sign-in links"): for people who find passwords hard, a link by mail that
 * signs them in once, within 15 minutes. Only a confirmed, usable account gets one; the answer to
 * the request is the same either way, so no one learns who has an account. Only the token's hash
 * is stored; a new link, a used one, a password reset or change cancels the others.
 */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { users } from '../../db/schema.js';
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

/** Spends the link (once, within its time) and starts a session, as signing in with a password does. */
export async function consumeSignInLink(ctx: AppContext, log: FastifyBaseLogger, token: string): Promise<Session> {
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
  return startSession(ctx, user);
}
