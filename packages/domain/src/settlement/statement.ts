/**
 * From the estate's items to the settlement statement (distribution.md, "Settlement"): which items
 * count in kind and for whom, the proceeds of sales, what is listed apart (items with no value,
 * items and sales in another currency, items to be sold whose sale is not recorded yet), then
 * `settle`. Pure: the server reads the rows, this decides what they mean.
 */
import { compareIds } from '../draw/utf8-order.js';
import { settle, type Payment } from './settle.js';

/** A decimal amount as stored ("1234.50", "95", "0.5") in minor units (cents); null when it is not one. */
export function toMinorUnits(text: string | number | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const m = /^(\d+)(?:\.(\d{1,2})\d*)?$/.exec(String(text).trim());
  if (!m) return null;
  const minor = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Statuses of an item that went to someone (Hold and Unwanted did not). */
const RECEIVED_STATUSES = new Set(['assigned', 'handed-over']);

export interface StatementMember {
  memberId: string;
  /** A member who may receive directly (the Beneficiary role). */
  receiver: boolean;
  /** For offspring: the receiver whose share their items count in. */
  receivesThrough: string | null;
}

export interface StatementItem {
  itemId: string;
  label: string;
  name: string;
  status: string;
  distribution: string;
  /** Appraised value in minor units, or null. */
  value: number | null;
  currency: string;
  assignedTo: string | null;
  reason: string | null;
  disposition: string | null;
  /** The recorded sale of an item marked "sell", in minor units. */
  sale: { price: number; currency: string } | null;
}

export interface StatementInput {
  /** The estate's currency: only its amounts are counted. */
  currency: string;
  members: readonly StatementMember[];
  items: readonly StatementItem[];
  /** The trustee's weights (member id → whole number ≥ 1); anyone not named has 1. */
  weights: Readonly<Record<string, number>>;
}

export interface ListedItem {
  itemId: string;
  label: string;
  name: string;
  /** Whose share it would count in (null: sold, or no receiver). */
  receiverId: string | null;
  /** Minor units in `currency`, or null when it has no value. */
  value: number | null;
  currency: string;
}

export interface StatementRow {
  memberId: string;
  weight: number;
  /** Items received, counted or not (with no value, or in another currency). */
  items: number;
  inKind: number;
  target: number;
  balance: number;
}

export interface Statement {
  currency: string;
  weights: 'equal' | 'set';
  people: StatementRow[];
  /** `T`. */
  pool: number;
  /** Over every receiver, also in a beneficiary's copy: how many, their weights and values in kind added up. */
  totals: { receivers: number; weight: number; inKind: number };
  proceeds: number;
  /** Items received that have no value: counted as 0. */
  notValued: ListedItem[];
  /** Items received, or sales recorded, in another currency: counted in no total. */
  otherCurrencies: { currency: string; items: ListedItem[] }[];
  /** Items marked "sell" whose sale is not recorded yet: they add nothing to the proceeds so far. */
  awaitingSale: ListedItem[];
  payments: Payment[];
}

const byLabel = (a: ListedItem, b: ListedItem) => compareIds(a.label, b.label) || compareIds(a.itemId, b.itemId);

/** Who receives for an assignee: their parent when they receive through one, else themselves. */
function receiverFor(memberId: string, members: Map<string, StatementMember>): string {
  const m = members.get(memberId);
  return m && !m.receiver && m.receivesThrough ? m.receivesThrough : memberId;
}

/**
 * The receivers: every member who may receive directly, and anyone else an item counted for went to
 * (e.g. someone who has since left the estate), so every value received is in somebody's row.
 */
export function statementReceivers(members: readonly StatementMember[], items: readonly StatementItem[]): string[] {
  const byId = new Map(members.map((m) => [m.memberId, m]));
  const ids = new Set(members.filter((m) => m.receiver).map((m) => m.memberId));
  for (const item of items) if (countsInKind(item)) ids.add(receiverFor(item.assignedTo!, byId));
  return [...ids].sort(compareIds);
}

/** An item that went to someone for any reason except Return (Hold and Unwanted never went). */
export function countsInKind(item: StatementItem): boolean {
  return item.assignedTo !== null && RECEIVED_STATUSES.has(item.status) && item.reason !== 'return' && item.distribution !== 'return';
}

export function buildStatement(input: StatementInput): Statement {
  const members = new Map(input.members.map((m) => [m.memberId, m]));
  const receivers = statementReceivers(input.members, input.items);
  const inKind = new Map(receivers.map((id) => [id, 0]));
  const counts = new Map(receivers.map((id) => [id, 0]));
  const notValued: ListedItem[] = [];
  const other = new Map<string, ListedItem[]>();
  const awaitingSale: ListedItem[] = [];
  let proceeds = 0;
  const listApart = (currency: string, entry: ListedItem) => {
    const list = other.get(currency) ?? [];
    list.push(entry);
    other.set(currency, list);
  };

  for (const item of input.items) {
    const base = { itemId: item.itemId, label: item.label, name: item.name };
    if (countsInKind(item)) {
      const receiverId = receiverFor(item.assignedTo!, members);
      counts.set(receiverId, (counts.get(receiverId) ?? 0) + 1);
      const entry: ListedItem = { ...base, receiverId, value: item.value, currency: item.currency };
      if (item.value === null) notValued.push({ ...entry, currency: input.currency });
      else if (item.currency !== input.currency) listApart(item.currency, entry);
      else inKind.set(receiverId, (inKind.get(receiverId) ?? 0) + item.value);
    } else if (item.disposition === 'sell' && !RECEIVED_STATUSES.has(item.status)) {
      if (item.sale === null) awaitingSale.push({ ...base, receiverId: null, value: item.value, currency: item.currency });
      else if (item.sale.currency !== input.currency) listApart(item.sale.currency, { ...base, receiverId: null, value: item.sale.price, currency: item.sale.currency });
      else proceeds += item.sale.price;
    }
  }

  const weightOf = (id: string) => input.weights[id] ?? 1;
  const result = settle({ receivers: receivers.map((id) => ({ memberId: id, weight: weightOf(id), inKind: inKind.get(id) ?? 0 })), proceeds });
  const weights = new Set(receivers.map(weightOf));
  return {
    currency: input.currency,
    weights: weights.size > 1 ? 'set' : 'equal',
    people: result.rows.map((r) => ({ memberId: r.memberId, weight: r.weight, items: counts.get(r.memberId) ?? 0, inKind: r.inKind, target: r.target, balance: r.balance })),
    pool: result.pool,
    totals: {
      receivers: result.rows.length,
      weight: result.rows.reduce((sum, r) => sum + r.weight, 0),
      inKind: result.rows.reduce((sum, r) => sum + r.inKind, 0),
    },
    proceeds: result.proceeds,
    notValued: notValued.sort(byLabel),
    otherCurrencies: [...other.entries()].sort(([a], [b]) => compareIds(a, b)).map(([currency, items]) => ({ currency, items: items.sort(byLabel) })),
    awaitingSale: awaitingSale.sort(byLabel),
    payments: result.payments,
  };
}

/**
 * The estate's currency: the one the estate's settings name, else the currency most valued items
 * carry (ties: alphabetical), else USD (the items' own default).
 */
export function estateCurrency(setting: unknown, items: readonly Pick<StatementItem, 'value' | 'currency'>[]): string {
  if (typeof setting === 'string' && /^[A-Z]{3}$/.test(setting)) return setting;
  const counts = new Map<string, number>();
  for (const item of items) if (item.value !== null) counts.set(item.currency, (counts.get(item.currency) ?? 0) + 1);
  const ranked = [...counts.entries()].sort(([a, x], [b, y]) => y - x || compareIds(a, b));
  return ranked[0]?.[0] ?? 'USD';
}

/** A beneficiary's copy: the totals and their own row, and only the payments they are part of. */
export function statementFor(statement: Statement, memberId: string): Statement {
  return {
    ...statement,
    people: statement.people.filter((p) => p.memberId === memberId),
    payments: statement.payments.filter((p) => p.from === memberId || p.to === memberId),
  };
}
