/**
 * Reading the activity log. Events about private inputs or contact details are shown only to
 * trustees and observers; for everyone else, any email address an event holds is left out too.
 */
import { desc, eq, lt } from 'drizzle-orm';
import { can } from '@estate/domain/permissions';
import { activityEvents, users } from '../../db/schema.js';
import type { EstateAccess } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { inEstate } from '../../platform/tenancy.js';

/** An event's value without email addresses (the members list shows names, never addresses). */
function withoutAddresses(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !/email/i.test(key)));
}

export async function listActivity(ctx: AppContext, access: EstateAccess, cursor: string | undefined, limit: number, action?: string) {
  const seeAll = can('activity.viewAll', access);
  const rows = await ctx.db
    .select({ event: activityEvents, firstName: users.firstName, lastName: users.lastName })
    .from(activityEvents)
    .leftJoin(users, eq(users.id, activityEvents.actorId))
    .where(
      inEstate(
        activityEvents,
        access.estate.id,
        seeAll ? undefined : eq(activityEvents.visibility, 'members'),
        cursor ? lt(activityEvents.id, cursor) : undefined,
        action ? eq(activityEvents.action, action) : undefined,
      ),
    )
    .orderBy(desc(activityEvents.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    events: page.map(({ event, firstName, lastName }) => ({
      id: event.id,
      actorName: firstName === null ? null : `${firstName} ${lastName ?? ''}`.trim(),
      action: event.action,
      entity: event.entity,
      entityId: event.entityId,
      field: event.field,
      from: seeAll ? event.from : withoutAddresses(event.from),
      to: seeAll ? event.to : withoutAddresses(event.to),
      at: event.at.toISOString(),
    })),
    nextCursor: rows.length > limit ? (page.at(-1)?.event.id ?? null) : null,
  };
}
