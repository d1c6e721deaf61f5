/**
 * Canonical order of a draw's facts (distribution.md, "Canonical inputs" and "sorted by id").
 *
 * Both order by UTF-8 bytes, which is code point order. JS string comparison is UTF-16 code unit
 * order and differs from it only when a surrogate (a code point above U+FFFF) meets a unit in
 * U+E000..U+FFFF.
 *
 * `prepareFacts` sorts the distinct ids once and turns every fact into integers (an id's place in
 * that order), so the hash, the checks and the steps all share one pass and no long strings are
 * ever sorted. `referenceLines` is the spec's definition taken literally, for tests and odd ids.
 */
import { isValidId, MAX_TOKENS_PER_ITEM, UNRANKED, DrawInputError } from './inputs.js';
import type { DrawInputs, DrawMode } from './inputs.js';
import { sha256TextHasher, toHex } from './sha256.js';
import { sortUtf8 } from './utf8-order.js';

export { compareIds, sortUtf8 } from './utf8-order.js';

/** Sorted copy of ids by UTF-8 bytes. */
export function sortIds(ids: Iterable<string>): string[] {
  return sortUtf8([...ids]);
}

// ---------------------------------------------------------------------------------------------
// Prepared facts

/** Distinct ids sorted by UTF-8 bytes; an id's rank is its index in `sorted`. */
export interface IdRanks {
  sorted: string[];
  rank: Map<string, number>;
}

export function rankIds(ids: Iterable<string>): IdRanks {
  const sorted = sortUtf8([...new Set(ids)]);
  const rank = new Map<string, number>();
  for (let k = 0; k < sorted.length; k++) rank.set(sorted[k] as string, k);
  return { sorted, rank };
}

/** Facts with ids replaced by ranks, each kind distinct and in canonical order. */
export interface Facts {
  /** The very object these facts were prepared from; callers check it before reusing them. */
  inputs: DrawInputs;
  ranks: IdRanks;
  /** Item ranks ascending; `itemHi[k]` is its flag. An item twice means it had both flags. */
  items: Int32Array;
  itemHi: Uint8Array;
  receivers: Int32Array;
  /** Interests (member, item), ascending by member then item. */
  wantM: Int32Array;
  wantI: Int32Array;
  rankings: Triples;
  tokens: Triples;
  /** No id has a character ≤ U+0020 or a lone surrogate, so the lines follow the ranks. */
  lineSafe: boolean;
  /** Why the inputs cannot be drawn (empty when they can). */
  problems: string[];
}

/** (member, item, value) ascending by member, item, then the value's text. */
export interface Triples {
  m: Int32Array;
  i: Int32Array;
  v: number[];
}

/**
 * No character ≤ U+0020 (then "a b" vs "ab" byte order would not be the order of the ids) and no
 * lone surrogate (no UTF-8 form).
 */
function isLineSafe(id: string): boolean {
  for (let k = 0; k < id.length; k++) {
    const c = id.charCodeAt(k);
    if (c <= 0x20 || (c >= 0xdc00 && c <= 0xdfff)) return false;
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = id.charCodeAt(k + 1);
      if (!(d >= 0xdc00 && d <= 0xdfff)) return false;
      k++;
    }
  }
  return true;
}

/**
 * One pass over the inputs. `ranks`, when given, may come from a larger snapshot these inputs were
 * cut from (a run of steps then sorts ids once); it is ignored if it misses an id.
 */
export function prepareFacts(inputs: DrawInputs, ranks?: IdRanks): Facts {
  // Ids get a provisional number in order of appearance: one map lookup per id occurrence.
  const provisional = new Map<string, number>();
  const names: string[] = [];
  const idOf = (id: string): number => {
    let p = provisional.get(id);
    if (p === undefined) {
      p = names.length;
      provisional.set(id, p);
      names.push(id);
    }
    return p;
  };
  const receivers = new Int32Array(inputs.receivers.length);
  for (let k = 0; k < receivers.length; k++) receivers[k] = idOf(inputs.receivers[k] as string);
  const items = new Int32Array(inputs.items.length);
  for (let k = 0; k < items.length; k++) items[k] = idOf((inputs.items[k] as DrawInputs['items'][number]).id);
  const pairs = (list: readonly (readonly [string, string, ...unknown[]])[]): [Int32Array, Int32Array] => {
    const m = new Int32Array(list.length);
    const i = new Int32Array(list.length);
    for (let k = 0; k < list.length; k++) {
      const fact = list[k] as readonly [string, string];
      m[k] = idOf(fact[0]);
      i[k] = idOf(fact[1]);
    }
    return [m, i];
  };
  const [wantM, wantI] = pairs(inputs.interests);
  const [rankM, rankI] = pairs(inputs.rankings);
  const [tokenM, tokenI] = pairs(inputs.tokens);

  const problems: string[] = [];
  let lineSafe = true;
  for (const id of names) {
    if (!isValidId(id)) problems.push(badIdProblem(inputs, id));
    if (lineSafe && !isLineSafe(id)) lineSafe = false;
  }

  let usable = ranks !== undefined;
  const perm = new Int32Array(names.length);
  if (ranks) {
    for (let p = 0; p < names.length; p++) {
      const r = ranks.rank.get(names[p] as string);
      if (r === undefined) {
        usable = false;
        break;
      }
      perm[p] = r;
    }
  }
  const idRanks = usable && ranks ? ranks : rankIds(names);
  if (!usable)
    for (let p = 0; p < names.length; p++) perm[p] = idRanks.rank.get(names[p] as string) as number;
  const n = idRanks.sorted.length;
  const remap = (list: Int32Array): Int32Array => {
    for (let k = 0; k < list.length; k++) list[k] = perm[list[k] as number] as number;
    return list;
  };

  // Items: key rank*2 + (pool ? 1 : 0), since "hi" < "pool".
  const itemKeys = new Float64Array(items.length);
  for (let k = 0; k < items.length; k++)
    itemKeys[k] =
      (perm[items[k] as number] as number) * 2 +
      ((inputs.items[k] as DrawInputs['items'][number]).highInterest ? 0 : 1);
  const sortedItemKeys = distinctSorted(itemKeys);
  const itemRanks = new Int32Array(sortedItemKeys.length);
  const itemHi = new Uint8Array(sortedItemKeys.length);
  for (let k = 0; k < sortedItemKeys.length; k++) {
    const key = sortedItemKeys[k] as number;
    itemRanks[k] = Math.floor(key / 2);
    itemHi[k] = key % 2 === 0 ? 1 : 0;
    if (k > 0 && itemRanks[k] === itemRanks[k - 1])
      problems.push(`item ${idRanks.sorted[itemRanks[k] as number]} is listed both as high-interest and not`);
  }

  const wantKeys = distinctSorted(pairKeys(remap(wantM), remap(wantI), n));
  const wants = splitPairs(wantKeys, n);

  const rankings = sortTriples('rankings', remap(rankM), remap(rankI), inputs.rankings, n, idRanks, problems);
  const tokens = sortTriples('tokens', remap(tokenM), remap(tokenI), inputs.tokens, n, idRanks, problems);
  checkValues(inputs.rankings, 'rankings', 1, UNRANKED, problems);
  checkValues(inputs.tokens, 'tokens', 0, MAX_TOKENS_PER_ITEM, problems);

  return {
    inputs,
    ranks: idRanks,
    items: itemRanks,
    itemHi,
    receivers: distinctSortedInts(remap(receivers)),
    wantM: wants[0],
    wantI: wants[1],
    rankings,
    tokens,
    lineSafe,
    problems,
  };
}

/** Throws DrawInputError when the facts cannot be drawn. */
export function assertDrawable(facts: Facts): void {
  if (facts.problems.length > 0) throw new DrawInputError(facts.problems);
}

/** Facts prepared for `inputs`: the given ones when they were made from this very object. */
export function factsFor(inputs: DrawInputs, facts?: Facts, ranks?: IdRanks): Facts {
  return facts?.inputs === inputs ? facts : prepareFacts(inputs, ranks ?? facts?.ranks);
}

/**
 * The facts of `inputs`, which must be `facts.inputs` without the items whose rank is marked in
 * `drop` (and every fact about them). Filtering keeps the order, so nothing is sorted again.
 */
export function restrictFacts(facts: Facts, inputs: DrawInputs, drop: Uint8Array): Facts {
  // Positions to keep in each list (typed-array loops: this runs between every two steps).
  const keep = (items: Int32Array): Int32Array => {
    const at = new Int32Array(items.length);
    let w = 0;
    for (let k = 0; k < items.length; k++) if (!drop[items[k] as number]) at[w++] = k;
    return at.subarray(0, w);
  };
  const items = keep(facts.items);
  const wants = keep(facts.wantI);
  const triples = (t: Triples): Triples => {
    const at = keep(t.i);
    const v = new Array<number>(at.length);
    for (let k = 0; k < at.length; k++) v[k] = t.v[at[k] as number] as number;
    return { m: pick(t.m, at), i: pick(t.i, at), v };
  };
  return {
    inputs,
    ranks: facts.ranks,
    items: pick(facts.items, items),
    itemHi: pick(facts.itemHi, items),
    receivers: facts.receivers,
    wantM: pick(facts.wantM, wants),
    wantI: pick(facts.wantI, wants),
    rankings: triples(facts.rankings),
    tokens: triples(facts.tokens),
    lineSafe: facts.lineSafe,
    problems: facts.problems,
  };
}

function pick<T extends Int32Array | Uint8Array>(list: T, at: Int32Array): T {
  const out = new (list.constructor as new (length: number) => T)(at.length);
  for (let k = 0; k < at.length; k++) out[k] = list[at[k] as number] as number;
  return out;
}

/** Whether any heart, rank or token is by a non-receiver or on an item outside the pool. */
export function hasForeignFacts(facts: Facts): boolean {
  const n = facts.ranks.sorted.length;
  const receiver = new Uint8Array(n);
  for (const r of facts.receivers) receiver[r] = 1;
  const item = new Uint8Array(n);
  for (const i of facts.items) item[i] = 1;
  const foreign = (m: Int32Array, i: Int32Array): boolean => {
    for (let k = 0; k < m.length; k++) if (!receiver[m[k] as number] || !item[i[k] as number]) return true;
    return false;
  };
  return (
    foreign(facts.wantM, facts.wantI) ||
    foreign(facts.rankings.m, facts.rankings.i) ||
    foreign(facts.tokens.m, facts.tokens.i)
  );
}

/**
 * Problems that would make a draw ill-defined or not reproducible: bad ids, an item both HI and
 * not, contradicting rankings or tokens, impossible numbers. Budgets and stage rules are checked
 * where the inputs are taken.
 */
export function inputProblems(inputs: DrawInputs): string[] {
  return prepareFacts(inputs).problems;
}

function badIdProblem(inputs: DrawInputs, id: string): string {
  // Only on the error path: say where the id first appears.
  const where =
    whereIn(
      inputs.receivers.map((r) => [r]),
      'receivers',
      id,
    ) ??
    whereIn(
      inputs.items.map((item) => [item.id]),
      'items',
      id,
    ) ??
    whereIn(inputs.interests, 'interests', id) ??
    whereIn(inputs.rankings, 'rankings', id) ??
    whereIn(inputs.tokens, 'tokens', id);
  return `${where ?? 'inputs'}: id ${JSON.stringify(id)} is empty or has white space or control characters`;
}

function whereIn(list: readonly (readonly unknown[])[], name: string, id: string): string | undefined {
  const k = list.findIndex((fact) => fact[0] === id || fact[1] === id);
  return k === -1 ? undefined : `${name}[${k}]`;
}

function checkValues(
  list: readonly (readonly [string, string, number])[],
  name: string,
  min: number,
  max: number,
  problems: string[],
): void {
  for (let k = 0; k < list.length; k++) {
    const value = (list[k] as readonly [string, string, number])[2];
    if (!Number.isInteger(value) || value < min || value > max)
      problems.push(`${name}[${k}]: ${value} is not a whole number from ${min} to ${max}`);
  }
}

function pairKeys(m: Int32Array, i: Int32Array, n: number): Float64Array {
  const keys = new Float64Array(m.length);
  for (let k = 0; k < m.length; k++) keys[k] = (m[k] as number) * n + (i[k] as number);
  return keys;
}

function splitPairs(keys: Float64Array, n: number): [Int32Array, Int32Array] {
  const m = new Int32Array(keys.length);
  const i = new Int32Array(keys.length);
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k] as number;
    let member = Math.floor(key / n);
    let item = key - member * n;
    // Guard against the division rounding across a multiple of n for very large keys.
    if (item < 0) {
      member -= 1;
      item += n;
    } else if (item >= n) {
      member += 1;
      item -= n;
    }
    m[k] = member;
    i[k] = item;
  }
  return [m, i];
}

function distinctSortedInts(list: Int32Array): Int32Array {
  list.sort();
  let w = 0;
  for (let k = 0; k < list.length; k++) if (w === 0 || list[k] !== list[w - 1]) list[w++] = list[k] as number;
  return list.subarray(0, w);
}

/** Sorted distinct values (sorts `keys` in place). */
function distinctSorted(keys: Float64Array): Float64Array {
  keys.sort();
  let w = 0;
  for (let k = 0; k < keys.length; k++) if (w === 0 || keys[k] !== keys[w - 1]) keys[w++] = keys[k] as number;
  return keys.subarray(0, w);
}

function sortTriples(
  name: string,
  m: Int32Array,
  i: Int32Array,
  facts: readonly (readonly [string, string, number])[],
  n: number,
  ranks: IdRanks,
  problems: string[],
): Triples {
  const len = facts.length;
  const keys = pairKeys(m, i, n);
  const order = orderByKey(keys);
  const out: Triples = { m: new Int32Array(len), i: new Int32Array(len), v: [] };
  let w = 0;
  for (let a = 0; a < len;) {
    const first = order[a] as number;
    const key = keys[first] as number;
    let b = a + 1;
    while (b < len && keys[order[b] as number] === key) b++;
    if (b === a + 1) {
      out.m[w] = m[first] as number;
      out.i[w] = i[first] as number;
      out.v[w] = (facts[first] as readonly [string, string, number])[2];
      w++;
      a = b;
      continue;
    }
    // Equal (member, item): a repeated value, or (invalid) several, ordered by their text.
    const texts = sortUtf8([
      ...new Set(order.slice(a, b).map((k) => String((facts[k] as readonly unknown[])[2]))),
    ]);
    if (texts.length > 1)
      problems.push(
        `${name}: ${ranks.sorted[m[first] as number]} has ${texts.join(' and ')} on ${ranks.sorted[i[first] as number]}`,
      );
    for (const text of texts) {
      const k = order.slice(a, b).find((x) => String((facts[x] as readonly unknown[])[2]) === text) as number;
      out.m[w] = m[first] as number;
      out.i[w] = i[first] as number;
      out.v[w] = (facts[k] as readonly [string, string, number])[2];
      w++;
    }
    a = b;
  }
  return { m: out.m.subarray(0, w), i: out.i.subarray(0, w), v: out.v };
}

/** Indices in ascending order of `keys` (non-negative integers), stable. */
function orderByKey(keys: Float64Array): number[] {
  const len = keys.length;
  let max = 0;
  for (const key of keys) if (key > max) max = key;
  // Key and index packed into one exact double, so the typed-array sort does the work.
  if ((max + 1) * len < Number.MAX_SAFE_INTEGER) {
    const packed = new Float64Array(len);
    for (let k = 0; k < len; k++) packed[k] = (keys[k] as number) * len + k;
    packed.sort();
    const out = new Array<number>(len);
    for (let k = 0; k < len; k++) out[k] = (packed[k] as number) % len;
    return out;
  }
  return Array.from({ length: len }, (_, k) => k).sort(
    (a, b) => (keys[a] as number) - (keys[b] as number) || a - b,
  );
}

// ---------------------------------------------------------------------------------------------
// Canonical text and hash

export interface CanonicalParams {
  step: number;
  mode: DrawMode;
  inputs: DrawInputs;
}

/** Every fact as one line, unsorted (the order of `inputs` does not matter). */
export function inputLines({ step, mode, inputs }: CanonicalParams): string[] {
  const lines: string[] = [`mode ${mode}`, `step ${step}`];
  for (const id of inputs.receivers) lines.push(`receiver ${id}`);
  for (const item of inputs.items) lines.push(`item ${item.id} ${item.highInterest ? 'hi' : 'pool'}`);
  for (const [memberId, itemId] of inputs.interests) lines.push(`want ${memberId} ${itemId}`);
  for (const [memberId, itemId, rank] of inputs.rankings) lines.push(`rank ${memberId} ${itemId} ${rank}`);
  for (const [memberId, itemId, count] of inputs.tokens) lines.push(`tokens ${memberId} ${itemId} ${count}`);
  return lines;
}

/** The spec literally: encode each line, sort the bytes, drop duplicates. */
export function referenceLines(params: CanonicalParams): string[] {
  const encoder = new TextEncoder();
  const encoded = inputLines(params).map((line) => ({ line, bytes: encoder.encode(line) }));
  encoded.sort((a, b) => Buffer.compare(a.bytes, b.bytes));
  const out: string[] = [];
  let last: Uint8Array | undefined;
  for (const { line, bytes } of encoded) {
    if (last && Buffer.compare(last, bytes) === 0) continue;
    out.push(line);
    last = bytes;
  }
  return out;
}

/**
 * Appends the canonical text to `out.pieces`, every line as "\n" + line (the caller drops the very
 * first character). Lines follow the ranks because every kind of line starts with a distinct word
 * (item < mode < rank < receiver < step < tokens < want), and an id followed by a space sorts
 * before any longer id it prefixes when no id has a character ≤ U+0020 (`lineSafe`). Pieces are
 * mostly the ids themselves and shared prefixes, so hardly any string is built per line.
 */
function writeCanonical(facts: Facts, step: number, mode: DrawMode, out: PieceSink): void {
  const ids = facts.ranks.sorted;
  const pieces = out.pieces;
  for (let k = 0; k < facts.items.length; k++) {
    pieces.push('\nitem ', ids[facts.items[k] as number] as string, facts.itemHi[k] ? ' hi' : ' pool');
    if (pieces.length >= out.limit) out.flush();
  }
  pieces.push(`\nmode ${mode}`);
  writeTriples(facts.rankings, '\nrank ', ids, out);
  for (const r of facts.receivers) {
    pieces.push('\nreceiver ', ids[r] as string);
    if (pieces.length >= out.limit) out.flush();
  }
  pieces.push(`\nstep ${step}`);
  writeTriples(facts.tokens, '\ntokens ', ids, out);
  let member = -1;
  let prefix = '';
  for (let k = 0; k < facts.wantM.length; k++) {
    // Lines come member by member, so "\nwant <member> " is built once per member.
    if (facts.wantM[k] !== member) {
      member = facts.wantM[k] as number;
      prefix = `\nwant ${ids[member]} `;
    }
    pieces.push(prefix, ids[facts.wantI[k] as number] as string);
    if (pieces.length >= out.limit) out.flush();
  }
}

interface PieceSink {
  readonly pieces: string[];
  limit: number;
  flush(): void;
}

const VALUE_TEXT = Array.from({ length: 16 }, (_, v) => ` ${v}`);

function writeTriples(t: Triples, word: string, ids: readonly string[], out: PieceSink): void {
  let member = -1;
  let prefix = '';
  for (let k = 0; k < t.m.length; k++) {
    if (t.m[k] !== member) {
      member = t.m[k] as number;
      prefix = `${word}${ids[member]} `;
    }
    const v = t.v[k] as number;
    out.pieces.push(prefix, ids[t.i[k] as number] as string, VALUE_TEXT[v] ?? ` ${v}`);
    if (out.pieces.length >= out.limit) out.flush();
  }
}

/** Lines sorted by UTF-8 bytes with duplicates removed. */
export function canonicalLines(params: CanonicalParams, facts?: Facts): string[] {
  const f = factsFor(params.inputs, facts);
  // With lineSafe ids no id holds "\n", so splitting the text gives back the lines.
  return f.lineSafe ? canonicalText(params, f).split('\n') : referenceLines(params);
}

/** The canonical text: lines joined with "\n", no final newline. */
export function canonicalText(params: CanonicalParams, facts?: Facts): string {
  const f = factsFor(params.inputs, facts);
  if (!f.lineSafe) return referenceLines(params).join('\n');
  const sink: PieceSink = { pieces: [], limit: Infinity, flush: () => undefined };
  writeCanonical(f, params.step, params.mode, sink);
  return sink.pieces.join('').slice(1);
}

/** SHA-256 of the canonical text, hashed in slices as it is written. */
export function inputHashBytes(params: CanonicalParams, facts?: Facts): Uint8Array {
  const f = factsFor(params.inputs, facts);
  const hasher = sha256TextHasher();
  if (!f.lineSafe) {
    hasher.update(referenceLines(params).join('\n'));
    return hasher.digest();
  }
  let first = true;
  const sink: PieceSink = {
    pieces: [],
    limit: 1024, // small slices stay in cache: measurably faster than large ones
    flush() {
      const text = sink.pieces.join('');
      // Every line was written after a "\n"; the text starts without one.
      hasher.update(first ? text.slice(1) : text);
      first = false;
      sink.pieces.length = 0; // in place: the writer holds on to the array
    },
  };
  writeCanonical(f, params.step, params.mode, sink);
  sink.flush();
  return hasher.digest();
}

/** inputHash as lower-case hex, as records carry it. */
export function inputHash(params: CanonicalParams, facts?: Facts): string {
  return toHex(inputHashBytes(params, facts));
}
