/** The signed-in person's to-dos across their estates: what the current stage asks of them. */
import { and, count, eq, sql } from 'drizzle-orm';
import { Role } from '@estate/domain/roles';
import { Stage, isStageCode } from '@estate/domain/stages';
import { stageTodo, type StageTodo } from '@estate/domain/todos';
import { approvals, deadlines, estates, items, memberships, participation } from '../../db/schema.js';
import type { UserRow } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';

export async function listTodos(ctx: AppContext, user: UserRow): Promise<StageTodo[]> {
  const rows = await ctx.db
    .select({ estateId: estates.id, stage: estates.stage, roles: memberships.roles })
    .from(memberships)
    .innerJoin(estates, eq(estates.id, memberships.estateId))
    .where(eq(memberships.userId, user.id));
  const todos: StageTodo[] = [];
  for (const row of rows) {
    if (!isStageCode(row.stage)) continue;
    const [deadline] = await ctx.db.select().from(deadlines).where(and(eq(deadlines.estateId, row.estateId), eq(deadlines.stage, row.stage)));
    const [marked] = await ctx.db
      .select({ n: count() })
      .from(participation)
      .where(and(eq(participation.estateId, row.estateId), eq(participation.memberId, user.id), eq(participation.stage, row.stage)));
    let done = (marked?.n ?? 0) > 0 || deadline?.processedAt != null;
    if (row.stage === Stage.Approve && row.roles.includes(Role.Beneficiary) && !done) {
      // Stage 2 is done when every item has an answer from this person.
      const [open] = await ctx.db
        .select({ n: count() })
        .from(items)
        .where(and(eq(items.estateId, row.estateId), sql`not exists (select 1 from ${approvals} a where a.item_id = ${sql.raw('"items"."id"')} and a.member_id = ${user.id})`));
      done = (open?.n ?? 0) === 0;
    }
    const todo = stageTodo({ estateId: row.estateId, stage: row.stage, roles: row.roles, dueAt: deadline?.dueAt.toISOString() ?? null, done });
    if (todo) todos.push(todo);
  }
  return todos;
}
