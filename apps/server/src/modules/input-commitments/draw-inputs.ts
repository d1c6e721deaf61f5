/**
 * The draw inputs (distribution.md, "Canonical inputs") read from the database: receivers, the
 * pool, and the receivers' hearts, ranks and tokens on pool items. Offspring hearts never enter.
 */
import { sql } from 'drizzle-orm';
import { Role } from '@estate/domain/roles';
import type { DrawInputs, Interest, Ranking, TokenPlacement } from '@estate/domain/draw/inputs';
import { queryRows, type Db } from '../../db/client.js';
import { interests, items, memberships, rankings, tokenAllocations } from '../../db/schema.js';
import { POOL_STATUSES } from '../../platform/pool.js';

const poolStatuses = sql.join(
  POOL_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/**
 * Reads one consistent set of inputs. With `lockPool`, the pool rows are locked (FOR UPDATE) until
 * the transaction ends, so no item can be edited, held or released while a step is applied.
 */
export async function loadDrawInputs(db: Db, estateId: string, options: { lockPool?: boolean } = {}): Promise<DrawInputs> {
  const receivers = await queryRows<{ id: string }>(db, sql`
    select m.user_id as id from ${memberships} m
    where m.estate_id = ${estateId} and ${Role.Beneficiary} = any(m.roles)
    order by m.user_id`);
  const pool = await queryRows<{ id: string; hi: boolean }>(db, sql`
    select it.id, it.high_interest as hi from ${items} it
    where it.estate_id = ${estateId} and it.distribution = 'divide' and it.status in (${poolStatuses})
    order by it.id ${options.lockPool ? sql`for update` : sql``}`);
  // Facts are read per estate with one plain index or sequential scan each and filtered here to
  // receivers and the pool. Joining them in SQL gives the same rows, but without table statistics
  // (PGlite has no autovacuum) the planner picks nested loops that take seconds on a large estate.
  const receiverSet = new Set(receivers.map((r) => r.id));
  const poolSet = new Set(pool.map((p) => p.id));
  const keep = (f: { m: string; i: string }) => receiverSet.has(f.m) && poolSet.has(f.i);
  const wants = (await queryRows<{ m: string; i: string }>(db, sql`
    select member_id as m, item_id as i from ${interests} where estate_id = ${estateId} order by member_id, item_id`)).filter(keep);
  const ranks = (await queryRows<{ m: string; i: string; v: number }>(db, sql`
    select member_id as m, item_id as i, rank as v from ${rankings} where estate_id = ${estateId} order by member_id, item_id`)).filter(keep);
  const tokens = (await queryRows<{ m: string; i: string; v: number }>(db, sql`
    select member_id as m, item_id as i, count as v from ${tokenAllocations} where estate_id = ${estateId} and count > 0 order by member_id, item_id`)).filter(keep);
  return {
    receivers: receivers.map((r) => r.id),
    items: pool.map((p) => ({ id: p.id, highInterest: p.hi })),
    interests: wants.map((w): Interest => [w.m, w.i]),
    rankings: ranks.map((r): Ranking => [r.m, r.i, Number(r.v)]),
    tokens: tokens.map((t): TokenPlacement => [t.m, t.i, Number(t.v)]),
  };
}
