/** The signed-in person's to-dos across their estates: what the current stage asks of them. */
import { and, eq, sql } from 'drizzle-orm';
import { Role } from '@estate/domain/roles';
import { Stage, isStageCode } from '@estate/domain/stages';
import { helperTodo, stageTodo, tokensToPlace, type StageTodo } from '@estate/domain/todos';
import { consentTodo } from '@estate/domain/consent';
import { approvals, deadlines, dispositions, estates, items, memberships, participation } from '../../db/schema.js';
import type { UserRow } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { acceptedCurrentSql } from '../../platform/consent.js';
import { contestedHeartedSql, settingsOf } from '../../platform/pool.js';

/** One query for all of the person's estates: the stage, its deadline, and whether they are done. */
export async function listTodos(ctx: AppContext, user: UserRow): Promise<StageTodo[]> {
  const rows = await ctx.db
    .select({
      estateId: estates.id,
      stage: estates.stage,
      roles: memberships.roles,
      dueAt: deadlines.dueAt,
      processedAt: deadlines.processedAt,
      markedDone: sql<boolean>`exists (select 1 from ${participation} p
        where p.estate_id = ${estates.id} and p.member_id = ${user.id} and p.stage = ${estates.stage})`,
      // Stage 2 is done when every item has an answer from this person.
      unanswered: sql<number>`case when ${estates.stage} = ${Stage.Approve} then (select count(*)::int from ${items} i
        where i.estate_id = ${estates.id} and not exists (select 1 from ${approvals} a where a.item_id = i.id and a.member_id = ${user.id})) else 0 end`,
      // Stage 90 is done when every unwanted or held item has its outcome recorded.
      undecided: sql<number>`case when ${estates.stage} = ${Stage.Finalizing} then (select count(*)::int from ${items} i
        where i.estate_id = ${estates.id} and i.status in ('unwanted', 'hold')
          and not exists (select 1 from ${dispositions} d where d.item_id = i.id)) else 0 end`,
      agreed: acceptedCurrentSql(estates.id, user.id),
      // Stage 30 asks something only of those with tokens to place (contested items they hearted).
      settings: estates.settings,
      contested: sql<number>`case when ${estates.stage} = ${Stage.Tokens} then ${contestedHeartedSql(estates.id, user.id)} else 0 end`,
      // The helpers' work: decided unwanted or held items without an appraisal, items to sell without a sale.
      toAppraise: sql<number>`(select count(*)::int from ${dispositions} d join ${items} i on i.id = d.item_id
        where d.estate_id = ${estates.id} and i.status in ('unwanted', 'hold') and d.appraised_at is null)`,
      toSell: sql<number>`(select count(*)::int from ${dispositions} d where d.estate_id = ${estates.id} and d.disposition = 'sell' and d.sale_price is null)`,
    })
    .from(memberships)
    .innerJoin(estates, eq(estates.id, memberships.estateId))
    .leftJoin(deadlines, and(eq(deadlines.estateId, estates.id), eq(deadlines.stage, estates.stage)))
    .where(eq(memberships.userId, user.id));
  const todos: StageTodo[] = [];
  for (const row of rows) {
    if (!isStageCode(row.stage)) continue;
    let done = row.markedDone || row.processedAt != null;
    if (row.stage === Stage.Approve && row.roles.includes(Role.Beneficiary) && !done) done = row.unanswered === 0;
    if (row.stage === Stage.Finalizing) done = row.undecided === 0;
    const nothingToPlace = row.stage === Stage.Tokens && tokensToPlace(settingsOf(row.settings), row.contested) === 0;
    const todo = nothingToPlace ? undefined : stageTodo({ estateId: row.estateId, stage: row.stage, roles: row.roles, dueAt: row.dueAt?.toISOString() ?? null, done });
    // Before any input: read and accept the Terms of Use and the Agreement (required, listed first).
    const consent = consentTodo({ estateId: row.estateId, stage: row.stage, roles: row.roles, accepted: row.agreed });
    if (consent) todos.push(consent);
    if (todo) todos.push(todo);
    const helper = helperTodo({ estateId: row.estateId, stage: row.stage, roles: row.roles, pending: { appraise: row.toAppraise, sale: row.toSell }, done: row.markedDone });
    if (helper) {
      const { task: _task, ...listed } = helper;
      todos.push({ ...listed, dueAt: helper.task === 'advice' ? (row.dueAt?.toISOString() ?? null) : null });
    }
  }
  return todos;
}
