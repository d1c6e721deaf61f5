/** First run: while no account exists, anyone who can reach the server creates the first admin. */
import { count } from 'drizzle-orm';
import type { z } from 'zod';
import type { setupBody } from '@estate/domain/schemas/account';
import { system, users } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, says } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { hashPassword, isCommonPassword } from '../../platform/passwords.js';

export async function needsSetup(ctx: AppContext): Promise<boolean> {
  const [row] = await ctx.db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

export async function createFirstAdmin(ctx: AppContext, body: z.infer<typeof setupBody>) {
  if (await isCommonPassword(body.password)) {
    throw new AppError('validation_failed', says('auth.commonPassword'), {
      password: says('auth.commonPasswordField'),
    });
  }
  const passwordHash = await hashPassword(body.password);
  const alreadySetUp = new AppError('conflict', says('setup.done'));
  return ctx.db.transaction(async (tx) => {
    // The primary key on `system.key` lets exactly one concurrent set-up win.
    const claimed = await tx.insert(system).values({ key: 'setup', value: new Date().toISOString() }).onConflictDoNothing().returning();
    if (claimed.length === 0) throw alreadySetUp;
    const [existing] = await tx.select({ n: count() }).from(users);
    if ((existing?.n ?? 0) > 0) throw alreadySetUp;
    const [user] = await tx
      .insert(users)
      .values({
        id: newId(),
        email: body.email,
        firstName: body.firstName,
        lastName: body.lastName,
        passwordHash,
        isAdmin: true,
        emailConfirmedAt: ctx.now(),
      })
      .returning();
    return user!;
  });
}
