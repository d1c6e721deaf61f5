/** Home's "what to do next": the person's own counts in one query, the decision in the domain. */
import { sql } from 'drizzle-orm';
import { nextStep, type NextStep } from '@estate/domain/next-step';
import { queryRows } from '../../db/client.js';
import { approvals, dispositions, interests, items, participation, rankings } from '../../db/schema.js';
import { acceptedCurrentSql } from '../../platform/consent.js';
import type { EstateAccess } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { authorize } from '@estate/domain/permissions';
import { getTokens } from '../participation/service.js';

type Counts = { items: number; reviewed: number; hearted: number; hearted_high: number; ranked: number; received: number; done: boolean; agreed: boolean;
  appraised: number; to_appraise: number; sold: number; to_sell: number };

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
      exists(select 1 from ${participation} where estate_id = ${estateId} and member_id = ${me} and stage = ${access.stage}) as done,
      ${acceptedCurrentSql(estateId, me)} as agreed,
      (select count(*)::int from ${dispositions} d join ${items} i on i.id = d.item_id
         where d.estate_id = ${estateId} and i.status in ('unwanted', 'hold') and d.appraised_at is not null) as appraised,
      (select count(*)::int from ${dispositions} d join ${items} i on i.id = d.item_id
         where d.estate_id = ${estateId} and i.status in ('unwanted', 'hold') and d.appraised_at is null) as to_appraise,
      (select count(*)::int from ${dispositions} where estate_id = ${estateId} and disposition = 'sell' and sale_price is not null) as sold,
      (select count(*)::int from ${dispositions} where estate_id = ${estateId} and disposition = 'sell' and sale_price is null) as to_sell`);
  const tokens = await getTokens(ctx, access);
  return nextStep({
    estateId,
    stage: access.stage,
    roles: access.roles,
    done: c!.done,
    dueAt: access.estate.deadlines[String(access.stage)] ?? null,
    leads: authorize('estate.stage', { roles: access.roles, stage: access.stage }).ok,
    agreed: c!.agreed,
    counts: {
      items: c!.items,
      reviewed: c!.reviewed,
      hearted: c!.hearted,
      ranked: c!.ranked,
      rankLimit: Math.min(10, c!.hearted_high),
      tokensUsed: tokens.used,
      tokensBudget: tokens.budget,
      received: c!.received,
      appraised: c!.appraised,
      toAppraise: c!.to_appraise,
      sold: c!.sold,
      toSell: c!.to_sell,
    },
  });
}
