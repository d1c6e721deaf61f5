/**
 * Who is calling, and what they may do in an estate. Handlers call `requireUser` and
 * `requireEstateAccess` and never look at headers or membership rows themselves.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { authorize, type Action, type Decision, type Intent, type ResourceFacts } from '@estate/domain/permissions';
import { estateRoles } from '@estate/domain/roles';
import { STAGE_NAMES, isStageCode, type StageCode } from '@estate/domain/stages';
import { preparedByText } from '../db/client.js';
import { estates, memberships, users } from '../db/schema.js';
import type { AppContext } from './context.js';
import { isRefusalReason, type RefusalReason } from './refusals.js';
import { AppError, byPolicy, notFound, says } from './errors.js';
import type { AccessClaims } from './tokens.js';

export type UserRow = typeof users.$inferSelect;
export type EstateRow = typeof estates.$inferSelect;

export type EstateAccess = {
  user: UserRow;
  estate: EstateRow;
  stage: StageCode;
  /**
   * The caller's roles in this estate (`estateRoles`): a member's own, the administrator's flag adds
   * nothing; the administrator without a membership has only 99, a read-only support visit.
   */
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
  if (!token) throw new AppError('unauthenticated', { reason: 'code.unauthenticated', english: 'Please sign in.' });
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
  if (!user) throw new AppError('unauthenticated', says('auth.invalidAccess'));
  if (user.accountStatus === 'disabled') {
    throw new AppError(
      'account_disabled',
      says('auth.disabled'),
    );
  }
  const claims = requestClaims.get(req);
  // token_expired, so a client holding a fresh refresh cookie (the device that changed the password) carries on.
  if (!claims || !sessionOpen(user, claims)) throw new AppError('token_expired', says('code.token_expired'));
  if (user.loginStatus === 'forced-reset' && !options.allowForcedReset) {
    throw new AppError('password_reset_required', { reason: 'code.password_reset_required', english: 'Please choose a new password before continuing.' });
  }
  return user;
}

/**
 * The signed-in user, checked against the database (or the access cache, which forgets it at the
 * next write to the users table or outside an estate) on every request, so that a disabled account stops at once. A user who must reset their password may only do that (`allowForcedReset`).
 */
export async function requireUser(
  ctx: AppContext,
  req: FastifyRequest,
  options: { allowForcedReset?: boolean } = {},
): Promise<UserRow> {
  const userId = await callerId(ctx, req);
  const user = await ctx.access.get(
    `user:${userId}`,
    async () => (await ctx.db.select().from(users).where(eq(users.id, userId)))[0],
    null,
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
  intent: Intent = 'read',
  /** Facts read from the addressed row, only when a rule's condition needs them (see route-access.ts). */
  rowFacts?: (userId: string) => Promise<ResourceFacts>,
): Promise<EstateAccess> {
  const userId = await callerId(ctx, req);
  // Kept until the next write to this estate's row or memberships (or to the users table, or outside any estate).
  const row = await ctx.access.get(`access:${userId}:${estateId}`, async () => {
    const [found] = await preparedByText(
      ctx.db
        .select({ user: users, estate: estates, roles: memberships.roles })
        .from(users)
        .leftJoin(estates, eq(estates.id, estateId))
        .leftJoin(memberships, and(eq(memberships.estateId, estates.id), eq(memberships.userId, users.id)))
        .where(eq(users.id, userId)),
    );
    return found;
  }, { access: estateId });
  const user = usableUser(row?.user, req, {});
  if (!row?.estate || (!row.roles && !user.isAdmin)) {
    if (row?.estate)
      req.log.warn({ userId: user.id, estateId, action }, 'refused: not a member of the estate');
    throw byPolicy(notFound('That estate'));
  }
  const estate = row.estate;
  const roles = estateRoles(row.roles, user.isAdmin);
  const stage = isStageCode(estate.stage) ? estate.stage : 0;
  let decision = authorize(action, { roles, stage }, facts, intent);
  // Role and stage allow it but a condition on the row does not yet (e.g. "their own"): read the row.
  if (!decision.ok && decision.reason === 'condition' && rowFacts) {
    decision = authorize(action, { roles, stage }, { ...facts, ...(await rowFacts(user.id)) }, intent);
  }
  if (!decision.ok) {
    req.log.warn({ userId: user.id, estateId, action, reason: decision.reason }, 'refused authorization');
    throw refusal(decision, stage);
  }
  return { user, estate, stage, roles };
}

/**
 * The error a policy refusal answers with: 403 for a role, 403 `support_read_only` for the
 * administrator's support visit writing, 409 `estate_closed` for a write to a
 * closed estate, 409 naming the stages otherwise.
 */
export function refusal(decision: Exclude<Decision, { ok: true }>, stage: StageCode): AppError {
  if (decision.reason === 'role') return byPolicy(new AppError('forbidden', says('policy.role')));
  // "You are visiting this estate to help; you can look, but not change anything."
  if (decision.reason === 'support') return byPolicy(new AppError('support_read_only', says('policy.support')));
  // In the reader's language: "This estate is closed: it is kept as a record and nothing in it can change any more."
  if (decision.reason === 'closed') return byPolicy(new AppError('estate_closed', says('code.estate_closed')));
  if (decision.reason === 'condition') {
    const said = decision.refusal && isRefusalReason(decision.refusal.reason) ? decision.refusal : undefined;
    return byPolicy(new AppError(decision.forbids ? 'forbidden' : 'wrong_stage', said ? { reason: said.reason as RefusalReason, params: said.params, english: decision.says } : decision.says));
  }
  const allowed = decision.allowedStages.map((s) => `"${STAGE_NAMES[s]}"`).join(' or ');
  const english = `This can only be done in the stage ${allowed}; the estate is in "${STAGE_NAMES[stage]}".`;
  return byPolicy(new AppError('wrong_stage', { reason: 'policy.stage', params: { stages: decision.allowedStages, stage }, english }));
}

export function requireAdmin(user: UserRow, req: FastifyRequest): void {
  if (!user.isAdmin) {
    req.log.warn({ userId: user.id, url: req.routeOptions.url }, 'refused: admin only');
    throw byPolicy(new AppError('forbidden', says('policy.admin')));
  }
}
