/** The administrator's list of estates and the read-only support view (admin-routes.ts). */
import { desc, eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { activityEvents, memberships, users } from '../../db/schema.js';
import type { UserRow } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { noteSupportVisit } from '../../platform/support-visits.js';
import { inEstate } from '../../platform/tenancy.js';
import { reportDto, reportRows } from './service.js';

type Row = { id: string; name: string; stage: number; members: number; items: number; photos: number; size: string | number; last_activity_at: Date | string | null; created_at: Date | string };

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** One query for every estate: counts and sizes by correlated subqueries on the estates' indexes. */
async function estateRows(ctx: AppContext, estateId?: string) {
  const rows = await queryRows<Row>(ctx.db, sql`
    select e.id, e.name, e.stage, e.created_at,
      (select count(*)::int from memberships m where m.estate_id = e.id) as members,
      (select count(*)::int from items i where i.estate_id = e.id) as items,
      (select count(*)::int from photos p where p.estate_id = e.id) as photos,
      (coalesce((select sum(p.bytes) from photos p where p.estate_id = e.id), 0)
        + coalesce((select sum(r.size) from report_files r where r.estate_id = e.id), 0))::bigint as size,
      (select max(a.at) from activity_events a where a.estate_id = e.id) as last_activity_at
    from estates e
    ${estateId ? sql`where e.id = ${estateId}` : sql``}
    order by e.name, e.id`);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    stage: r.stage,
    members: r.members,
    items: r.items,
    photos: r.photos,
    size: Number(r.size),
    lastActivityAt: iso(r.last_activity_at),
    createdAt: iso(r.created_at)!,
  }));
}

export const listEstates = (ctx: AppContext) => estateRows(ctx);

/**
 * The support view: what the administrator needs to help (who is in it, what happened lately, the
 * report files), read-only. Opening it is written to the estate's log, visible to every member
 * (once per half hour: platform/support-visits.ts).
 */
export async function openForSupport(ctx: AppContext, admin: UserRow, estateId: string) {
  const [estate] = await estateRows(ctx, estateId);
  if (!estate) throw notFound('That estate');
  // One entry per visit: the estate's own pages opened in the same half hour add none.
  await noteSupportVisit(ctx, admin.id, estateId);
  const members = await ctx.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, roles: memberships.roles })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(inEstate(memberships, estateId))
    .orderBy(users.lastName, users.firstName);
  const activity = await ctx.db
    .select({ id: activityEvents.id, action: activityEvents.action, at: activityEvents.at, firstName: users.firstName, lastName: users.lastName })
    .from(activityEvents)
    .leftJoin(users, eq(users.id, activityEvents.actorId))
    // What every member reads: never the entries about private inputs (who hearted, ranked, placed tokens).
    .where(inEstate(activityEvents, estateId, eq(activityEvents.visibility, 'members')))
    .orderBy(desc(activityEvents.id))
    .limit(30);
  return {
    estate,
    members: members.map((m) => ({ id: m.id, name: `${m.firstName} ${m.lastName}`.trim(), roles: m.roles })),
    activity: activity.map((a) => ({ id: a.id, action: a.action, at: a.at.toISOString(), actorName: a.firstName === null ? null : `${a.firstName} ${a.lastName ?? ''}`.trim() })),
    reports: (await reportRows(ctx.db, estateId)).map(reportDto),
  };
}
