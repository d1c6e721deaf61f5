/**
 * The fairness report (distribution.md, "Fairness report"): a pure function of the estate's final
 * assignments and the receivers' inputs. Trustees and observers see it all; a beneficiary sees
 * `redactFairnessFor` (their own row and the aggregates).
 *
 * Utilities, as the spec writes them:
 * - rank utility u(m, i) = 11 − rank(m, i) when m hearted the HI item i, else 0. A hearted HI item
 *   m did not rank has rank 11 and so utility 0, like an item m did not heart: the ranking asks
 *   for a top 10 and says nothing about the rest. Items that are not HI have no rank: utility 0.
 * - token utility u(m, i) = 1 + tokens m placed on i when m hearted i (any item), else 0.
 * A receiver a envies b when u_a(b's items) > u_a(a's items); the pair is EF1 (envy-free up to one
 * item) when removing a's most valued item from b's bundle ends the envy (or there is no envy).
 */
import type { Interest, Ranking, TokenPlacement } from '../draw/inputs.js';
import { UNRANKED } from '../draw/inputs.js';

export interface FairnessItem {
  id: string;
  highInterest: boolean;
  /** Appraised value, if any (same currency for the whole estate). */
  value?: number | null;
}

export interface FairnessAssignment {
  itemId: string;
  memberId: string;
  /** directive, only-interested, high-interest, tokens, or any reason the server uses (e.g. trustee). */
  reason: string;
}

export interface FairnessInput {
  receivers: readonly string[];
  /** Every item that was distributed or could have been. */
  items: readonly FairnessItem[];
  interests: readonly Interest[];
  rankings: readonly Ranking[];
  tokens: readonly TokenPlacement[];
  /**
   * Final assignments. Only those to receivers count; when an item appears twice, the last one
   * counts (a later trustee decision replaces an earlier result).
   */
  assignments: readonly FairnessAssignment[];
  /** Random choices among equals in steps 21 and 31 (see draw/record.ts `recordTieBreaks`). */
  randomTieBreaks: number;
  /** Assignments the trustee changed by hand after an automated step. */
  trusteeOverrides: number;
}

export interface UtilityCounts {
  rank: number;
  token: number;
}

export interface FairnessRow {
  memberId: string;
  received: number;
  /** Items received per reason, reasons in a fixed order then by name. */
  byReason: Record<string, number>;
  hearted: number;
  heartedReceived: number;
  /** heartedReceived ÷ hearted; null when the receiver hearted nothing. */
  wantedShare: number | null;
  highInterest: {
    received: number;
    /** HI items received that the receiver ranked 1, ≤ 3, ≤ 10. */
    top1: number;
    top3: number;
    top10: number;
    /** Mean rank (unranked = 11) of the hearted HI items received; null when none. */
    meanRank: number | null;
  };
  /** Appraised value received, and its share of all value received; null when no item has a value. */
  value: number | null;
  valueShare: number | null;
  /** How many other receivers this one envies, and envies even after removing one item. */
  envies: UtilityCounts;
  ef1Violations: UtilityCounts;
}

export interface PairUtility {
  /** u_from(own items) and u_from(other's items). */
  own: number;
  other: number;
  envy: boolean;
  ef1: boolean;
}

export interface FairnessPair {
  from: string;
  to: string;
  rank: PairUtility;
  token: PairUtility;
}

export interface FairnessAggregates {
  receivers: number;
  itemsReceived: number;
  byReason: Record<string, number>;
  meanWantedShare: number | null;
  minWantedShare: number | null;
  /** Ordered pairs (a, b), a ≠ b, and how many of them show envy or break EF1. */
  pairs: number;
  enviousPairs: UtilityCounts;
  ef1Violations: UtilityCounts;
  randomTieBreaks: number;
  trusteeOverrides: number;
  /** Appraised value received by all receivers; null when no item has a value. */
  totalValue: number | null;
  /** Received items without an appraised value (when some items have one). */
  itemsWithoutValue: number;
}

export interface FairnessReport {
  rows: FairnessRow[];
  pairs: FairnessPair[];
  aggregates: FairnessAggregates;
}

const REASON_ORDER = ['directive', 'only-interested', 'high-interest', 'tokens'];

function orderedReasons(counts: Map<string, number>): Record<string, number> {
  const names = [...counts.keys()].sort((a, b) => {
    const x = REASON_ORDER.indexOf(a);
    const y = REASON_ORDER.indexOf(b);
    if (x !== -1 || y !== -1) return (x === -1 ? Infinity : x) - (y === -1 ? Infinity : y);
    return a < b ? -1 : a > b ? 1 : 0;
  });
  const out: Record<string, number> = {};
  for (const name of names) out[name] = counts.get(name) as number;
  return out;
}

function bump(map: Map<string, number>, key: string, by = 1): void {
  map.set(key, (map.get(key) ?? 0) + by);
}

export function fairnessReport(input: FairnessInput): FairnessReport {
  const receivers = [...new Set(input.receivers)];
  const isReceiver = new Set(receivers);
  const items = new Map(input.items.map((item) => [item.id, item]));
  const hasValues = input.items.some((item) => typeof item.value === 'number');

  // Final owner per item: the last assignment to a receiver.
  const owner = new Map<string, FairnessAssignment>();
  for (const a of input.assignments) if (isReceiver.has(a.memberId)) owner.set(a.itemId, a);

  // Hearts per receiver (deduplicated), with rank and tokens.
  const hearts = new Map<string, Set<string>>(receivers.map((m) => [m, new Set<string>()]));
  for (const [m, i] of input.interests) if (items.has(i)) hearts.get(m)?.add(i);
  const rankOf = new Map<string, number>();
  for (const [m, i, r] of input.rankings) rankOf.set(`${m} ${i}`, r);
  const tokensOf = new Map<string, number>();
  for (const [m, i, c] of input.tokens) tokensOf.set(`${m} ${i}`, c);

  const rank = (m: string, i: string): number => rankOf.get(`${m} ${i}`) ?? UNRANKED;
  const rankUtility = (m: string, i: string): number =>
    hearts.get(m)?.has(i) && items.get(i)?.highInterest ? Math.max(0, 11 - rank(m, i)) : 0;
  const tokenUtility = (m: string, i: string): number =>
    hearts.get(m)?.has(i) ? 1 + (tokensOf.get(`${m} ${i}`) ?? 0) : 0;

  const bundles = new Map<string, string[]>(receivers.map((m) => [m, []]));
  for (const [itemId, a] of owner) bundles.get(a.memberId)?.push(itemId);

  let totalValue = 0;
  let itemsWithoutValue = 0;
  for (const itemId of owner.keys()) {
    const value = items.get(itemId)?.value;
    if (typeof value === 'number') totalValue += value;
    else itemsWithoutValue++;
  }

  // Pairs: for each a, what a would get from each bundle. Only items a hearted have utility, so
  // walk a's hearts instead of every bundle.
  const pairs: FairnessPair[] = [];
  const envies = new Map<string, UtilityCounts>(receivers.map((m) => [m, { rank: 0, token: 0 }]));
  const ef1Violations = new Map<string, UtilityCounts>(receivers.map((m) => [m, { rank: 0, token: 0 }]));
  for (const a of receivers) {
    const sum = { rank: new Map<string, number>(), token: new Map<string, number>() };
    const best = { rank: new Map<string, number>(), token: new Map<string, number>() };
    for (const i of hearts.get(a) ?? []) {
      const o = owner.get(i)?.memberId;
      if (o === undefined) continue;
      const ur = rankUtility(a, i);
      const ut = tokenUtility(a, i);
      bump(sum.rank, o, ur);
      bump(sum.token, o, ut);
      best.rank.set(o, Math.max(best.rank.get(o) ?? 0, ur));
      best.token.set(o, Math.max(best.token.get(o) ?? 0, ut));
    }
    const utility = (kind: 'rank' | 'token', b: string): PairUtility => {
      const own = sum[kind].get(a) ?? 0;
      const other = sum[kind].get(b) ?? 0;
      const envy = other > own;
      return { own, other, envy, ef1: !envy || own >= other - (best[kind].get(b) ?? 0) };
    };
    for (const b of receivers) {
      if (b === a) continue;
      const pair: FairnessPair = { from: a, to: b, rank: utility('rank', b), token: utility('token', b) };
      pairs.push(pair);
      const e = envies.get(a) as UtilityCounts;
      const v = ef1Violations.get(a) as UtilityCounts;
      if (pair.rank.envy) e.rank++;
      if (pair.token.envy) e.token++;
      if (!pair.rank.ef1) v.rank++;
      if (!pair.token.ef1) v.token++;
    }
  }

  const allReasons = new Map<string, number>();
  const rows: FairnessRow[] = receivers.map((m) => {
    const bundle = bundles.get(m) as string[];
    const mine = hearts.get(m) as Set<string>;
    const reasons = new Map<string, number>();
    let heartedReceived = 0;
    let value = 0;
    const hi = { received: 0, top1: 0, top3: 0, top10: 0, rankSum: 0, ranked: 0 };
    for (const i of bundle) {
      const reason = (owner.get(i) as FairnessAssignment).reason;
      bump(reasons, reason);
      bump(allReasons, reason);
      const wanted = mine.has(i);
      if (wanted) heartedReceived++;
      const item = items.get(i);
      if (typeof item?.value === 'number') value += item.value;
      if (item?.highInterest) {
        hi.received++;
        if (wanted) {
          const r = rank(m, i);
          if (r <= 1) hi.top1++;
          if (r <= 3) hi.top3++;
          if (r <= 10) hi.top10++;
          hi.rankSum += r;
          hi.ranked++;
        }
      }
    }
    return {
      memberId: m,
      received: bundle.length,
      byReason: orderedReasons(reasons),
      hearted: mine.size,
      heartedReceived,
      wantedShare: mine.size === 0 ? null : heartedReceived / mine.size,
      highInterest: {
        received: hi.received,
        top1: hi.top1,
        top3: hi.top3,
        top10: hi.top10,
        meanRank: hi.ranked === 0 ? null : hi.rankSum / hi.ranked,
      },
      value: hasValues ? value : null,
      valueShare: hasValues && totalValue > 0 ? value / totalValue : null,
      envies: envies.get(m) as UtilityCounts,
      ef1Violations: ef1Violations.get(m) as UtilityCounts,
    };
  });

  const shares = rows.map((r) => r.wantedShare).filter((s): s is number => s !== null);
  const count = (pick: (p: FairnessPair) => boolean): number => pairs.filter(pick).length;
  return {
    rows,
    pairs,
    aggregates: {
      receivers: receivers.length,
      itemsReceived: owner.size,
      byReason: orderedReasons(allReasons),
      meanWantedShare: shares.length === 0 ? null : shares.reduce((x, y) => x + y, 0) / shares.length,
      minWantedShare: shares.length === 0 ? null : Math.min(...shares),
      pairs: pairs.length,
      enviousPairs: { rank: count((p) => p.rank.envy), token: count((p) => p.token.envy) },
      ef1Violations: { rank: count((p) => !p.rank.ef1), token: count((p) => !p.token.ef1) },
      randomTieBreaks: input.randomTieBreaks,
      trusteeOverrides: input.trusteeOverrides,
      totalValue: hasValues ? totalValue : null,
      itemsWithoutValue: hasValues ? itemsWithoutValue : 0,
    },
  };
}

/**
 * A beneficiary's view: their own row and the aggregates. Pairs are left out: a pair (b → a)
 * shows b's utility for a's items, which would tell a what b hearted, ranked or placed tokens on.
 */
export interface BeneficiaryFairnessView {
  row: FairnessRow | null;
  aggregates: FairnessAggregates;
}

export function redactFairnessFor(report: FairnessReport, memberId: string): BeneficiaryFairnessView {
  const row = report.rows.find((r) => r.memberId === memberId);
  return { row: row ? structuredClone(row) : null, aggregates: structuredClone(report.aggregates) };
}
