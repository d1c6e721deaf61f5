/** Home's "what to do next": the person's own counts in one query, the decision in the domain. */
import { sql } from 'drizzle-orm';
import { nextStep, type LeadFacts, type NextStep } from '@estate/domain/next-step';
import { Role } from '@estate/domain/roles';
import { queryRows } from '../../db/client.js';
import { approvals, dispositions, interests, items, memberships, participation, rankings } from '../../db/schema.js';
import { acceptedCurrentSql } from '../../platform/consent.js';
import type { EstateAccess } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { authorize } from '@estate/domain/permissions';
import { getTokens } from '../participation/service.js';
import { tokensToPlace } from '@estate/domain/todos';
import { settingsOf } from '../../platform/pool.js';

type Counts = { items: number; reviewed: number; hearted: number; hearted_high: number; ranked: number; received: number; done: boolean; agreed: boolean;
  appraised: number; to_appraise: number; sold: number; to_sell: number };

/** What the stage needs from those who lead: the exit gates' facts from the process table, and the family's progress. */
async function leadFacts(ctx: AppContext, access: EstateAccess): Promise<LeadFacts> {
  const estateId = access.estate.id;
  const gates = await ctx.process.facts(ctx.db, estateId, access.stage);
  const [c] = await queryRows<{ receivers: number; finished: number; undecided: number }>(ctx.db, sql`
    select
      (select count(*)::int from ${memberships} m where m.estate_id = ${estateId} and ${Role.Beneficiary} = any(m.roles)) as receivers,
      (select count(*)::int from ${memberships} m join ${participation} p on p.estate_id = m.estate_id and p.member_id = m.user_id
         where m.estate_id = ${estateId} and ${Role.Beneficiary} = any(m.roles) and p.stage = ${access.stage}) as finished,
      (select count(*)::int from ${items} i where i.estate_id = ${estateId} and i.status in ('unwanted', 'hold')
         and not exists (select 1 from ${dispositions} d where d.item_id = i.id)) as undecided`);
  return { gates, receivers: c!.receivers, finished: c!.finished, undecided: c!.undecided };
}

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
  const leads = authorize('estate.stage', { roles: access.roles, stage: access.stage }).ok;
  // An administrator visiting for support (their only role here) sees what the stage needs too.
  const visits = access.roles.length > 0 && access.roles.every((r) => r === Role.Admin);
  return nextStep({
    estateId,
    stage: access.stage,
    roles: access.roles,
    done: c!.done,
    dueAt: access.estate.deadlines[String(access.stage)] ?? null,
    leads,
    visits,
    lead: leads || visits ? await leadFacts(ctx, access) : undefined,
    agreed: c!.agreed,
    counts: {
      items: c!.items,
      reviewed: c!.reviewed,
      hearted: c!.hearted,
      ranked: c!.ranked,
      rankLimit: Math.min(10, c!.hearted_high),
      tokensUsed: tokens.used,
      // No contested item hearted: nothing to place, whatever the budget (never "0 of 0").
      tokensBudget: tokensToPlace(settingsOf(access.estate.settings), tokens.contested.length),
      received: c!.received,
      appraised: c!.appraised,
      toAppraise: c!.to_appraise,
      sold: c!.sold,
      toSell: c!.to_sell,
    },
  });
}
