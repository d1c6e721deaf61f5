/** Engine invariants over generated estates (quality.md, "Tests that count"). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalLines, compareIds, referenceLines, sortIds } from './canonical.js';
import type { DrawInputs, DrawMode, DrawStep, Interest, Ranking, TokenPlacement } from './inputs.js';
import { runPipeline } from './pipeline.js';
import { buildRecord, verifyRecord } from './record.js';
import type { DrawRecord } from './record.js';
import { sha256, utf8 } from './sha256.js';
import { createStream } from './streams.js';

// Ids that exercise byte order: numeric suffixes, a prefix of another id, non-ASCII and astral.
const MEMBER_IDS = ['m1', 'm2', 'm9', 'm10', 'm1!', 'mé', 'm\u{1F600}', 'm\uFFFD'];
const ITEM_IDS = [
  ...Array.from({ length: 24 }, (_, k) => `item-${k + 1}`),
  'item',
  'item-1-a',
  'Ω',
  '\u{10400}x',
];
const OFFSPRING = 'kid-of-m1';

interface Estate {
  inputs: DrawInputs;
  mode: DrawMode;
  secret: Uint8Array;
  publicEntropy: string;
}

/** A random estate: receivers, pool, hearts (some by an offspring), rankings of HI wants, tokens. */
const estateArb: fc.Arbitrary<Estate> = fc
  .record({
    receivers: fc.uniqueArray(fc.constantFrom(...MEMBER_IDS), { maxLength: 6 }),
    items: fc.uniqueArray(fc.record({ id: fc.constantFrom(...ITEM_IDS), highInterest: fc.boolean() }), {
      selector: (item) => item.id,
      maxLength: 20,
    }),
    mode: fc.constantFrom<DrawMode>('round-robin', 'serpentine'),
    secret: fc.uint8Array({ minLength: 32, maxLength: 32 }),
    publicEntropy: fc.string({ maxLength: 8 }),
  })
  .chain(({ receivers, items, mode, secret, publicEntropy }) => {
    const pairs = [...receivers, OFFSPRING].flatMap((m) => items.map((i): Interest => [m, i.id]));
    return fc.subarray(pairs).chain((interests) => {
      const hi = new Set(items.filter((i) => i.highInterest).map((i) => i.id));
      const wanting = new Map<string, number>();
      for (const [, i] of interests) wanting.set(i, (wanting.get(i) ?? 0) + 1);
      const rankingArbs = [...receivers, OFFSPRING].map((m) => {
        const wanted = interests.filter(([who, i]) => who === m && hi.has(i)).map(([, i]) => i);
        return fc
          .shuffledSubarray(wanted, { maxLength: Math.min(10, wanted.length) })
          .map((ranked) => ranked.map((i, k): Ranking => [m, i, k + 1]));
      });
      const tokenArbs = interests
        .filter(([, i]) => !hi.has(i))
        .map(([m, i]) =>
          fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined }).map((c) => ({ m, i, c })),
        );
      return fc
        .record({ rankings: fc.tuple(...rankingArbs), tokens: fc.tuple(...tokenArbs) })
        .map(({ rankings, tokens }): Estate => ({
          inputs: {
            receivers,
            items,
            interests,
            rankings: rankings.flat(),
            tokens: tokens.flatMap(({ m, i, c }): TokenPlacement[] => (c === undefined ? [] : [[m, i, c]])),
          },
          mode,
          secret,
          publicEntropy,
        }));
    });
  });

function record(estate: Estate, step: DrawStep, inputs = estate.inputs): DrawRecord {
  return buildRecord({
    estateId: 'e',
    step,
    mode: estate.mode,
    secret: step === 21 || step === 31 ? estate.secret : new Uint8Array(0),
    publicEntropy: estate.publicEntropy,
    inputs,
  });
}

function pipeline(estate: Estate): DrawRecord[] {
  return runPipeline({
    estateId: 'e',
    mode: estate.mode,
    inputs: estate.inputs,
    secrets: { 21: estate.secret, 31: estate.secret },
    publicEntropy: { 21: estate.publicEntropy, 31: estate.publicEntropy },
  }).records;
}

/** A deterministic permutation (tests may not use Math.random either). */
function permute<T>(list: readonly T[], seed: number): T[] {
  return createStream(sha256(utf8(String(seed))), 'test').shuffle(list);
}

const STEPS: DrawStep[] = [14, 15, 21, 31];

describe('the generated estates', () => {
  it('cover every step, ties and offspring hearts (so the properties below test something)', () => {
    const seen = { unwanted: 0, onlyInterested: 0, highInterest: 0, tokens: 0, tie31: 0, offspring: 0 };
    for (const estate of fc.sample(estateArb, { numRuns: 200, seed: 7 })) {
      const records = pipeline(estate);
      const all = records.flatMap((r) => r.assignments);
      if (records[0]?.unwanted?.length) seen.unwanted++;
      if (all.some((a) => a.reason === 'only-interested')) seen.onlyInterested++;
      if (all.some((a) => a.reason === 'high-interest')) seen.highInterest++;
      if (all.some((a) => a.reason === 'tokens')) seen.tokens++;
      if (all.some((a) => (a.tied ?? 1) > 1)) seen.tie31++;
      if (estate.inputs.interests.some(([m]) => m === OFFSPRING)) seen.offspring++;
    }
    for (const count of Object.values(seen)) expect(count).toBeGreaterThan(20);
  });
});

describe('engine invariants', () => {
  it('nobody gets an item they did not heart, and only receivers get items', () => {
    fc.assert(
      fc.property(estateArb, (estate) => {
        const hearts = new Set(estate.inputs.interests.map(([m, i]) => `${m} ${i}`));
        const receivers = new Set(estate.inputs.receivers);
        for (const r of [...pipeline(estate), ...STEPS.map((s) => record(estate, s))])
          for (const a of r.assignments) {
            expect(hearts.has(`${a.memberId} ${a.itemId}`)).toBe(true);
            expect(receivers.has(a.memberId)).toBe(true);
          }
      }),
    );
  });

  it('every pool item ends assigned or Unwanted exactly once across 14 → 15 → 21 → 31', () => {
    fc.assert(
      fc.property(estateArb, (estate) => {
        const records = pipeline(estate);
        const placed = records.flatMap((r) => [...(r.unwanted ?? []), ...r.assignments.map((a) => a.itemId)]);
        expect(placed.sort()).toEqual(estate.inputs.items.map((i) => i.id).sort());
        // The scopes are disjoint: run on one snapshot, the steps place the same items.
        const once = STEPS.map((s) => record(estate, s)).flatMap((r) => [
          ...(r.unwanted ?? []),
          ...r.assignments.map((a) => a.itemId),
        ]);
        expect(once.sort()).toEqual(placed);
      }),
    );
  });

  it('does not depend on the order of the inputs', () => {
    fc.assert(
      fc.property(estateArb, fc.integer(), (estate, seed) => {
        const i = estate.inputs;
        const shuffled: DrawInputs = {
          receivers: permute(i.receivers, seed),
          items: permute(i.items, seed + 1),
          interests: permute(i.interests, seed + 2),
          rankings: permute(i.rankings, seed + 3),
          tokens: permute(i.tokens, seed + 4),
        };
        for (const step of STEPS) {
          const { inputs: _a, ...a } = record(estate, step);
          const { inputs: _b, ...b } = record(estate, step, shuffled);
          expect(b).toEqual(a);
        }
      }),
    );
  });

  it('every record it writes verifies, and any changed assignment is caught', () => {
    fc.assert(
      fc.property(estateArb, (estate) => {
        for (const r of pipeline(estate)) {
          expect(verifyRecord(JSON.parse(JSON.stringify(r)))).toMatchObject({
            ok: true,
            scope: 'full',
            differences: [],
          });
          const first = r.assignments[0];
          const other = estate.inputs.receivers.find((m) => m !== first?.memberId);
          if (first && other) {
            const tampered = structuredClone(r);
            (tampered.assignments[0] as typeof first).memberId = other;
            expect(verifyRecord(tampered).ok).toBe(false);
          }
        }
      }),
      { numRuns: 50 },
    );
  });

  it('step 31: the winner placed the most tokens among interested receivers; tied counts them', () => {
    fc.assert(
      fc.property(estateArb, (estate) => {
        const receivers = new Set(estate.inputs.receivers);
        const tokens = new Map(estate.inputs.tokens.map(([m, i, c]) => [`${m} ${i}`, c]));
        for (const a of record(estate, 31).assignments) {
          const interested = [
            ...new Set(
              estate.inputs.interests.filter(([m, i]) => i === a.itemId && receivers.has(m)).map(([m]) => m),
            ),
          ];
          const counts = interested.map((m) => tokens.get(`${m} ${a.itemId}`) ?? 0);
          const most = Math.max(...counts);
          expect(interested.length).toBeGreaterThanOrEqual(2);
          expect(a.tokens).toBe(most);
          expect(tokens.get(`${a.memberId} ${a.itemId}`) ?? 0).toBe(most);
          expect(a.tied).toBe(counts.filter((c) => c === most).length);
        }
      }),
    );
  });

  it('step 21: each pick is a best-ranked item the receiver still could take', () => {
    fc.assert(
      fc.property(estateArb, (estate) => {
        const r = record(estate, 21);
        const rank = new Map(estate.inputs.rankings.map(([m, i, v]) => [`${m} ${i}`, v]));
        const receivers = new Set(estate.inputs.receivers);
        const hi = new Set(estate.inputs.items.filter((i) => i.highInterest).map((i) => i.id));
        const taken = new Set<string>();
        for (const a of r.assignments) {
          const open = estate.inputs.interests
            .filter(([m, i]) => m === a.memberId && receivers.has(m) && hi.has(i) && !taken.has(i))
            .map(([, i]) => rank.get(`${a.memberId} ${i}`) ?? 11);
          expect(rank.get(`${a.memberId} ${a.itemId}`) ?? 11).toBe(Math.min(...open));
          taken.add(a.itemId);
        }
        expect(r.assignments.map((a) => a.pick)).toEqual(r.assignments.map((_, k) => k + 1));
      }),
    );
  });
});

describe('randomness and ordering', () => {
  it('randomInt(n) is always in [0, n)', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.string(),
        fc.integer({ min: 1, max: 2 ** 32 }),
        (seed, label, n) => {
          const stream = createStream(seed, label);
          for (let k = 0; k < 5; k++) {
            const x = stream.randomInt(n);
            expect(Number.isInteger(x) && x >= 0 && x < n).toBe(true);
          }
        },
      ),
    );
  });

  it('shuffle is a permutation', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.array(fc.integer()), (seed, list) => {
        const out = createStream(seed, 'order').shuffle(list);
        expect([...out].sort((a, b) => a - b)).toEqual([...list].sort((a, b) => a - b));
      }),
    );
  });

  it('compareIds and sortIds follow UTF-8 bytes for any strings', () => {
    const id = fc.string({ unit: 'binary', maxLength: 6 });
    fc.assert(
      fc.property(id, id, (a, b) => {
        expect(Math.sign(compareIds(a, b))).toBe(Math.sign(Buffer.compare(Buffer.from(a), Buffer.from(b))));
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.array(id), (ids) => {
        const bytes = [...ids].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
        expect(sortIds(ids)).toEqual(bytes);
      }),
      { numRuns: 200 },
    );
  });

  it('canonical lines equal the literal byte sort, for any ids', () => {
    const id = fc.oneof(
      fc.constantFrom(...MEMBER_IDS, ...ITEM_IDS),
      fc.string({ unit: 'binary', maxLength: 4 }),
    );
    fc.assert(
      fc.property(
        fc.record({
          receivers: fc.array(id, { maxLength: 4 }),
          items: fc.array(fc.record({ id, highInterest: fc.boolean() }), { maxLength: 5 }),
          interests: fc.array(fc.tuple(id, id), { maxLength: 8 }),
          rankings: fc.array(fc.tuple(id, id, fc.integer({ min: 1, max: 12 })), { maxLength: 5 }),
          tokens: fc.array(fc.tuple(id, id, fc.integer({ min: 0, max: 2 })), { maxLength: 5 }),
        }),
        fc.constantFrom<DrawStep>(14, 15, 21, 31),
        (inputs, step) => {
          const params = { step, mode: 'round-robin' as const, inputs };
          expect(canonicalLines(params)).toEqual(referenceLines(params));
        },
      ),
      { numRuns: 300 },
    );
  });
});
