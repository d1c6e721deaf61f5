/**
 * The installation's administrator visiting an estate they are not a member of (a support visit,
 * read-only: the policy's `support` refusal) is written to the estate's activity log, which every
 * member reads. One entry per administrator, estate and half hour, so a visit is one line: the
 * access hook asks a small in-process memory first and the log itself only once per half hour.
 */
import { desc, eq, gt } from 'drizzle-orm';
import { activityEvents } from '../db/schema.js';
import type { AppContext } from './context.js';
import { newId } from './ids.js';
import { inEstate } from './tenancy.js';

/** The log's action for a support visit (the support view's POST and the estate's pages alike). */
export const SUPPORT_VISIT_ACTION = 'estate.support-opened';

/** How long one visit lasts: requests within it add no entry. */
export const SUPPORT_VISIT_MS = 30 * 60 * 1000;

/** When each administrator's visit of each estate was last written, per app context. */
const lastWritten = new WeakMap<AppContext, Map<string, number>>();

/**
 * Records that `adminId` is visiting `estateId` for support, unless a visit of theirs to it was
 * recorded within the last half hour (by this process, or another: the log is asked once).
 */
export async function noteSupportVisit(ctx: AppContext, adminId: string, estateId: string): Promise<void> {
  const now = ctx.now();
  let seen = lastWritten.get(ctx);
  if (!seen) lastWritten.set(ctx, (seen = new Map<string, number>()));
  const key = `${adminId}:${estateId}`;
  const last = seen.get(key);
  if (last !== undefined && now.getTime() - last < SUPPORT_VISIT_MS) return;
  // Claimed before the awaits, so requests arriving together write one entry.
  seen.set(key, now.getTime());
  if (seen.size > 10_000) seen.clear();
  const since = new Date(now.getTime() - SUPPORT_VISIT_MS);
  const [recent] = await ctx.db
    .select({ at: activityEvents.at })
    .from(activityEvents)
    .where(inEstate(activityEvents, estateId, eq(activityEvents.actorId, adminId), eq(activityEvents.action, SUPPORT_VISIT_ACTION), gt(activityEvents.at, since)))
    .orderBy(desc(activityEvents.at))
    .limit(1);
  if (recent) {
    seen.set(key, recent.at.getTime());
    return;
  }
  await ctx.db.insert(activityEvents).values({
    id: newId(),
    estateId,
    actorId: adminId,
    action: SUPPORT_VISIT_ACTION,
    entity: 'estate',
    entityId: estateId,
    field: 'support',
    to: { readOnly: true },
    visibility: 'members',
    at: now,
  });
}
