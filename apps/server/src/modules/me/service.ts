/** The signed-in person: profile, memberships and saved interface settings. */
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { estateRoles } from '@estate/domain/roles';
import { DEFAULT_SETTINGS, settingsSchema, type Settings, type updateMeBody } from '@estate/domain/schemas/account';
import { directionOf } from '@estate/domain/settings';
import { estates, memberships, users } from '../../db/schema.js';
import type { UserRow } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { toUserDto } from '../../platform/user-dto.js';

/** Stored settings merged over the defaults; anything stale or unknown falls back to the default. */
export function effectiveSettings(stored: Record<string, unknown>): Settings {
  // A language saved without a direction (registration saves only the language) reads in its own direction.
  const merged = { ...DEFAULT_SETTINGS, direction: directionOf(stored['language']), ...stored };
  const parsed = settingsSchema.safeParse(merged);
  if (parsed.success) return parsed.data;
  const clean: Record<string, unknown> = { ...DEFAULT_SETTINGS, direction: directionOf(stored['language']) };
  for (const [key, value] of Object.entries(stored)) {
    const field = settingsSchema.shape[key as keyof Settings] as z.ZodType | undefined;
    if (field?.safeParse(value).success) clean[key] = value;
  }
  return clean as Settings;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The person, their estates and settings, and the sign-ins by an emailed link on other sessions
 * than `sessionId` (read from the user row: no query), which the app tells them of once. The
 * installation's administrator whose chosen estate is not one of theirs is visiting it for support:
 * it is listed too, with the visit's only role, Admin (99), so the web asks the policy as the server
 * does (`estateRoles`): everything every member reads, no write.
 */
export async function getMe(ctx: AppContext, user: UserRow, sessionId?: string) {
  const settings = effectiveSettings(user.settings);
  const rows: { estateId: string; estateName: string; stage: number; roles: number[] }[] = await ctx.db
    .select({ estateId: estates.id, estateName: estates.name, stage: estates.stage, roles: memberships.roles })
    .from(memberships)
    .innerJoin(estates, eq(estates.id, memberships.estateId))
    .where(eq(memberships.userId, user.id))
    .orderBy(asc(estates.name));
  const chosen = settings.currentEstateId;
  if (user.isAdmin && chosen && UUID.test(chosen) && !rows.some((r) => r.estateId === chosen)) {
    const [visit] = await ctx.db.select({ estateId: estates.id, estateName: estates.name, stage: estates.stage }).from(estates).where(eq(estates.id, chosen));
    if (visit) rows.push({ ...visit, roles: estateRoles(null, true) });
  }
  const linkSignIns = user.linkSignIns.filter((s) => s.sid !== sessionId).map((s) => ({ sessionId: s.sid, at: s.at, userAgent: s.userAgent }));
  return { user: toUserDto(user), memberships: rows, settings, linkSignIns };
}

export async function updateMe(ctx: AppContext, user: UserRow, body: z.infer<typeof updateMeBody>) {
  const firstName = body.firstName ?? user.firstName;
  const lastName = body.lastName ?? user.lastName;
  const settings = body.settings ? { ...effectiveSettings(user.settings), ...body.settings } : user.settings;
  // A profile with both names is complete; "pending profile" ends here.
  const accountStatus = user.accountStatus === 'pending-profile' && firstName && lastName ? 'active' : user.accountStatus;
  const [updated] = await ctx.db
    .update(users)
    .set({ firstName, lastName, settings, accountStatus, updatedAt: ctx.now() })
    .where(eq(users.id, user.id))
    .returning();
  return { user: toUserDto(updated!), settings: effectiveSettings(updated!.settings) };
}
