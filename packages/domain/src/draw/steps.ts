/**
 * Steps 14, 15, 21 and 31 of distribution.md as pure functions of their inputs (and, for 21 and
 * 31, the seed). Each step reads the whole `inputs` it is given and picks its own scope:
 *   14: pool items nobody is interested in         → unwanted
 *   15: non-HI items with exactly one interested   → that receiver
 *   21: HI items with at least one interested      → round-robin / serpentine by rank
 *   31: non-HI items with two or more interested   → most tokens, random tie-break
 * The scopes are disjoint, so each step can run alone on the current pool.
 *
 * Work is done on id ranks (see canonical.ts): rank order is "sorted by id".
 */
import { assertDrawable, factsFor, inputHashBytes, prepareFacts } from './canonical.js';
import type { Facts, IdRanks } from './canonical.js';
import { UNRANKED } from './inputs.js';
import type { DrawInputs, DrawMode, DrawStep } from './inputs.js';
import { toHex } from './sha256.js';
import { createStream, deriveSeed } from './streams.js';

export const REASONS = {
  onlyInterested: 'only-interested',
  highInterest: 'high-interest',
  tokens: 'tokens',
} as const;
export type AssignmentReason = (typeof REASONS)[keyof typeof REASONS];

/** Key order is the record's: itemId, memberId, reason, then round+pick (21) or tokens+tied (31). */
export interface Assignment {
  itemId: string;
  memberId: string;
  reason: AssignmentReason;
  round?: number;
  pick?: number;
  /** Step 31: the winning (largest) token count, 0 when nobody placed any. */
  tokens?: number;
  /** Step 31: how many interested receivers had that count (1 = no random choice). */
  tied?: number;
}

export interface StepResult {
  assignments: Assignment[];
  /** Step 14 only. */
  unwanted?: string[];
  /** Step 21 only: the shuffled receivers. */
  order?: string[];
  /** Random choices among equals (step 21 picks and step 31 winners); not part of the record. */
  tieBreaks: number;
}

export interface StepInput {
  step: DrawStep;
  mode: DrawMode;
  /** Revealed secret bytes; empty is allowed (steps 14 and 15 use no randomness). */
  secret: Uint8Array;
  publicEntropy: string;
  inputs: DrawInputs;
  /**
   * Optional: `rankIds` of these inputs' ids or of a larger snapshot they were cut from, so a run
   * of several steps sorts the ids once. Ignored when it misses an id.
   */
  ranks?: IdRanks;
  /** Optional: `prepareFacts(inputs)` for this very `inputs` object; ignored otherwise. */
  facts?: Facts;
}

export interface StepOutcome extends StepResult {
  /** Lower-case hex SHA-256 of the canonical input text. */
  inputHash: string;
}

const NOT_IN_POOL = 0;
const POOL = 1;
const HIGH_INTEREST = 2;

/** Interests restricted to receivers and pool items, counted and grouped by item. */
interface Index {
  facts: Facts;
  /** Per id rank: NOT_IN_POOL, POOL or HIGH_INTEREST. */
  kind: Uint8Array;
  /** Per item rank: interested receivers. */
  count: Int32Array;
  /** Positions in facts.want* that count (receiver and pool item). */
  wants: Int32Array;
}

function buildIndex(facts: Facts): Index {
  const n = facts.ranks.sorted.length;
  const isReceiver = new Uint8Array(n);
  for (const r of facts.receivers) isReceiver[r] = 1;
  const kind = new Uint8Array(n);
  for (let k = 0; k < facts.items.length; k++)
    kind[facts.items[k] as number] = facts.itemHi[k] ? HIGH_INTEREST : POOL;
  const count = new Int32Array(n);
  const wants = new Int32Array(facts.wantM.length);
  let w = 0;
  for (let k = 0; k < facts.wantM.length; k++) {
    const m = facts.wantM[k] as number;
    const i = facts.wantI[k] as number;
    // Offspring hearts and hearts on items outside the pool are never inputs.
    if (!isReceiver[m] || kind[i] === NOT_IN_POOL) continue;
    count[i] = (count[i] as number) + 1;
    wants[w++] = k;
  }
  return { facts, kind, count, wants: wants.subarray(0, w) };
}

function indexOf(inputs: DrawInputs): Index {
  const facts = prepareFacts(inputs);
  assertDrawable(facts);
  return buildIndex(facts);
}

/** Step 14: every pool item with no interested receiver becomes Unwanted (sorted by id). */
export function runUnwanted(inputs: DrawInputs): StepResult {
  return unwanted(indexOf(inputs));
}

function unwanted({ facts, count }: Index): StepResult {
  const ids = facts.ranks.sorted;
  const out: string[] = [];
  for (const i of facts.items) if (count[i] === 0) out.push(ids[i] as string);
  return { assignments: [], unwanted: out, tieBreaks: 0 };
}

/** Step 15: every non-HI pool item with exactly one interested receiver goes to them (by item id). */
export function runOnlyInterested(inputs: DrawInputs): StepResult {
  return onlyInterested(indexOf(inputs));
}

function onlyInterested({ facts, kind, count, wants }: Index): StepResult {
  const ids = facts.ranks.sorted;
  const sole = new Int32Array(ids.length);
  for (const k of wants) sole[facts.wantI[k] as number] = facts.wantM[k] as number;
  const assignments: Assignment[] = [];
  for (const i of facts.items) {
    if (kind[i] !== POOL || count[i] !== 1) continue;
    assignments.push({
      itemId: ids[i] as string,
      memberId: ids[sole[i] as number] as string,
      reason: REASONS.onlyInterested,
    });
  }
  return { assignments, tieBreaks: 0 };
}

/** Step 21: HI items in rounds over a shuffled receiver order, each taking their best-ranked item. */
export function runHighInterest(inputs: DrawInputs, mode: DrawMode, seed: Uint8Array): StepResult {
  return highInterest(indexOf(inputs), mode, seed);
}

/** One receiver's HI wants, grouped by rank (best first); each group in id order. */
interface Wishes {
  groups: number[][];
  /** First group that may still hold an available item. */
  at: number;
}

function highInterest({ facts, kind, wants }: Index, mode: DrawMode, seed: Uint8Array): StepResult {
  const ids = facts.ranks.sorted;
  const r = facts.rankings;
  const wishes = new Map<number, Wishes>();
  let remaining = 0;
  const counted = new Uint8Array(ids.length);

  // Wants and rankings are both ascending by (member, item): walk them together.
  let p = 0;
  let member = -1;
  let list: { item: number; rank: number }[] = [];
  const close = (): void => {
    if (member === -1 || list.length === 0) return;
    list.sort((a, b) => a.rank - b.rank); // stable: equal ranks stay in id order
    const groups: number[][] = [];
    let last = -1;
    for (const { item, rank } of list) {
      if (rank !== last) groups.push([]);
      (groups[groups.length - 1] as number[]).push(item);
      last = rank;
    }
    wishes.set(member, { groups, at: 0 });
  };
  for (const k of wants) {
    const m = facts.wantM[k] as number;
    const i = facts.wantI[k] as number;
    if (kind[i] !== HIGH_INTEREST) continue;
    if (m !== member) {
      close();
      member = m;
      list = [];
    }
    while (p < r.m.length && ((r.m[p] as number) < m || (r.m[p] === m && (r.i[p] as number) < i))) p++;
    const rank = p < r.m.length && r.m[p] === m && r.i[p] === i ? (r.v[p] as number) : UNRANKED;
    list.push({ item: i, rank });
    if (!counted[i]) {
      counted[i] = 1;
      remaining++;
    }
  }
  close();

  // Map keys were added in member rank order, i.e. sorted by id.
  const order = createStream(seed, 'order').shuffle([...wishes.keys()]);
  const reversed = order.slice().reverse();
  const picks = createStream(seed, 'picks');
  const taken = new Uint8Array(ids.length);
  const assignments: Assignment[] = [];
  let tieBreaks = 0;
  let round = 1;
  let pick = 0;

  while (remaining > 0) {
    const seq = mode === 'serpentine' && round % 2 === 0 ? reversed : order;
    for (const m of seq) {
      const w = wishes.get(m) as Wishes;
      // Drop taken items from the best group; move on when it empties.
      let best: number[] | undefined;
      while (w.at < w.groups.length) {
        const group = w.groups[w.at] as number[];
        let live = 0;
        for (const i of group) if (!taken[i]) group[live++] = i;
        group.length = live;
        if (live > 0) {
          best = group;
          break;
        }
        w.at++;
      }
      if (!best) continue;
      let k = 0;
      if (best.length > 1) {
        k = picks.randomInt(best.length);
        tieBreaks++;
      }
      const i = best[k] as number;
      best.splice(k, 1);
      taken[i] = 1;
      remaining--;
      pick++;
      assignments.push({
        itemId: ids[i] as string,
        memberId: ids[m] as string,
        reason: REASONS.highInterest,
        round,
        pick,
      });
      if (remaining === 0) break;
    }
    round++;
  }
  return { assignments, order: order.map((m) => ids[m] as string), tieBreaks };
}

/** Step 31: each contested item (by id) to the interested receiver with most tokens on it. */
export function runTokens(inputs: DrawInputs, seed: Uint8Array): StepResult {
  return byTokens(indexOf(inputs), seed);
}

function byTokens({ facts, kind, count, wants }: Index, seed: Uint8Array): StepResult {
  const ids = facts.ranks.sorted;
  const t = facts.tokens;
  const contested = (i: number): boolean => kind[i] === POOL && (count[i] as number) >= 2;

  // Per contested item, its interested receivers with their tokens. Wants come member by member,
  // so each item's list fills in member id order.
  const start = new Int32Array(ids.length + 1);
  for (const i of facts.items) if (contested(i)) start[i + 1] = count[i] as number;
  for (let x = 0; x < ids.length; x++) start[x + 1] = (start[x + 1] as number) + (start[x] as number);
  const fill = start.slice(0, ids.length);
  const members = new Int32Array(start[ids.length] as number);
  const placed = new Int32Array(members.length);
  let p = 0;
  for (const k of wants) {
    const m = facts.wantM[k] as number;
    const i = facts.wantI[k] as number;
    if (!contested(i)) continue;
    while (p < t.m.length && ((t.m[p] as number) < m || (t.m[p] === m && (t.i[p] as number) < i))) p++;
    const at = fill[i] as number;
    fill[i] = at + 1;
    members[at] = m;
    placed[at] = p < t.m.length && t.m[p] === m && t.i[p] === i ? (t.v[p] as number) : 0;
  }

  const assignments: Assignment[] = [];
  let tieBreaks = 0;
  for (const i of facts.items) {
    if (!contested(i)) continue;
    const from = start[i] as number;
    const to = from + (count[i] as number);
    let most = 0;
    for (let x = from; x < to; x++) if ((placed[x] as number) > most) most = placed[x] as number;
    const tied: number[] = [];
    for (let x = from; x < to; x++) if (placed[x] === most) tied.push(members[x] as number);
    let winner = tied[0] as number;
    const itemId = ids[i] as string;
    if (tied.length > 1) {
      winner = tied[createStream(seed, `tie:${itemId}`).randomInt(tied.length)] as number;
      tieBreaks++;
    }
    assignments.push({
      itemId,
      memberId: ids[winner] as string,
      reason: REASONS.tokens,
      tokens: most,
      tied: tied.length,
    });
  }
  return { assignments, tieBreaks };
}

/**
 * Runs one step: checks the inputs (throws DrawInputError), hashes them, derives the seed and
 * applies the step's rule.
 */
export function runStep({
  step,
  mode,
  secret,
  publicEntropy,
  inputs,
  ranks,
  facts: given,
}: StepInput): StepOutcome {
  const facts = factsFor(inputs, given, ranks);
  assertDrawable(facts);
  const hash = inputHashBytes({ step, mode, inputs }, facts);
  const seed = deriveSeed({ secret, step, inputHash: hash, publicEntropy });
  const index = buildIndex(facts);
  const result =
    step === 14
      ? unwanted(index)
      : step === 15
        ? onlyInterested(index)
        : step === 21
          ? highInterest(index, mode, seed)
          : byTokens(index, seed);
  return { inputHash: toHex(hash), ...result };
}
