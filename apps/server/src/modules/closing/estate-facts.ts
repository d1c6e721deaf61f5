/**
 * Everything the final accounting says about an estate, read once: members, items with their
 * receiver, reason, hand-over and receipt, what became of unwanted or held items, and the draw
 * records. The report files and the archive are made from this, so they always agree.
 */
import { asc, eq } from 'drizzle-orm';
import { handoverViewStatus, type HandoverViewStatus } from '@estate/domain/handover';
import { itemLabel } from '@estate/domain/item-status';
import { Role } from '@estate/domain/roles';
import type { Db } from '../../db/client.js';
import { dispositions, drawRecords, estates, handovers, items, locations, memberships, receipts, rooms, users } from '../../db/schema.js';
import { notFound } from '../../platform/errors.js';
import { inEstate } from '../../platform/tenancy.js';

export type Member = { id: string; name: string; email: string; roles: number[]; receiver: boolean };

export type FactItem = {
  id: string;
  label: string;
  name: string;
  place: string;
  value: number | null;
  currency: string;
  status: string;
  distribution: string;
  receiverId: string | null;
  receiver: string;
  reason: string | null;
  assignedAt: Date | null;
  handover: HandoverViewStatus | null;
  method: string | null;
  scheduledAt: Date | null;
  handedOverAt: Date | null;
  receivedAt: Date | null;
  receivedBy: string;
  handoverNote: string;
  disposition: string | null;
  dispositionNote: string;
  salePrice: number | null;
  saleCurrency: string | null;
  buyer: string;
};

export type EstateFacts = {
  estate: { id: string; name: string; stage: number };
  members: Member[];
  items: FactItem[];
  draws: { step: number; record: Record<string, unknown>; ranAt: Date }[];
  receipts: { itemId: string; label: string; item: string; receiver: string; confirmedBy: string; receivedAt: Date; note: string }[];
};

/** The reason an item went where it did, in plain words (as on "what I received and why"). */
export const REASON_TEXT: Record<string, string> = {
  directive: 'Written directive',
  return: 'Goes back to its owner',
  'only-interested': 'Only one interested',
  'high-interest': 'High-interest draw',
  tokens: 'Priority tokens',
  trustee: "Trustee's decision",
};
export const reasonText = (reason: string | null) => (reason ? (REASON_TEXT[reason] ?? reason) : '');

export const HANDOVER_TEXT: Record<HandoverViewStatus, string> = {
  assigned: 'Assigned',
  scheduled: 'Scheduled',
  'handed-over': 'Handed over',
  shipped: 'Shipped',
  received: 'Received',
  returned: 'Returned',
};

export const DISPOSITION_TEXT: Record<string, string> = { donate: 'Donate', sell: 'Sell', discard: 'Discard', family: 'Family decision' };

const numberOrNull = (v: string | null) => (v === null ? null : Number(v));

export async function loadEstateFacts(db: Db, estateId: string): Promise<EstateFacts> {
  const [estate] = await db.select({ id: estates.id, name: estates.name, stage: estates.stage }).from(estates).where(eq(estates.id, estateId));
  if (!estate) throw notFound('That estate');
  const memberRows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, roles: memberships.roles })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(inEstate(memberships, estateId))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  const members: Member[] = memberRows.map((m) => ({
    id: m.id,
    name: `${m.firstName} ${m.lastName}`.trim(),
    email: m.email,
    roles: m.roles,
    receiver: m.roles.includes(Role.Beneficiary),
  }));
  // Names of anyone who ever touched an item, members or not (someone may have left the estate).
  const names = new Map(members.map((m) => [m.id, m.name]));
  const nameOf = (id: string | null) => (id ? (names.get(id) ?? 'A former member') : '');

  const places = new Map<string, string>();
  const locationRows = await db.select({ id: locations.id, name: locations.name }).from(locations).where(inEstate(locations, estateId));
  const roomRows = await db.select({ id: rooms.id, name: rooms.name }).from(rooms).where(inEstate(rooms, estateId));
  for (const r of [...locationRows, ...roomRows]) places.set(r.id, r.name);

  const handoverRows = new Map((await db.select().from(handovers).where(inEstate(handovers, estateId))).map((r) => [r.itemId, r]));
  const receiptRows = new Map((await db.select().from(receipts).where(inEstate(receipts, estateId))).map((r) => [r.itemId, r]));
  const dispositionRows = new Map((await db.select().from(dispositions).where(inEstate(dispositions, estateId))).map((r) => [r.itemId, r]));

  const itemRows = await db.select().from(items).where(inEstate(items, estateId)).orderBy(asc(items.number));
  const factItems: FactItem[] = itemRows.map((row) => {
    const h = handoverRows.get(row.id);
    const r = receiptRows.get(row.id);
    const d = dispositionRows.get(row.id);
    const assigned = row.assignedTo !== null || row.status === 'assigned' || row.status === 'handed-over';
    const location = row.locationId ? (places.get(row.locationId) ?? '') : '';
    const room = row.roomId ? (places.get(row.roomId) ?? '') : '';
    return {
      id: row.id,
      label: itemLabel(row.number),
      name: row.name,
      place: room ? `${location} / ${room}` : location,
      value: numberOrNull(row.value),
      currency: row.currency,
      status: row.status,
      distribution: row.distribution,
      receiverId: row.assignedTo,
      receiver: nameOf(row.assignedTo),
      reason: row.assignmentReason,
      assignedAt: row.assignedAt,
      handover: assigned ? handoverViewStatus(h?.status ?? null, Boolean(r)) : null,
      method: h?.method ?? null,
      scheduledAt: h?.scheduledAt ?? null,
      handedOverAt: h?.handedOverAt ?? null,
      receivedAt: r?.receivedAt ?? null,
      receivedBy: r ? nameOf(r.confirmedBy) : '',
      handoverNote: h?.note ?? '',
      disposition: d?.disposition ?? row.unwantedOutcome ?? null,
      dispositionNote: d?.note ?? '',
      salePrice: numberOrNull(d?.salePrice ?? null),
      saleCurrency: d?.saleCurrency ?? null,
      buyer: d?.buyer ?? '',
    };
  });
  const byId = new Map(factItems.map((i) => [i.id, i]));
  const draws = (await db.select().from(drawRecords).where(inEstate(drawRecords, estateId)).orderBy(asc(drawRecords.step))).map((r) => ({
    step: r.step,
    record: r.record,
    ranAt: r.ranAt,
  }));
  const receiptList = [...receiptRows.values()]
    .map((r) => ({
      itemId: r.itemId,
      label: byId.get(r.itemId)?.label ?? '',
      item: byId.get(r.itemId)?.name ?? '',
      receiver: nameOf(r.memberId),
      confirmedBy: nameOf(r.confirmedBy),
      receivedAt: r.receivedAt,
      note: r.note,
    }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return { estate, members, items: factItems, draws, receipts: receiptList };
}

/** Items that went to someone (or back to an owner), grouped by receiver name, receivers in name order. */
export function byReceiver(facts: EstateFacts): { receiver: string; receiverId: string | null; items: FactItem[] }[] {
  const groups = new Map<string, { receiver: string; receiverId: string | null; items: FactItem[] }>();
  for (const item of facts.items) {
    if (item.reason === null && item.receiverId === null) continue;
    const key = item.receiverId ?? `return:${item.reason}`;
    const receiver = item.receiverId ? item.receiver : 'Back to its owner';
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { receiver, receiverId: item.receiverId, items: [] }));
    group.items.push(item);
  }
  return [...groups.values()].sort((a, b) => (a.receiverId === null ? 1 : b.receiverId === null ? -1 : a.receiver.localeCompare(b.receiver)));
}
