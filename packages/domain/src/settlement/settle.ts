/**
 * The settlement statement (distribution.md, "Settlement: value received and equalization"): each
 * receiver's share of the value divided, what they received in kind, and the payments that would
 * even it out. Pure: no I/O, no clock. It decides nothing; the family chooses whether to pay.
 *
 * Amounts are integers in the currency's minor unit (cents). Targets are computed with BigInt, so
 * `T × w` never loses a cent however large the estate.
 */
import { compareIds } from '../draw/utf8-order.js';

/** Who pays: a receiver's member id, or the estate paying out the proceeds of sales. */
export const ESTATE = 'estate' as const;

export interface SettleReceiver {
  memberId: string;
  /** Whole number ≥ 1 (1 for everyone: equal shares). */
  weight: number;
  /** `V_i`: the sum of the values of the items assigned to this receiver, in minor units. */
  inKind: number;
}

export interface SettleInput {
  receivers: readonly SettleReceiver[];
  /** `P`: recorded sale prices of items sold, in minor units. */
  proceeds: number;
}

export interface SettleRow {
  memberId: string;
  weight: number;
  inKind: number;
  /** `t_i`: this receiver's share of the pool. */
  target: number;
  /** `b_i = t_i − V_i`: positive, owed money; negative, received more than their share. */
  balance: number;
}

export interface Payment {
  /** A member id, or "estate". */
  from: string;
  to: string;
  amount: number;
}

export interface Settlement {
  /** `T = Σ V_i + P`. */
  pool: number;
  proceeds: number;
  /** Rows by member id (UTF-8 byte order), whatever order the input came in. */
  rows: SettleRow[];
  payments: Payment[];
}

function assertMinorUnits(n: number, what: string): void {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${what} must be a whole number of minor units, 0 or more (got ${n}).`);
}

/**
 * The statement for some receivers and the proceeds. Throws on a weight below 1, a fractional or
 * negative amount, or a member twice: the caller validates what people type before this.
 */
export function settle(input: SettleInput): Settlement {
  assertMinorUnits(input.proceeds, 'Proceeds');
  const seen = new Set<string>();
  for (const r of input.receivers) {
    if (seen.has(r.memberId)) throw new RangeError(`Receiver ${r.memberId} appears twice.`);
    seen.add(r.memberId);
    if (!Number.isSafeInteger(r.weight) || r.weight < 1) throw new RangeError(`A weight must be a whole number of 1 or more (got ${r.weight}).`);
    assertMinorUnits(r.inKind, 'A value received');
  }
  const receivers = [...input.receivers].sort((a, b) => compareIds(a.memberId, b.memberId));
  const proceeds = input.proceeds;
  const pool = receivers.reduce((sum, r) => sum + r.inKind, 0) + proceeds;
  if (receivers.length === 0) return { pool, proceeds, rows: [], payments: [] };

  // Targets by the largest-remainder method.
  const T = BigInt(pool);
  const W = BigInt(receivers.reduce((sum, r) => sum + r.weight, 0));
  const parts = receivers.map((r) => {
    const product = T * BigInt(r.weight);
    return { memberId: r.memberId, floor: product / W, remainder: product % W };
  });
  let leftover = T - parts.reduce((sum, p) => sum + p.floor, 0n);
  const extra = new Set<string>();
  const byRemainder = [...parts].sort((a, b) => (a.remainder > b.remainder ? -1 : a.remainder < b.remainder ? 1 : compareIds(a.memberId, b.memberId)));
  for (const p of byRemainder) {
    if (leftover <= 0n) break;
    extra.add(p.memberId);
    leftover -= 1n;
  }
  const rows: SettleRow[] = receivers.map((r, k) => {
    const target = Number(parts[k]!.floor) + (extra.has(r.memberId) ? 1 : 0);
    return { memberId: r.memberId, weight: r.weight, inKind: r.inKind, target, balance: target - r.inKind };
  });

  return { pool, proceeds, rows, payments: payments(rows, proceeds) };
}

/** The payments, in the order the spec gives: the estate pays the proceeds out, then debtors pay creditors. */
function payments(rows: readonly SettleRow[], proceeds: number): Payment[] {
  const creditors = rows
    .filter((r) => r.balance > 0)
    .sort((a, b) => b.balance - a.balance || compareIds(a.memberId, b.memberId))
    .map((r) => ({ id: r.memberId, left: r.balance }));
  const debtors = rows
    .filter((r) => r.balance < 0)
    .sort((a, b) => a.balance - b.balance || compareIds(a.memberId, b.memberId))
    .map((r) => ({ id: r.memberId, left: -r.balance }));
  const out: Payment[] = [];
  const pay = (from: string, to: string, amount: number) => {
    if (amount > 0) out.push({ from, to, amount });
  };

  let remaining = proceeds;
  for (const c of creditors) {
    if (remaining <= 0) break;
    const amount = Math.min(remaining, c.left);
    pay(ESTATE, c.id, amount);
    c.left -= amount;
    remaining -= amount;
  }

  let d = 0;
  let c = 0;
  const owed = () => {
    while (c < creditors.length && creditors[c]!.left === 0) c++;
  };
  owed();
  while (d < debtors.length && c < creditors.length) {
    const debtor = debtors[d]!;
    const creditor = creditors[c]!;
    const amount = Math.min(debtor.left, creditor.left);
    pay(debtor.id, creditor.id, amount);
    debtor.left -= amount;
    creditor.left -= amount;
    if (debtor.left === 0) d++;
    owed();
  }
  return out;
}

/** Each member's balance after the payments are made (0 for everyone when the statement is right). */
export function balancesAfter(settlement: Settlement): Map<string, number> {
  const left = new Map(settlement.rows.map((r) => [r.memberId, r.balance]));
  for (const p of settlement.payments) {
    left.set(p.to, (left.get(p.to) ?? 0) - p.amount);
    if (p.from !== ESTATE) left.set(p.from, (left.get(p.from) ?? 0) + p.amount);
  }
  return left;
}
