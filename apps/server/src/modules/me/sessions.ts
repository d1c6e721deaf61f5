/**
 * A person's sessions (issue 31; api.md `GET/DELETE /api/me/sessions`), read from the refresh
 * tokens that already are the sessions (one family a sign-in, ADR 0002): no second store. A session
 * is open while its newest token is neither rotated, revoked nor expired.
 */
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { SessionInfo } from '@estate/domain/schemas/sessions';
import { refreshTokens } from '../../db/schema.js';
import type { UserRow } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { endSession } from '../auth/service.js';

/** The person's open sessions, newest sign-in first; `current` marks the one asking. */
export async function listSessions(ctx: AppContext, user: UserRow, currentSessionId: string): Promise<SessionInfo[]> {
  const now = ctx.now();
  const rows = await ctx.db
    .select()
    .from(refreshTokens)
    .where(and(eq(refreshTokens.userId, user.id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, now)))
    .orderBy(asc(refreshTokens.createdAt));
  // One row per session (the newest token of its family; two tabs racing may briefly leave two).
  const byFamily = new Map<string, (typeof rows)[number]>();
  for (const row of rows) byFamily.set(row.familyId, row);
  return [...byFamily.values()]
    .sort((a, b) => b.sessionStartedAt.getTime() - a.sessionStartedAt.getTime())
    .map((row) => ({
      id: row.familyId,
      createdAt: row.sessionStartedAt.toISOString(),
      lastUsedAt: row.createdAt.toISOString(),
      userAgent: row.userAgent,
      current: row.familyId === currentSessionId,
      via: row.via,
    }));
}

/**
 * Ends one of the person's sessions: its refresh token stops, its access tokens are refused and its
 * live streams close at once (as signing out there would). Another person's session is 404, as an
 * unknown one.
 */
export async function endMySession(ctx: AppContext, user: UserRow, sessionId: string): Promise<void> {
  const [row] = await ctx.db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.userId, user.id), eq(refreshTokens.familyId, sessionId), isNull(refreshTokens.revokedAt)))
    .limit(1);
  if (!row) throw notFound('That session');
  await endSession(ctx, user.id, sessionId);
}
