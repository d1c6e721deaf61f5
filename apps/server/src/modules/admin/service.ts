/** Installation administration: accounts and the mail outbox. */
import { asc, desc, eq } from 'drizzle-orm';
import { outbox, users } from '../../db/schema.js';
import type { UserRow } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound, says } from '../../platform/errors.js';
import { toUserDto } from '../../platform/user-dto.js';
import { redactLinks } from '../../platform/mail.js';
import { announceSessionsEnded, cancelOneTimeTokens, revokeAllSessions } from '../auth/service.js';

export async function listUsers(ctx: AppContext) {
  const rows = await ctx.db.select().from(users).orderBy(asc(users.lastName), asc(users.firstName));
  return rows.map(toUserDto);
}

export type AccountChange = {
  accountStatus?: 'active' | 'pending-profile' | 'disabled';
  loginStatus?: 'ok' | 'forced-reset';
};

export async function updateAccount(ctx: AppContext, admin: UserRow, userId: string, change: AccountChange) {
  if (userId === admin.id && change.accountStatus === 'disabled') {
    throw new AppError('conflict', says('admin.ownAccount'));
  }
  const now = ctx.now();
  const updated = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.update(users).set({ ...change, updatedAt: now }).where(eq(users.id, userId)).returning();
    if (!row) throw notFound('That account');
    if (change.accountStatus !== 'disabled') return { row, endedGeneration: undefined };
    // Disabling stops the account at once: its refresh tokens and mailed links die, its access
    // tokens stop (and stay stopped if it is enabled again), and its open event streams close.
    await cancelOneTimeTokens(tx, userId, ['reset-password', 'confirm-email'], now);
    return { row, endedGeneration: await revokeAllSessions(tx, userId, now) };
  });
  if (updated.endedGeneration !== undefined) await announceSessionsEnded(ctx, userId, updated.endedGeneration);
  return toUserDto(updated.row);
}

/**
 * The newest mails. With a mail server set, or for a mail it accepted, links are shown without
 * their secret (api.md): the administrator never reads a live sign-in, reset or invitation link of
 * someone else. Without one, the outbox is how mail is delivered and shows them whole.
 */
export async function listOutbox(ctx: AppContext) {
  const rows = await ctx.db.select().from(outbox).orderBy(desc(outbox.id)).limit(200);
  return rows.map((m) => ({
    id: m.id,
    to: m.to,
    subject: m.subject,
    text: ctx.config.SMTP_URL || m.sentAt ? redactLinks(m.text) : m.text,
    sentAt: m.sentAt?.toISOString() ?? null,
    error: m.error,
    createdAt: m.createdAt.toISOString(),
  }));
}
