/**
 * Who is calling, and what they may do in an estate. Handlers call `requireUser` and
 * `requireEstateAccess` and never look at headers or membership rows themselves.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { authorize, type Action, type Decision, type ResourceFacts } from '@estate/domain/permissions';
import { Role } from '@estate/domain/roles';
import { STAGE_NAMES, isStageCode, type StageCode } from '@estate/domain/stages';
import { estates, memberships, users } from '../db/schema.js';
import type { AppContext } from './context.js';
import { AppError, byPolicy, notFound } from './errors.js';
import type { AccessClaims } from './tokens.js';

export type UserRow = typeof users.$inferSelect;
export type EstateRow = typeof estates.$inferSelect;

export type EstateAccess = {
  user: UserRow;
  estate: EstateRow;
  stage: StageCode;
  /** The caller's roles in this estate; admins also carry 99. */
  roles: number[];
};

function bearer(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice('Bearer '.length).trim() || undefined;
}

/** The verified token of each request, for `usableUser` and for streams that end at its expiry. */
const requestClaims = new WeakMap<FastifyRequest, AccessClaims>();

/** The access token's claims on a request that passed `callerId` (signed-in routes only). */
export function accessClaims(req: FastifyRequest): AccessClaims {
  const claims = requestClaims.get(req);
  if (!claims) throw new Error(`${req.routeOptions.url} has no signed-in caller`);
  return claims;
}

/** The user id from a valid access token; the token alone never proves the account is still usable. */
async function callerId(ctx: AppContext, req: FastifyRequest): Promise<string> {
  const token = bearer(req);
  if (!token) throw new AppError('unauthenticated', 'Please sign in.');
  const claims = await ctx.tokens.verify(token, ctx.now());
  requestClaims.set(req, claims);
  return claims.userId;
}

/**
 * Whether a token's session is still open for this user row: signing out ended that session, a
 * password change, reset or disabling raised the generation. Read from the row already loaded for
 * the request, so it costs no query. Used by live streams too.
 */
export function sessionOpen(user: Pick<UserRow, 'sessionGeneration' | 'endedSessions'>, claims: AccessClaims): boolean {
  return claims.generation === user.sessionGeneration && !user.endedSessions.some((s) => s.sid === claims.sessionId);
}

function usableUser(user: UserRow | null | undefined, req: FastifyRequest, options: { allowForcedReset?: boolean }): UserRow {
  if (!user) throw new AppError('unauthenticated', 'Invalid access.');
  if (user.accountStatus === 'disabled') {
    throw new AppError(
      'account_disabled',
      'This account has been disabled. Please contact the administrator.',
    );
  }
  const claims = requestClaims.get(req);
  // token_expired, so a client holding a fresh refresh cookie (the device that changed the password) carries on.
  if (!claims || !sessionOpen(user, claims)) throw new AppError('token_expired', 'Your session has ended. Please sign in again.');
  if (user.loginStatus === 'forced-reset' && !options.allowForcedReset) {
    throw new AppError('password_reset_required', 'Please choose a new password before continuing.');
  }
  return user;
}

/**
 * The signed-in user, checked against the database (or the read cache, which forgets everything
 * at the next write) on every request, so that a disabled account stops at once. A user who must reset their password may only do that (`allowForcedReset`).
 */
export async function requireUser(
  ctx: AppContext,
  req: FastifyRequest,
  options: { allowForcedReset?: boolean } = {},
): Promise<UserRow> {
  const userId = await callerId(ctx, req);
  const user = await ctx.reads.get(
    `user:${userId}`,
    async () => (await ctx.db.select().from(users).where(eq(users.id, userId)))[0],
  );
  return usableUser(user, req, options);
}

/**
 * Loads the caller, the estate and the caller's roles in it in one query (this runs on nearly
 * every request). Non-members get 404, exactly as for unknown ids.
 */
export async function requireEstateAccess(
  ctx: AppContext,
  req: FastifyRequest,
  estateId: string,
  action: Action,
  facts: ResourceFacts = {},
): Promise<EstateAccess> {
  const userId = await callerId(ctx, req);
  const row = await ctx.reads.get(`access:${userId}:${estateId}`, async () => {
    const [found] = await ctx.db
      .select({ user: users, estate: estates, roles: memberships.roles })
      .from(users)
      .leftJoin(estates, eq(estates.id, estateId))
      .leftJoin(memberships, and(eq(memberships.estateId, estates.id), eq(memberships.userId, users.id)))
      .where(eq(users.id, userId));
    return found;
  });
  const user = usableUser(row?.user, req, {});
  if (!row?.estate || (!row.roles && !user.isAdmin)) {
    if (row?.estate)
      req.log.warn({ userId: user.id, estateId, action }, 'refused: not a member of the estate');
    throw byPolicy(notFound('That estate'));
  }
  const estate = row.estate;
  const roles = [...(row.roles ?? []), ...(user.isAdmin ? [Role.Admin] : [])];
  const stage = isStageCode(estate.stage) ? estate.stage : 0;
  const decision = authorize(action, { roles, stage }, facts);
  if (!decision.ok) {
    req.log.warn({ userId: user.id, estateId, action, reason: decision.reason }, 'refused authorization');
    throw refusal(decision, stage);
  }
  return { user, estate, stage, roles };
}

/** The error a policy refusal answers with: 403 for a role, 409 naming the stages otherwise. */
export function refusal(decision: Exclude<Decision, { ok: true }>, stage: StageCode): AppError {
  if (decision.reason === 'role') return byPolicy(new AppError('forbidden', 'Your role in this estate does not allow this.'));
  if (decision.reason === 'condition') return byPolicy(new AppError('wrong_stage', decision.says));
  const allowed = decision.allowedStages.map((s) => `"${STAGE_NAMES[s]}"`).join(' or ');
  return byPolicy(new AppError('wrong_stage', `This can only be done in the stage ${allowed}; the estate is in "${STAGE_NAMES[stage]}".`));
}

export function requireAdmin(user: UserRow, req: FastifyRequest): void {
  if (!user.isAdmin) {
    req.log.warn({ userId: user.id, url: req.routeOptions.url }, 'refused: admin only');
    throw byPolicy(new AppError('forbidden', 'Only an administrator can do this.'));
  }
}
