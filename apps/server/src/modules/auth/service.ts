/** Account use cases: register, confirm, sign in, refresh, sign out, reset and change password. */
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { User, changePasswordBody, loginBody, registerBody, resetPasswordBody } from '@estate/domain/schemas/account';
import { oneTimeTokens, refreshTokens, users, type SessionVia } from '../../db/schema.js';
import type { Db } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, says } from '../../platform/errors.js';
import { hashToken, newId, newSecretToken } from '../../platform/ids.js';
import { dummyPasswordHash, hashPassword, isCommonPassword, verifyPassword } from '../../platform/passwords.js';
import { findOpenInvitation, joinEstate } from '../invitations/service.js';
import type { UserRow } from '../../platform/auth.js';
import { toUserDto } from '../../platform/user-dto.js';
import { directionOf, type Language } from '@estate/domain/settings';
import { accountLinkMail, alreadyRegisteredMail, readerLanguage, type AccountReader } from '../../platform/mail-texts.js';

const CONFIRM_TTL_MS = 48 * 3600_000;
const RESET_TTL_MS = 30 * 60_000;
/** A rotated refresh token presented again this soon is a race between tabs, not theft. */
const ROTATION_GRACE_MS = 10_000;

export async function assertPasswordAllowed(password: string, field = 'password'): Promise<void> {
  if (await isCommonPassword(password)) {
    throw new AppError('validation_failed', says('auth.commonPassword'), {
      [field]: says('auth.commonPasswordField'),
    });
  }
}

/** What a single-use mailed link is for. */
export type OneTimePurpose = 'confirm-email' | 'reset-password' | 'sign-in-link';

export async function issueOneTimeToken(db: Db, userId: string, purpose: OneTimePurpose, ttlMs: number, now: Date) {
  const token = newSecretToken();
  await db.insert(oneTimeTokens).values({
    id: newId(),
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + ttlMs),
  });
  return token;
}

/**
 * Cancels a user's outstanding single-use links of these purposes (a used one is already spent): a reset or a
 * password change ends every other reset link; a confirmed address makes other confirmation links moot.
 */
export async function cancelOneTimeTokens(db: Db, userId: string, purposes: OneTimePurpose[], now: Date) {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.userId, userId), inArray(oneTimeTokens.purpose, purposes), isNull(oneTimeTokens.usedAt)));
}

/** Marks a single-use token used, atomically, and returns its user; refuses used or expired ones. */
export async function consumeOneTimeToken(db: Db, token: string, purpose: OneTimePurpose, now: Date) {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .returning({ userId: oneTimeTokens.userId });
  if (!row) {
    throw new AppError('validation_failed', says('auth.linkUsed'), {
      token: says('auth.linkUsedField'),
    });
  }
  return row.userId;
}

async function sendConfirmation(ctx: AppContext, user: UserRow): Promise<void> {
  const token = await issueOneTimeToken(ctx.db, user.id, 'confirm-email', CONFIRM_TTL_MS, ctx.now());
  const link = `${ctx.config.PUBLIC_URL}/pages/auth/mail-confirm?token=${token}`;
  await ctx.mailer.send(accountLinkMail(accountReader(user), 'confirm', link));
}

/** Someone registered with an address that already has an account: its owner hears of it, nobody else. */
async function sendAlreadyRegistered(ctx: AppContext, email: string, invited: boolean): Promise<void> {
  const [owner] = await ctx.db.select().from(users).where(eq(users.email, email));
  if (!owner || owner.accountStatus === 'disabled') return;
  const url = ctx.config.PUBLIC_URL;
  await ctx.mailer.send(alreadyRegisteredMail(accountReader(owner), { signInUrl: `${url}/login`, forgotUrl: `${url}/pages/auth/forgot-password`, invited }));
}

/** An account's mails are in the language saved with it. */
export function accountReader(user: UserRow): AccountReader {
  return { email: user.email, firstName: user.firstName, language: readerLanguage(user.settings) };
}

/**
 * Creates an account. The answer is the same whether or not the address already has one (so that
 * no one can find out who has an account here): the existing account's owner gets a mail instead.
 */
export async function registerUser(ctx: AppContext, body: z.infer<typeof registerBody>, language: Language = 'en'): Promise<User> {
  await assertPasswordAllowed(body.password);
  const now = ctx.now();
  const invitation = body.invitation ? await findOpenInvitation(ctx.db, body.invitation, now) : undefined;
  if (invitation && invitation.email !== body.email) {
    throw new AppError('validation_failed', says('auth.invitationOtherAddress'), {
      email: says('auth.invitationOtherAddressField'),
    });
  }
  const passwordHash = await hashPassword(body.password);
  const user = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        id: newId(),
        email: body.email,
        firstName: body.firstName,
        lastName: body.lastName,
        passwordHash,
        // The language of the page they registered on: their mails (the first one too) are in it,
        // and their pages in its direction from the first one on (Arabic right to left).
        settings: { language, direction: directionOf(language) },
        // The invitation link went to this address, so it counts as confirmed.
        emailConfirmedAt: invitation ? now : null,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!created) return undefined;
    if (invitation) await joinEstate(tx, invitation, created.id, now);
    return created;
  });
  if (!user) {
    await sendAlreadyRegistered(ctx, body.email, Boolean(invitation));
    // What a new account's answer would say; its id belongs to no one.
    return {
      id: newId(),
      firstName: body.firstName,
      lastName: body.lastName,
      displayName: `${body.firstName} ${body.lastName}`.trim(),
      email: body.email,
      emailConfirmed: Boolean(invitation),
      isAdmin: false,
      accountStatus: 'active',
      loginStatus: 'ok',
      createdAt: now.toISOString(),
    };
  }
  if (!invitation) await sendConfirmation(ctx, user);
  return toUserDto(user);
}

export async function confirmEmail(ctx: AppContext, token: string): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const userId = await consumeOneTimeToken(tx, token, 'confirm-email', now);
    await tx.update(users).set({ emailConfirmedAt: now }).where(and(eq(users.id, userId), isNull(users.emailConfirmedAt)));
    await cancelOneTimeTokens(tx, userId, ['confirm-email'], now);
  });
}

export async function resendConfirmation(ctx: AppContext, email: string): Promise<void> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  if (user && !user.emailConfirmedAt && user.accountStatus !== 'disabled') await sendConfirmation(ctx, user);
}

export type Session = { user: UserRow; accessToken: string; refreshToken: string; refreshExpiresAt: Date; sessionId: string };

/** How a session begins, and on which device (the browser's User-Agent, kept short). */
export type SessionStart = { via: SessionVia; userAgent: string | undefined };

/** A User-Agent is kept to this many characters: enough to name a browser and a system. */
const USER_AGENT_MAX = 400;

/**
 * Starts a session (a new refresh-token family), or continues one (`continues`, at a refresh): a
 * session lives REFRESH_TOKEN_TTL_DAYS from its last use, and never longer than
 * REFRESH_TOKEN_MAX_DAYS from its sign-in, however often it is refreshed.
 */
export async function startSession(
  ctx: AppContext,
  user: UserRow,
  start: SessionStart | { continues: typeof refreshTokens.$inferSelect },
): Promise<Session> {
  const now = ctx.now();
  const refreshToken = newSecretToken();
  const previous = 'continues' in start ? start.continues : undefined;
  const familyId = previous?.familyId ?? newId();
  const startedAt = previous?.sessionStartedAt ?? now;
  const sliding = now.getTime() + ctx.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000;
  const absolute = startedAt.getTime() + ctx.config.REFRESH_TOKEN_MAX_DAYS * 86_400_000;
  const refreshExpiresAt = new Date(Math.min(sliding, absolute));
  await ctx.db.insert(refreshTokens).values({
    id: newId(),
    userId: user.id,
    familyId,
    tokenHash: hashToken(refreshToken),
    expiresAt: refreshExpiresAt,
    createdAt: now,
    sessionStartedAt: startedAt,
    via: previous?.via ?? ('via' in start ? start.via : 'password'),
    userAgent: previous?.userAgent ?? ('userAgent' in start ? (start.userAgent ?? '').slice(0, USER_AGENT_MAX) : ''),
  });
  const accessToken = await ctx.tokens.sign({ userId: user.id, sessionId: familyId, generation: user.sessionGeneration }, now);
  return { user, accessToken, refreshToken, refreshExpiresAt, sessionId: familyId };
}

export async function login(ctx: AppContext, log: FastifyBaseLogger, body: z.infer<typeof loginBody>, userAgent?: string): Promise<Session> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, body.email));
  const ok = user ? await verifyPassword(user.passwordHash, body.password) : await verifyPassword(await dummyPasswordHash(), body.password);
  if (!user || !ok) {
    log.warn({ email: body.email }, 'sign-in failed');
    // One message for unknown email and wrong password, so accounts cannot be discovered.
    throw new AppError('invalid_credentials', says('auth.wrongPassword'), {
      password: says('auth.wrongPassword'),
    });
  }
  if (user.accountStatus === 'disabled') {
    log.warn({ userId: user.id }, 'sign-in refused: account disabled');
    throw new AppError('account_disabled', says('auth.disabled'));
  }
  if (!user.emailConfirmedAt) {
    log.info({ userId: user.id }, 'sign-in refused: email not confirmed');
    throw new AppError('email_not_confirmed', says('auth.confirmFirst'), {
      email: says('auth.confirmFirstField'),
    });
  }
  log.info({ userId: user.id }, 'signed in');
  return startSession(ctx, user, { via: 'password', userAgent });
}

export async function refreshSession(ctx: AppContext, log: FastifyBaseLogger, token: string | undefined): Promise<Session> {
  const invalid = new AppError('unauthenticated', says('code.token_expired'));
  if (!token) throw invalid;
  const now = ctx.now();
  const [row] = await ctx.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(token)));
  if (!row || row.revokedAt || row.expiresAt <= now) throw invalid;
  // The absolute lifetime (tokens issued before a lower REFRESH_TOKEN_MAX_DAYS are held to it too).
  if (row.sessionStartedAt.getTime() + ctx.config.REFRESH_TOKEN_MAX_DAYS * 86_400_000 <= now.getTime()) throw invalid;
  if (row.rotatedAt) {
    if (now.getTime() - row.rotatedAt.getTime() > ROTATION_GRACE_MS) {
      // A token that was already exchanged came back: assume it was stolen and end the whole family.
      log.warn({ userId: row.userId }, 'refresh token reuse detected; session family revoked');
      await endSession(ctx, row.userId, row.familyId);
    }
    throw invalid;
  }
  const [claimed] = await ctx.db
    .update(refreshTokens)
    .set({ rotatedAt: now })
    .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.rotatedAt)))
    .returning();
  if (!claimed) throw invalid;
  const [user] = await ctx.db.select().from(users).where(eq(users.id, row.userId));
  if (!user || user.accountStatus === 'disabled') throw invalid;
  return startSession(ctx, user, { continues: claimed });
}

export async function logout(ctx: AppContext, token: string | undefined): Promise<void> {
  if (!token) return;
  const [row] = await ctx.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(token)));
  if (row) await endSession(ctx, row.userId, row.familyId);
}

/**
 * Ends one session (a refresh-token family) at once: its refresh tokens stop, its access tokens are
 * refused (the user row lists it until they would have expired anyway), and its open event
 * streams close, in every server process.
 */
export async function endSession(ctx: AppContext, userId: string, sessionId: string): Promise<void> {
  const now = ctx.now();
  // A minute of slack for clocks of several servers; older entries are dropped at each sign-out.
  const until = new Date(now.getTime() + (ctx.config.ACCESS_TOKEN_TTL_SECONDS + 60) * 1000).toISOString();
  await ctx.db.transaction(async (tx) => {
    await tx.update(refreshTokens).set({ revokedAt: now }).where(and(eq(refreshTokens.familyId, sessionId), isNull(refreshTokens.revokedAt)));
    await tx
      .update(users)
      .set({
        endedSessions: sql`(select coalesce(jsonb_agg(e), '[]'::jsonb) from jsonb_array_elements(${users.endedSessions}) e
          where (e->>'until')::timestamptz > ${now.toISOString()}::timestamptz)
          || jsonb_build_array(jsonb_build_object('sid', ${sessionId}::text, 'until', ${until}::text))`,
      })
      .where(eq(users.id, userId));
  });
  await ctx.events.endSessions({ userId, sessionId });
}

/**
 * Ends every session of a user (password change or reset, disabling): refresh tokens revoked and
 * the session generation raised, so every access token issued before stops. Runs inside the
 * caller's transaction; the caller then calls `announceSessionsEnded` once it committed.
 */
export async function revokeAllSessions(db: Db, userId: string, now: Date): Promise<number> {
  await db.update(refreshTokens).set({ revokedAt: now }).where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  const [row] = await db
    .update(users)
    .set({ sessionGeneration: sql`${users.sessionGeneration} + 1` })
    .where(eq(users.id, userId))
    .returning({ generation: users.sessionGeneration });
  return row?.generation ?? 0;
}

/** Closes the user's open event streams opened before `generation`, in every server process. */
export async function announceSessionsEnded(ctx: AppContext, userId: string, generation: number): Promise<void> {
  await ctx.events.endSessions({ userId, generation });
}

export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  if (!user || user.accountStatus === 'disabled') return;
  const token = await issueOneTimeToken(ctx.db, user.id, 'reset-password', RESET_TTL_MS, ctx.now());
  const link = `${ctx.config.PUBLIC_URL}/pages/auth/reset-password?token=${token}`;
  await ctx.mailer.send(accountLinkMail(accountReader(user), 'reset', link));
}

/**
 * Sets a new password with a mailed reset link, ends every session, and signs this device in (the
 * link proved the mailbox, as a sign-in link does); the session is listed as begun by a reset link.
 */
export async function resetPassword(ctx: AppContext, body: z.infer<typeof resetPasswordBody>, userAgent?: string): Promise<Session | undefined> {
  await assertPasswordAllowed(body.password);
  const passwordHash = await hashPassword(body.password);
  const now = ctx.now();
  const ended = await ctx.db.transaction(async (tx) => {
    const userId = await consumeOneTimeToken(tx, body.token, 'reset-password', now);
    await tx
      .update(users)
      .set({ passwordHash, loginStatus: 'ok', emailConfirmedAt: now, updatedAt: now })
      .where(eq(users.id, userId));
    // Every other reset link dies with this one (and sign-in links); the address is proven, so confirmation links too.
    await cancelOneTimeTokens(tx, userId, ['reset-password', 'confirm-email', 'sign-in-link'], now);
    return { userId, generation: await revokeAllSessions(tx, userId, now) };
  });
  await announceSessionsEnded(ctx, ended.userId, ended.generation);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, ended.userId));
  if (!user || user.accountStatus === 'disabled') return undefined;
  return startSession(ctx, user, { via: 'reset', userAgent });
}

/** Changes the password, ends every other session and starts a fresh one for this device. */
export async function changePassword(ctx: AppContext, user: UserRow, body: z.infer<typeof changePasswordBody>, userAgent?: string): Promise<Session> {
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
    throw new AppError('validation_failed', says('auth.wrongCurrentPassword'), {
      currentPassword: says('auth.wrongCurrentPassword'),
    });
  }
  await assertPasswordAllowed(body.newPassword, 'newPassword');
  const passwordHash = await hashPassword(body.newPassword);
  const now = ctx.now();
  const generation = await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, loginStatus: 'ok', updatedAt: now }).where(eq(users.id, user.id));
    await cancelOneTimeTokens(tx, user.id, ['reset-password', 'sign-in-link'], now);
    return revokeAllSessions(tx, user.id, now);
  });
  await announceSessionsEnded(ctx, user.id, generation);
  return startSession(ctx, { ...user, passwordHash, loginStatus: 'ok', sessionGeneration: generation }, { via: 'password', userAgent });
}
