/** Home's "what to do next": the person's own counts in one query, the decision in the domain. */
import { sql } from 'drizzle-orm';
import { nextStep, type NextStep } from '@estate/domain/next-step';
import { queryRows } from '../../db/client.js';
import { approvals, interests, items, participation, rankings } from '../../db/schema.js';
import type { EstateAccess } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { authorize } from '@estate/domain/permissions';
import { getTokens } from '../participation/service.js';

type Counts = { items: number; reviewed: number; hearted: number; hearted_high: number; ranked: number; received: number; done: boolean };

export async function nextStepFor(ctx: AppContext, access: EstateAccess): Promise<NextStep> {
  const estateId = access.estate.id;
  const me = access.user.id;
  const [c] = await queryRows<Counts>(ctx.db, sql`
    select
      (select count(*)::int from ${items} where estate_id = ${estateId}) as items,
      (select count(*)::int from ${approvals} where estate_id = ${estateId} and member_id = ${me}) as reviewed,
      (select count(*)::int from ${interests} where estate_id = ${estateId} and member_id = ${me}) as hearted,
      (select count(*)::int from ${interests} h join ${items} i on i.id = h.item_id
         where h.estate_id = ${estateId} and h.member_id = ${me} and i.high_interest) as hearted_high,
      (select count(*)::int from ${rankings} where estate_id = ${estateId} and member_id = ${me} and rank <= 10) as ranked,
      (select count(*)::int from ${items} where estate_id = ${estateId} and assigned_to = ${me} and assignment_reason is not null) as received,
      exists(select 1 from ${participation} where estate_id = ${estateId} and member_id = ${me} and stage = ${access.stage}) as done`);
  const tokens = await getTokens(ctx, access);
  return nextStep({
    estateId,
    stage: access.stage,
    roles: access.roles,
    done: c!.done,
    dueAt: access.estate.deadlines[String(access.stage)] ?? null,
    leads: authorize('estate.stage', { roles: access.roles, stage: access.stage }).ok,
    counts: {
      items: c!.items,
      reviewed: c!.reviewed,
      hearted: c!.hearted,
      ranked: c!.ranked,
      rankLimit: Math.min(10, c!.hearted_high),
      tokensUsed: tokens.used,
      tokensBudget: tokens.budget,
      received: c!.received,
    },
  });
}
