/**
 * Reading the activity log. Events about private inputs or contact details are shown only to
 * trustees and observers; for everyone else, any email address an event holds is left out too.
 * Each entry comes with its sentence (issue 30: the Activity page), and may be filtered by what it
 * is about (a category), an item or a person.
 */
import { and, desc, eq, like, lt, not, or, type SQL } from 'drizzle-orm';
import { can } from '@estate/domain/permissions';
import { CATEGORY_ACTIONS, type ActivityCategory } from '@estate/domain/schemas/history';
import { activityEvents, users } from '../../db/schema.js';
import type { EstateAccess } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { inEstate } from '../../platform/tenancy.js';
import { itemNames, sentenceOf } from './sentences.js';

/** An event's value without email addresses (the members list shows names, never addresses). */
export function withoutAddresses(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !/email/i.test(key)));
}

export type ActivityFilter = {
  category?: ActivityCategory | undefined;
  itemId?: string | undefined;
  memberId?: string | undefined;
  /** Only entries of this action (e.g. `estate.support-opened`, the administrator's visits). */
  action?: string | undefined;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const anyPrefix = (prefixes: readonly string[]): SQL => or(...prefixes.map((prefix) => like(activityEvents.action, `${escapeLike(prefix)}%`)))!;

/** A category's actions (by prefix); the stages' "estate." leaves out the support visits. */
function categoryCondition(category: ActivityCategory): SQL {
  const condition = anyPrefix(CATEGORY_ACTIONS[category]);
  return category === 'stages' ? and(condition, not(anyPrefix(CATEGORY_ACTIONS.support)))! : condition;
}

export async function listActivity(ctx: AppContext, access: EstateAccess, cursor: string | undefined, limit: number, filter: ActivityFilter = {}) {
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
        filter.category ? categoryCondition(filter.category) : undefined,
        filter.itemId ? eq(activityEvents.entityId, filter.itemId) : undefined,
        filter.memberId ? or(eq(activityEvents.actorId, filter.memberId), eq(activityEvents.entityId, filter.memberId)) : undefined,
        filter.action ? eq(activityEvents.action, filter.action) : undefined,
      ),
    )
    .orderBy(desc(activityEvents.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const names = await itemNames(ctx.db, access.estate.id, page.map((r) => r.event));
  return {
    events: page.map(({ event, firstName, lastName }) => {
      const sentence = sentenceOf(event, names);
      return {
        id: event.id,
        actorId: event.actorId,
        actorName: firstName === null ? null : `${firstName} ${lastName ?? ''}`.trim(),
        action: event.action,
        entity: event.entity,
        entityId: event.entityId,
        field: event.field,
        from: seeAll ? event.from : withoutAddresses(event.from),
        to: seeAll ? event.to : withoutAddresses(event.to),
        at: event.at.toISOString(),
        sentence: { kind: sentence.kind, values: sentence.values },
        itemId: sentence.itemId,
      };
    }),
    nextCursor: rows.length > limit ? (page.at(-1)?.event.id ?? null) : null,
  };
}
