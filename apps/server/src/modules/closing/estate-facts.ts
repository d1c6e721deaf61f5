/**
 * Everything the final accounting says about an estate, read once: members, items with their
 * receiver, reason, hand-over and receipt, what became of unwanted or held items, and the draw
 * records. The report files and the archive are made from this, so they always agree.
 */
import { asc, eq } from 'drizzle-orm';
import { finalAccounting, type FinalAccounting, type SetAsideOutcome, type Amount } from '@estate/domain/final-accounting';
import { handoverViewStatus, type HandoverViewStatus } from '@estate/domain/handover';
import { itemLabel } from '@estate/domain/item-status';
import { Role } from '@estate/domain/roles';
import type { Db } from '../../db/client.js';
import { dispositions, drawRecords, estates, handovers, items, locations, memberships, receipts, rooms, stories, users } from '../../db/schema.js';
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
  /** The trustee's note on a return (who the owner is, when they are not a member). */
  returnNote: string;
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
  /** The stories behind the items (issue 34), oldest first: they travel with an item to its receiver. */
  stories?: FactStory[];
};

export type FactStory = {
  id: string;
  itemId: string;
  label: string;
  item: string;
  teller: string;
  toldAt: Date;
  text: string;
  audioKey: string | null;
  audioType: string | null;
};

// The reason and hand-over words are shared with the catalogue's export (platform/report-words.ts).
export { HANDOVER_TEXT, REASON_TEXT, reasonText } from '../../platform/report-words.js';


export const DISPOSITION_TEXT: Record<string, string> = { donate: 'Donate', sell: 'Sell', discard: 'Discard', family: 'Family decision' };

/** What became of an item nobody received, as the final accounting's headings say it. */
export const OUTCOME_TEXT: Record<SetAsideOutcome, string> = {
  donated: 'Donated',
  sold: 'Sold',
  'for-sale': 'To be sold, not sold yet',
  discarded: 'Discarded',
  family: 'Kept for a family decision',
  undecided: 'Not yet decided',
};

/** Who a returned item went back to: the member, or (outside the family) "Its owner". */
export const ownerOf = (item: FactItem) => (item.receiverId ? item.receiver : 'Its owner (not a member)');

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
      returnNote: row.assignmentReason === 'return' && typeof row.assignmentDetail?.note === 'string' ? row.assignmentDetail.note : '',
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
  const storyRows = await db.select().from(stories).where(inEstate(stories, estateId)).orderBy(asc(stories.createdAt), asc(stories.id));
  const storyList: FactStory[] = storyRows.map((s) => ({
    id: s.id,
    itemId: s.itemId,
    label: byId.get(s.itemId)?.label ?? '',
    item: byId.get(s.itemId)?.name ?? '',
    teller: nameOf(s.authorId),
    toldAt: s.createdAt,
    text: s.text ?? '',
    audioKey: s.audioKey,
    audioType: s.audioType,
  }));
  return { estate, members, items: factItems, draws, receipts: receiptList, stories: storyList };
}

export type Accounting = Omit<FinalAccounting<FactItem>, 'received'> & { received: (FinalAccounting<FactItem>['received'][number] & { receiver: string })[] };

/**
 * The estate's items grouped by what happened (domain `finalAccounting`): received by each person
 * (receivers in name order), returned to their owner, and the rest by outcome, with the money apart.
 */
export function accountingOf(facts: EstateFacts): Accounting {
  const names = new Map(facts.items.map((i) => [i.receiverId, i.receiver]));
  const nameOf = (id: string) => names.get(id) ?? '';
  const result = finalAccounting(facts.items, (a, b) => nameOf(a).localeCompare(nameOf(b)) || a.localeCompare(b));
  return { ...result, received: result.received.map((g) => ({ ...g, receiver: nameOf(g.receiverId) })) };
}

/** Amounts per currency in plain figures: "1,200.00 USD + 300.00 EUR", or "—" when there are none. */
export function amounts(list: Amount[]): string {
  return list.map((a) => `${a.amount.toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${a.currency}`).join(' + ') || '—';
}

/** One line of the accounting's totals: what, how many items, and an amount with what it is. */
export type TotalLine = { what: string; items: number; amount: number | null; currency: string; kind: 'Appraised value' | 'Sale price' | '' };

/**
 * The accounting's totals, as the spreadsheet and the archive list them: per receiver and for all
 * (appraised values), returns and each outcome (counts), and the sale proceeds (sale prices).
 */
export function totalLines(a: Accounting): TotalLine[] {
  const lines: TotalLine[] = [];
  const add = (what: string, items: number, list: Amount[], kind: TotalLine['kind']) => {
    if (list.length === 0) lines.push({ what, items, amount: kind === 'Sale price' ? 0 : null, currency: '', kind });
    for (const x of list) lines.push({ what, items, amount: x.amount, currency: x.currency, kind });
  };
  for (const g of a.received) add(`Received by ${g.receiver}`, g.items.length, g.value, 'Appraised value');
  add('Received, everyone', a.received.reduce((n, g) => n + g.items.length, 0), a.receivedValue, 'Appraised value');
  lines.push({ what: 'Returned to its owner', items: a.returned.length, amount: null, currency: '', kind: '' });
  for (const g of a.setAside) lines.push({ what: OUTCOME_TEXT[g.outcome], items: g.items.length, amount: null, currency: '', kind: '' });
  add('Sale proceeds', a.setAside.find((g) => g.outcome === 'sold')?.items.length ?? 0, a.proceeds, 'Sale price');
  return lines;
}
