/**
 * A draw's result in words for the control panel: each item's number and name with the person it
 * went to (or that nobody wanted it, and what became of it since), read from the record and the
 * items as they are stored, so the list is the same after a reload. For a practice draw of step 21
 * or 31, also what the real draw cannot change (domain `drawCertainty`), with names.
 */
import { inArray } from 'drizzle-orm';
import { drawCertainty } from '@estate/domain/draw/certainty';
import type { DrawRecord } from '@estate/domain/draw/record';
import { itemLabel } from '@estate/domain/item-status';
import type { DrawLine, DrawCertaintyView } from '@estate/domain/schemas/draws';
import type { Db } from '../../db/client.js';
import { items, users } from '../../db/schema.js';
import { inEstate } from '../../platform/tenancy.js';

async function namesOf(db: Db, estateId: string, itemIds: string[], memberIds: string[]) {
  const itemRows = itemIds.length
    ? await db.select({ id: items.id, number: items.number, name: items.name, outcome: items.unwantedOutcome }).from(items).where(inEstate(items, estateId, inArray(items.id, itemIds)))
    : [];
  // Member names only for the ids the record names (the record itself says who they are).
  const userRows = memberIds.length ? await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, memberIds)) : [];
  return {
    item: new Map(itemRows.map((r) => [r.id, r])),
    member: new Map(userRows.map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim()])),
  };
}

/** Every item of the record, assignments first (in the record's order), then the unwanted ones. */
export async function recordLines(db: Db, estateId: string, record: DrawRecord): Promise<DrawLine[]> {
  const unwanted = record.unwanted ?? [];
  const names = await namesOf(db, estateId, [...record.assignments.map((a) => a.itemId), ...unwanted], [...new Set(record.assignments.map((a) => a.memberId))]);
  const item = (id: string) => {
    const row = names.item.get(id);
    return { itemId: id, label: row ? itemLabel(row.number) : '', name: row?.name ?? '' };
  };
  return [
    ...record.assignments.map((a) => ({
      ...item(a.itemId),
      memberId: a.memberId,
      memberName: names.member.get(a.memberId) ?? null,
      unwanted: false,
      outcome: null,
      ...(a.round !== undefined ? { round: a.round } : {}),
      ...(a.pick !== undefined ? { pick: a.pick } : {}),
      ...(a.tokens !== undefined ? { tokens: a.tokens } : {}),
      ...(a.tied !== undefined ? { tied: a.tied } : {}),
    })),
    ...unwanted.map((id) => ({ ...item(id), memberId: null, memberName: null, unwanted: true, outcome: names.item.get(id)?.outcome ?? null })),
  ];
}

/** What a practice draw of step 21 or 31 can promise, with names; null for steps 14 and 15 (no randomness). */
export async function certaintyView(db: Db, estateId: string, record: DrawRecord): Promise<DrawCertaintyView | null> {
  if (record.step !== 21 && record.step !== 31) return null;
  const c = drawCertainty(record);
  const names = await namesOf(db, estateId, c.pools.map((p) => p.itemId), [...new Set(c.pools.flatMap((p) => p.memberIds))]);
  return {
    items: c.items,
    certain: c.certain,
    receivers: new Set(c.pools.flatMap((p) => p.memberIds)).size,
    pools: c.pools.map((p) => {
      const row = names.item.get(p.itemId);
      return { itemId: p.itemId, label: row ? itemLabel(row.number) : '', name: row?.name ?? '', members: p.memberIds.map((id) => ({ id, name: names.member.get(id) ?? '' })) };
    }),
  };
}
