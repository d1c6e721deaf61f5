/**
 * Beneficiary participation: hearts (stage 11), high-interest flags (12), rankings (20), priority
 * tokens (30), "my items", and being done with a stage. A beneficiary never learns who else
 * hearted, ranked or placed tokens: answers carry counts and the caller's own inputs only, events
 * carry counts, and the activity entries about private inputs are visible to trustees only.
 */
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { itemLabel } from '@estate/domain/item-status';
import { Role } from '@estate/domain/roles';
import { STAGE_NAMES } from '@estate/domain/stages';
import { tokenBudget } from '@estate/domain/todos';
import { queryRows, type Db } from '../../db/client.js';
import { isForeignKeyViolation } from '../../platform/http.js';
import { deadlines, estates, interests, itemSummaries, items, memberships, participation, rankings, tokenAllocations, users } from '../../db/schema.js';
import { recordActivity } from '../../platform/activity.js';
import type { EstateAccess } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound, says } from '../../platform/errors.js';
import { inEstate } from '../../platform/tenancy.js';
import {
  assertInputsOpen,
  checkInputsOpen,
  writeInput,
  type ItemRow,
  recheckAccess,
  findItem,
  inPool,
  isPoolItem,
  isReceiver,
  lockMember,
  notInPoolReason,
  receiverSql,
  settingsOf,
} from '../../platform/pool.js';
import { heartedBy, receiverInterestCount } from '../../db/fragments.js';


const displayName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

// ---------------------------------------------------------------------------------------------
// Hearts (stage 11)

export async function setInterest(ctx: AppContext, access: EstateAccess, itemId: string, interested: boolean) {
  const estateId = access.estate.id;
  const memberId = access.user.id;
  const now = ctx.now();
  // One statement (platform/pool.ts, `writeInput`): the guard, the heart written only on a pool item
  // of this estate, the activity entry, and what the answer needs. One heart per person and item is
  // the table's key: parallel requests cannot double count.
  const poolItem = sql`select i.id from ${items} i where i.estate_id = ${estateId} and i.id = ${itemId}
    and i.distribution = 'divide' and i.status in ('unassigned', 'pending') and exists (select 1 from inputs_open)`;
  const write = interested
    ? sql`insert into ${interests} (estate_id, item_id, member_id) select ${estateId}::uuid, p.id, ${memberId}::uuid from (${poolItem}) p
        on conflict do nothing returning item_id`
    : sql`delete from ${interests} x where x.estate_id = ${estateId} and x.item_id = ${itemId} and x.member_id = ${memberId}
        and exists (${poolItem}) returning x.item_id`;
  const result = await writeInput<{ distribution: string | null; status: string | null; count_before: number; receiver: boolean }>(ctx.db, access, 'interest.set', now, {
    write,
    activity: { action: interested ? 'interest.added' : 'interest.removed', entity: 'item', entityId: itemId, field: 'interest', to: interested },
    // The item's summary row, locked: a heart stored meanwhile by someone else is waited for and
    // counted (the row comes back as that heart left it), which the statement's snapshot would miss.
    // The item row is held first, as every write that changes a summary does (its foreign key
    // check comes before the summary's trigger), so a heart and, say, the item's deletion never
    // wait for each other in opposite order.
    more: sql`summary as (select s.interest_count from ${itemSummaries} s
      join (select i.id from ${items} i where i.id = ${itemId} and i.estate_id = ${estateId} for key share) held on held.id = s.item_id
      for update of s)`,
    extra: sql`(select i.distribution from ${items} i where i.estate_id = ${estateId} and i.id = ${itemId}) as distribution,
      (select i.status from ${items} i where i.estate_id = ${estateId} and i.id = ${itemId}) as status,
      (select s.interest_count from summary s) as count_before,
      exists (select 1 from ${memberships} m where m.estate_id = ${estateId} and m.user_id = ${memberId} and ${Role.Beneficiary} = any(m.roles)) as receiver`,
  }).catch((err: unknown) => {
    // The item was removed while the heart was being written.
    throw isForeignKeyViolation(err) ? notFound('That item') : err;
  });
  if (!result.open) checkInputsOpen(result.guard, access, 'interest.set', now);
  const { distribution, status } = result.extra;
  if (!result.changed) {
    // Nothing to change, or an item that cannot take hearts: say which.
    if (distribution === null || status === null) throw notFound('That item');
    const item = { distribution, status } as Pick<ItemRow, 'distribution' | 'status'>;
    if (!isPoolItem(item)) throw new AppError('conflict', notInPoolReason(item));
  }
  // The summary is brought up to date after the statement (its trigger): a receiver's heart moves it by one.
  const receiver = Boolean(result.extra.receiver);
  const count = Number(result.extra.count_before) + (result.changed && receiver ? (interested ? 1 : -1) : 0);
  // Only the count travels, never who. Offspring hearts do not change the count: nothing to say.
  if (result.changed && isReceiver(access.roles)) {
    await ctx.events.publish({ type: 'item', estateId, data: { itemId, interestCount: count } });
  }
  return { interested, interestCount: count };
}

/** Who hearted an item (trustees and observers): receivers, and offspring marked as advice. */
export async function listInterested(ctx: AppContext, estateId: string, itemId: string) {
  await findItem(ctx.db, estateId, itemId);
  const rows = await ctx.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, roles: memberships.roles, receivesThrough: memberships.receivesThrough, at: interests.createdAt })
    .from(interests)
    .innerJoin(users, eq(users.id, interests.memberId))
    .leftJoin(memberships, and(eq(memberships.estateId, interests.estateId), eq(memberships.userId, interests.memberId)))
    .where(inEstate(interests, estateId, eq(interests.itemId, itemId)))
    .orderBy(asc(users.firstName), asc(users.lastName));
  const members = rows.map((r) => ({
    id: r.id,
    displayName: displayName(r),
    counts: isReceiver(r.roles ?? []),
    receivesThrough: r.receivesThrough,
    at: r.at.toISOString(),
  }));
  return { interestCount: members.filter((m) => m.counts).length, members };
}

/** For a beneficiary: the items their offspring (members who receive through them) hearted. */
export async function listAdvice(ctx: AppContext, access: EstateAccess) {
  const estateId = access.estate.id;
  const rows = await ctx.db
    .select({ itemId: items.id, number: items.number, name: items.name, status: items.status, offspringId: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(interests)
    .innerJoin(memberships, and(eq(memberships.estateId, interests.estateId), eq(memberships.userId, interests.memberId)))
    .innerJoin(users, eq(users.id, interests.memberId))
    .innerJoin(items, eq(items.id, interests.itemId))
    .where(inEstate(interests, estateId, eq(memberships.receivesThrough, access.user.id)))
    .orderBy(asc(items.number), asc(users.firstName));
  const byItem = new Map<string, { itemId: string; label: string; name: string; status: string; from: { memberId: string; displayName: string }[] }>();
  for (const r of rows) {
    let entry = byItem.get(r.itemId);
    if (!entry) {
      entry = { itemId: r.itemId, label: itemLabel(r.number), name: r.name, status: r.status, from: [] };
      byItem.set(r.itemId, entry);
    }
    entry.from.push({ memberId: r.offspringId, displayName: displayName(r) });
  }
  return { advice: [...byItem.values()] };
}

// ---------------------------------------------------------------------------------------------
// High interest (stage 12)

export async function setHighInterest(ctx: AppContext, access: EstateAccess, itemId: string, flag: boolean) {
  const estateId = access.estate.id;
  const result = await ctx.db.transaction(async (tx) => {
    await recheckAccess(tx, access, 'highInterest.set');
    const item = await findItem(tx, estateId, itemId);
    if (!isPoolItem(item)) throw new AppError('conflict', notInPoolReason(item));
    // Confirming a recommended flag keeps its source; a new flag is the trustee's.
    const source = flag ? (item.highInterest ? item.highInterestSource : 'trustee') : null;
    if (item.highInterest !== flag) {
      await tx
        .update(items)
        .set({ highInterest: flag, highInterestSource: source, version: sql`${items.version} + 1`, updatedAt: ctx.now() })
        .where(inEstate(items, estateId, eq(items.id, itemId)));
      await recordActivity(tx, {
        estateId,
        actorId: access.user.id,
        action: 'item.updated',
        entity: 'item',
        entityId: itemId,
        field: 'highInterest',
        from: { highInterest: item.highInterest, source: item.highInterestSource },
        to: { highInterest: flag, source },
      });
    }
    return { itemId, highInterest: flag, highInterestSource: source, changed: item.highInterest !== flag };
  });
  if (result.changed) await ctx.events.publish({ type: 'item', estateId, data: { itemId, change: 'updated', highInterest: flag } });
  return { itemId: result.itemId, highInterest: result.highInterest, highInterestSource: result.highInterestSource };
}

/**
 * Flags every pool item with at least the estate's threshold of interested receivers as
 * high-interest (source "auto"), and clears automatic flags that no longer reach it (after a step
 * back to stage 11). Trustee flags are left alone. Call it when stage 12 opens, inside the stage
 * move's transaction: `recommendHighInterest({ db: tx }, estateId, actorId)`.
 */
export async function recommendHighInterest(ctx: { db: Db }, estateId: string, actorId: string | null): Promise<{ threshold: number; flagged: string[]; cleared: string[] }> {
  const db = ctx.db;
  const [estate] = await db.select({ settings: estates.settings }).from(estates).where(eq(estates.id, estateId));
  const threshold = settingsOf(estate?.settings ?? {}).highInterestThreshold;
  const flagged = await db
    .update(items)
    .set({ highInterest: true, highInterestSource: 'auto', version: sql`${items.version} + 1`, updatedAt: sql`now()` })
    .where(inEstate(items, estateId, inPool(), eq(items.highInterest, false), sql`${receiverInterestCount} >= ${threshold}`))
    .returning({ id: items.id });
  const cleared = await db
    .update(items)
    .set({ highInterest: false, highInterestSource: null, version: sql`${items.version} + 1`, updatedAt: sql`now()` })
    .where(inEstate(items, estateId, inPool(), eq(items.highInterest, true), eq(items.highInterestSource, 'auto'), sql`${receiverInterestCount} < ${threshold}`))
    .returning({ id: items.id });
  const result = { threshold, flagged: flagged.map((r) => r.id), cleared: cleared.map((r) => r.id) };
  if (result.flagged.length > 0 || result.cleared.length > 0) {
    await recordActivity(db, { estateId, actorId, action: 'high-interest.recommended', entity: 'estate', entityId: estateId, field: 'highInterest', to: result });
  }
  return result;
}

/** Items at or above the threshold, and items flagged: what the trustee confirms in stage 12. */
export async function listRecommendations(ctx: AppContext, access: EstateAccess) {
  const estateId = access.estate.id;
  const threshold = settingsOf(access.estate.settings).highInterestThreshold;
  const rows = await ctx.db
    .select({ itemId: items.id, number: items.number, name: items.name, highInterest: items.highInterest, highInterestSource: items.highInterestSource, interestCount: receiverInterestCount })
    .from(items)
    .where(inEstate(items, estateId, inPool(), sql`(${items.highInterest} or ${receiverInterestCount} >= ${threshold})`))
    .orderBy(desc(receiverInterestCount), asc(items.number));
  return {
    threshold,
    items: rows.map((r) => ({
      itemId: r.itemId,
      label: itemLabel(r.number),
      name: r.name,
      interestCount: r.interestCount,
      recommended: r.interestCount >= threshold,
      highInterest: r.highInterest,
      highInterestSource: r.highInterestSource,
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Rankings (stage 20)

/** The caller's hearted HI pool items, ranked ones first (1..10), the rest at 11. */
async function rankingOf(db: Db, estateId: string, memberId: string) {
  const rows = await db
    .select({ itemId: items.id, number: items.number, name: items.name, rank: rankings.rank })
    .from(items)
    .innerJoin(interests, and(eq(interests.itemId, items.id), eq(interests.memberId, memberId)))
    .leftJoin(rankings, and(eq(rankings.itemId, items.id), eq(rankings.memberId, memberId)))
    .where(inEstate(items, estateId, inPool(), eq(items.highInterest, true)))
    .orderBy(asc(sql`coalesce(${rankings.rank}, 11)`), asc(items.number));
  const list = rows.map((r) => ({ itemId: r.itemId, label: itemLabel(r.number), name: r.name, rank: r.rank ?? 11 }));
  return { itemIds: list.filter((r) => r.rank <= 10).map((r) => r.itemId), items: list };
}

/** Offspring never rank or place tokens (their parent receives): their views are empty. */
const NOTHING_RANKED = { itemIds: [], items: [] };

export async function getRanking(ctx: AppContext, access: EstateAccess) {
  if (!isReceiver(access.roles)) return NOTHING_RANKED;
  return rankingOf(ctx.db, access.estate.id, access.user.id);
}

export async function setRanking(ctx: AppContext, access: EstateAccess, itemIds: string[]) {
  const estateId = access.estate.id;
  const memberId = access.user.id;
  return ctx.db.transaction(async (tx) => {
    await assertInputsOpen(tx, access, 'ranking.set', ctx.now());
    await lockMember(tx, estateId, memberId);
    const eligible = new Set((await rankingOf(tx, estateId, memberId)).items.map((i) => i.itemId));
    const fields: Record<string, string> = {};
    itemIds.forEach((id, k) => {
      if (!eligible.has(id)) fields[`itemIds.${k}`] = 'Only high-interest items you hearted can be ranked.';
    });
    if (Object.keys(fields).length > 0) throw new AppError('validation_failed', says('participation.cannotRank'), fields);
    // Replace the whole ranking at once: ranks are 1..n in the order given.
    await tx.delete(rankings).where(inEstate(rankings, estateId, eq(rankings.memberId, memberId)));
    if (itemIds.length > 0) await tx.insert(rankings).values(itemIds.map((itemId, k) => ({ estateId, memberId, itemId, rank: k + 1 })));
    await recordActivity(tx, { estateId, actorId: memberId, action: 'ranking.set', entity: 'member', entityId: memberId, field: 'ranking', to: itemIds, visibility: 'trustees' });
    return rankingOf(tx, estateId, memberId);
  });
}

// ---------------------------------------------------------------------------------------------
// Tokens (stage 30)

/** Contested items (not HI, two or more interested receivers) that this member hearted. */
async function contestedFor(db: Db, estateId: string, memberId: string) {
  return db
    .select({ itemId: items.id, number: items.number, name: items.name, interestCount: receiverInterestCount })
    .from(items)
    .where(inEstate(items, estateId, inPool(), eq(items.highInterest, false), heartedBy(memberId), sql`${receiverInterestCount} >= 2`))
    .orderBy(asc(items.number));
}

async function tokensOf(db: Db, estateId: string, memberId: string, settings: Record<string, unknown>) {
  const contested = await contestedFor(db, estateId, memberId);
  const placed = await db
    .select({ itemId: tokenAllocations.itemId, count: tokenAllocations.count })
    .from(tokenAllocations)
    .where(inEstate(tokenAllocations, estateId, eq(tokenAllocations.memberId, memberId)));
  const onItem = new Map(placed.map((p) => [p.itemId, p.count]));
  const s = settingsOf(settings);
  // distribution.md: one token per contested item hearted (seed rule), or the estate's equal budget.
  const budget = tokenBudget(s, contested.length);
  // Only tokens on items still contested count; a placement on an item that left the pool is void.
  const allocations = contested.filter((c) => (onItem.get(c.itemId) ?? 0) > 0).map((c) => ({ itemId: c.itemId, count: onItem.get(c.itemId)! }));
  return {
    used: allocations.reduce((sum, a) => sum + a.count, 0),
    budget,
    budgetRule: s.tokenBudget,
    allocations,
    contested: contested.map((c) => ({ itemId: c.itemId, label: itemLabel(c.number), name: c.name, interestCount: c.interestCount, count: onItem.get(c.itemId) ?? 0 })),
  };
}

export async function getTokens(ctx: AppContext, access: EstateAccess) {
  if (!isReceiver(access.roles)) return { used: 0, budget: 0, budgetRule: settingsOf(access.estate.settings).tokenBudget, allocations: [], contested: [] };
  return tokensOf(ctx.db, access.estate.id, access.user.id, access.estate.settings);
}

export async function setTokens(ctx: AppContext, access: EstateAccess, allocations: { itemId: string; count: number }[]) {
  const estateId = access.estate.id;
  const memberId = access.user.id;
  return ctx.db.transaction(async (tx) => {
    const { settings } = await assertInputsOpen(tx, access, 'tokens.set', ctx.now());
    // Parallel PUTs from several sessions queue here, so each is checked against what is stored.
    await lockMember(tx, estateId, memberId);
    const current = await tokensOf(tx, estateId, memberId, settings);
    const contested = new Set(current.contested.map((c) => c.itemId));
    const fields: Record<string, string> = {};
    allocations.forEach((a, k) => {
      if (!contested.has(a.itemId)) fields[`allocations.${k}.itemId`] = 'Tokens go only on contested items you hearted.';
    });
    if (Object.keys(fields).length > 0) throw new AppError('validation_failed', says('participation.cannotToken'), fields);
    const total = allocations.reduce((sum, a) => sum + a.count, 0);
    if (total > current.budget) {
      throw new AppError('validation_failed', says('participation.overBudget', { total, budget: current.budget }), {
        allocations: says('participation.overBudgetField', { total, budget: current.budget }),
      });
    }
    await tx.delete(tokenAllocations).where(inEstate(tokenAllocations, estateId, eq(tokenAllocations.memberId, memberId)));
    const rows = allocations.filter((a) => a.count > 0).map((a) => ({ estateId, memberId, itemId: a.itemId, count: a.count }));
    if (rows.length > 0) await tx.insert(tokenAllocations).values(rows);
    await recordActivity(tx, { estateId, actorId: memberId, action: 'tokens.set', entity: 'member', entityId: memberId, field: 'tokens', to: rows.map((r) => ({ itemId: r.itemId, count: r.count })), visibility: 'trustees' });
    return tokensOf(tx, estateId, memberId, settings);
  });
}

// ---------------------------------------------------------------------------------------------
// Done with a stage, and deadlines

export async function markDone(ctx: AppContext, access: EstateAccess, stage: number) {
  const estateId = access.estate.id;
  const memberId = access.user.id;
  return ctx.db.transaction(async (tx) => {
    await recheckAccess(tx, access, 'participation.done', { facts: { stage } });
    const now = ctx.now();
    const [inserted] = await tx.insert(participation).values({ estateId, memberId, stage, doneAt: now, automatic: false }).onConflictDoNothing().returning();
    if (inserted) {
      await recordActivity(tx, { estateId, actorId: memberId, action: 'participation.done', entity: 'member', entityId: memberId, field: `stage.${stage}`, to: true, visibility: 'trustees' });
    }
    const [row] = await tx.select().from(participation).where(inEstate(participation, estateId, eq(participation.memberId, memberId), eq(participation.stage, stage)));
    return { stage, doneAt: row!.doneAt.toISOString(), automatic: row!.automatic };
  });
}

/** Who among the receivers is done with a stage (trustees and observers). */
export async function listParticipation(ctx: AppContext, estateId: string, stage: number) {
  const rows = await ctx.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, doneAt: participation.doneAt, automatic: participation.automatic })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(participation, and(eq(participation.estateId, memberships.estateId), eq(participation.memberId, memberships.userId), eq(participation.stage, stage)))
    .where(inEstate(memberships, estateId, receiverSql()))
    .orderBy(asc(users.firstName), asc(users.lastName));
  return {
    stage,
    members: rows.map((r) => ({ memberId: r.id, displayName: displayName(r), doneAt: r.doneAt?.toISOString() ?? null, automatic: r.automatic ?? false })),
  };
}

/**
 * For the deadline scheduler: every receiver who has not said they are done with `stage` is
 * counted as done (automatic). Their inputs freeze with it. Returns how many were counted.
 */
export async function markNonRespondersDone(tx: Db, estateId: string, stage: number, now: Date): Promise<number> {
  const rows = await queryRows<{ member_id: string }>(tx, sql`
    insert into ${participation} (estate_id, member_id, stage, done_at, automatic)
    select ${estateId}, m.user_id, ${stage}, ${now.toISOString()}::timestamptz, true from ${memberships} m
    where m.estate_id = ${estateId} and ${Role.Beneficiary} = any(m.roles)
    on conflict do nothing
    returning member_id`);
  return rows.length;
}

// ---------------------------------------------------------------------------------------------
// My items

async function currentDeadline(db: Db, access: EstateAccess, now: Date) {
  const [row] = await db.select().from(deadlines).where(inEstate(deadlines, access.estate.id, eq(deadlines.stage, access.stage)));
  if (row) return { stage: access.stage, dueAt: row.dueAt.toISOString(), passed: row.processedAt !== null || row.dueAt.getTime() <= now.getTime() };
  const due = access.estate.deadlines[String(access.stage)];
  return due ? { stage: access.stage, dueAt: due, passed: new Date(due).getTime() <= now.getTime() } : null;
}

export async function myItems(ctx: AppContext, access: EstateAccess) {
  const estateId = access.estate.id;
  const memberId = access.user.id;
  const now = ctx.now();
  const hearted = await ctx.db
    .select({ itemId: items.id, number: items.number, name: items.name, status: items.status, highInterest: items.highInterest, interestCount: receiverInterestCount })
    .from(items)
    .where(inEstate(items, estateId, heartedBy(memberId)))
    .orderBy(asc(items.number));
  const ranked = await ctx.db
    .select({ itemId: items.id, number: items.number, name: items.name, rank: rankings.rank })
    .from(rankings)
    .innerJoin(items, eq(items.id, rankings.itemId))
    .where(inEstate(rankings, estateId, eq(rankings.memberId, memberId)))
    .orderBy(asc(rankings.rank));
  const tokens = await getTokens(ctx, access);
  const assigned = await ctx.db
    .select()
    .from(items)
    .where(inEstate(items, estateId, eq(items.assignedTo, memberId), inArray(items.status, ['assigned', 'handed-over']), isNotNull(items.assignmentReason)))
    .orderBy(asc(items.assignmentStep), asc(items.number));
  const [done] = await ctx.db
    .select()
    .from(participation)
    .where(inEstate(participation, estateId, eq(participation.memberId, memberId), eq(participation.stage, access.stage)));
  const labels = new Map(tokens.contested.map((c) => [c.itemId, c]));
  return {
    stage: access.stage,
    stageName: STAGE_NAMES[access.stage],
    deadline: await currentDeadline(ctx.db, access, now),
    done: done ? { stage: done.stage, doneAt: done.doneAt.toISOString(), automatic: done.automatic } : null,
    hearted: hearted.map((h) => ({ itemId: h.itemId, label: itemLabel(h.number), name: h.name, status: h.status, highInterest: h.highInterest, interestCount: h.interestCount })),
    ranked: ranked.map((r) => ({ itemId: r.itemId, label: itemLabel(r.number), name: r.name, rank: r.rank })),
    tokens: {
      used: tokens.used,
      budget: tokens.budget,
      allocations: tokens.allocations.map((a) => ({ itemId: a.itemId, label: labels.get(a.itemId)?.label ?? '', name: labels.get(a.itemId)?.name ?? '', count: a.count })),
    },
    assigned: assigned.map((row) => {
      const detail = row.assignmentDetail ?? {};
      const num = (key: string) => (typeof detail[key] === 'number' ? detail[key] : null);
      const text = (key: string) => (typeof detail[key] === 'string' ? detail[key] : null);
      return {
        itemId: row.id,
        label: itemLabel(row.number),
        name: row.name,
        status: row.status,
        reason: row.assignmentReason!,
        step: row.assignmentStep,
        round: num('round'),
        pick: num('pick'),
        tokens: num('tokens'),
        tied: num('tied'),
        clause: text('clause'),
        note: text('note'),
        assignedAt: row.assignedAt?.toISOString() ?? null,
      };
    }),
  };
}
