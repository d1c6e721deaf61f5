import { asc, eq } from 'drizzle-orm';
import type { Member } from '@estate/domain/schemas/estate';
import { memberships, users } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { inEstate } from '../../platform/tenancy.js';

export async function listMembers(ctx: AppContext, estateId: string): Promise<Member[]> {
  const rows = await ctx.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, roles: memberships.roles, receivesThrough: memberships.receivesThrough })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(inEstate(memberships, estateId))
    .orderBy(asc(users.firstName), asc(users.lastName));
  return rows.map((r) => ({ id: r.id, displayName: `${r.firstName} ${r.lastName}`.trim(), roles: r.roles, receivesThrough: r.receivesThrough }));
}
