import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Interest } from '../draw/inputs.js';
import { runPipeline } from '../draw/pipeline.js';
import { recordTieBreaks } from '../draw/record.js';
import { fairnessReport, redactFairnessFor } from './report.js';
import type { FairnessInput, FairnessReport } from './report.js';

/**
 * a and b both want the clock (HI); a got it. a ranked it 1, b ranked it 2.
 * a also hearted the vase (contested, b won it with 2 tokens vs a's 1).
 * c received a directive item nobody hearted and a lamp only c wanted.
 */
const base: FairnessInput = {
  receivers: ['a', 'b', 'c'],
  items: [
    { id: 'clock', highInterest: true, value: 500 },
    { id: 'watch', highInterest: true, value: 300 },
    { id: 'vase', highInterest: false, value: 100 },
    { id: 'lamp', highInterest: false, value: 50 },
    { id: 'desk', highInterest: false, value: 50 },
    { id: 'rug', highInterest: false },
  ],
  interests: [
    ['a', 'clock'],
    ['b', 'clock'],
    ['b', 'watch'],
    ['a', 'vase'],
    ['b', 'vase'],
    ['c', 'lamp'],
    ['kid', 'desk'],
  ],
  rankings: [
    ['a', 'clock', 1],
    ['b', 'clock', 2],
  ],
  tokens: [
    ['a', 'vase', 1],
    ['b', 'vase', 2],
  ],
  assignments: [
    { itemId: 'desk', memberId: 'c', reason: 'directive' },
    { itemId: 'lamp', memberId: 'c', reason: 'only-interested' },
    { itemId: 'clock', memberId: 'a', reason: 'high-interest' },
    { itemId: 'watch', memberId: 'b', reason: 'high-interest' },
    { itemId: 'vase', memberId: 'b', reason: 'tokens' },
  ],
  randomTieBreaks: 2,
  trusteeOverrides: 1,
};

const row = (report: FairnessReport, m: string) => report.rows.find((r) => r.memberId === m);
const pair = (report: FairnessReport, from: string, to: string) =>
  report.pairs.find((p) => p.from === from && p.to === to);

describe('fairnessReport', () => {
  const report = fairnessReport(base);

  it('counts items received per receiver, split by reason', () => {
    expect(row(report, 'c')).toMatchObject({ received: 2, byReason: { directive: 1, 'only-interested': 1 } });
    expect(row(report, 'b')).toMatchObject({ received: 2, byReason: { 'high-interest': 1, tokens: 1 } });
    expect(report.aggregates.byReason).toEqual({
      directive: 1,
      'only-interested': 1,
      'high-interest': 2,
      tokens: 1,
    });
    expect(Object.keys(report.aggregates.byReason)).toEqual([
      'directive',
      'only-interested',
      'high-interest',
      'tokens',
    ]);
  });

  it('gives the wanted-item share (hearted items received ÷ hearted items)', () => {
    expect(row(report, 'a')).toMatchObject({ hearted: 2, heartedReceived: 1, wantedShare: 0.5 });
    expect(row(report, 'b')).toMatchObject({ hearted: 3, heartedReceived: 2, wantedShare: 2 / 3 });
    expect(row(report, 'c')).toMatchObject({ hearted: 1, heartedReceived: 1, wantedShare: 1 });
    expect(report.aggregates.minWantedShare).toBe(0.5);
  });

  it('counts top-1/3/10 HI choices received and the mean rank (unranked = 11)', () => {
    expect(row(report, 'a')?.highInterest).toEqual({ received: 1, top1: 1, top3: 1, top10: 1, meanRank: 1 });
    expect(row(report, 'b')?.highInterest).toEqual({ received: 1, top1: 0, top3: 0, top10: 0, meanRank: 11 });
    expect(row(report, 'c')?.highInterest).toEqual({
      received: 0,
      top1: 0,
      top3: 0,
      top10: 0,
      meanRank: null,
    });
  });

  it('computes envy and EF1 under the rank utility (11 − rank; unranked HI and non-HI count 0)', () => {
    // b values the clock (rank 2) at 9 and its own watch (unranked) at 0: envy, but EF1.
    expect(pair(report, 'b', 'a')?.rank).toEqual({ own: 0, other: 9, envy: true, ef1: true });
    // a values its clock at 10 and nothing of b's: no envy.
    expect(pair(report, 'a', 'b')?.rank).toEqual({ own: 10, other: 0, envy: false, ef1: true });
    expect(row(report, 'b')?.envies.rank).toBe(1);
  });

  it('computes envy and EF1 under the token utility (1 + tokens on hearted items)', () => {
    // a: own clock 1 (no tokens); b's vase 1 + 1 = 2, b's watch 0 → envy, EF1 after removing the vase.
    expect(pair(report, 'a', 'b')?.token).toEqual({ own: 1, other: 2, envy: true, ef1: true });
    expect(pair(report, 'b', 'a')?.token).toEqual({ own: 4, other: 1, envy: false, ef1: true });
    expect(report.aggregates.enviousPairs).toEqual({ rank: 1, token: 1 });
    expect(report.aggregates.pairs).toBe(6);
  });

  it('flags an EF1 violation when one item is not enough to end the envy', () => {
    const r = fairnessReport({
      ...base,
      receivers: ['x', 'y'],
      items: ['p', 'q', 'r'].map((id) => ({ id, highInterest: false })),
      interests: ['p', 'q', 'r'].map((i): Interest => ['x', i]),
      rankings: [],
      tokens: [],
      assignments: ['p', 'q', 'r'].map((i) => ({ itemId: i, memberId: 'y', reason: 'tokens' })),
    });
    expect(pair(r, 'x', 'y')?.token).toEqual({ own: 0, other: 3, envy: true, ef1: false });
    expect(row(r, 'x')?.ef1Violations).toEqual({ rank: 0, token: 1 });
    expect(r.aggregates.ef1Violations).toEqual({ rank: 0, token: 1 });
  });

  it('gives value shares when items have appraised values', () => {
    expect(report.aggregates.totalValue).toBe(1000);
    expect(row(report, 'a')).toMatchObject({ value: 500, valueShare: 0.5 });
    expect(row(report, 'c')).toMatchObject({ value: 100, valueShare: 0.1 });
    const none = fairnessReport({
      ...base,
      items: base.items.map(({ id, highInterest }) => ({ id, highInterest })),
    });
    expect(row(none, 'a')).toMatchObject({ value: null, valueShare: null });
    expect(none.aggregates.totalValue).toBeNull();
  });

  it('passes through tie-breaks and overrides, and ignores non-receivers', () => {
    expect(report.aggregates).toMatchObject({
      randomTieBreaks: 2,
      trusteeOverrides: 1,
      receivers: 3,
      itemsReceived: 5,
    });
    expect(report.rows.map((r) => r.memberId)).toEqual(['a', 'b', 'c']);
  });

  it('lets a later assignment of the same item replace an earlier one', () => {
    const r = fairnessReport({
      ...base,
      assignments: [...base.assignments, { itemId: 'vase', memberId: 'a', reason: 'trustee' }],
    });
    expect(row(r, 'a')?.byReason).toEqual({ 'high-interest': 1, trustee: 1 });
    expect(row(r, 'b')?.received).toBe(1);
  });

  it('handles an estate with nothing assigned', () => {
    const r = fairnessReport({ ...base, assignments: [] });
    expect(r.aggregates.itemsReceived).toBe(0);
    expect(r.aggregates.enviousPairs).toEqual({ rank: 0, token: 0 });
    expect(row(r, 'a')?.wantedShare).toBe(0);
  });
});

describe('redactFairnessFor', () => {
  const report = fairnessReport(base);

  it('keeps only the member own row and the aggregates', () => {
    const view = redactFairnessFor(report, 'a');
    expect(view.row?.memberId).toBe('a');
    expect(view.aggregates).toEqual(report.aggregates);
    expect(view).not.toHaveProperty('pairs');
    const text = JSON.stringify(view);
    expect(text).not.toMatch(/"b"|"c"/);
  });

  it('gives no row to a non-receiver', () => {
    expect(redactFairnessFor(report, 'kid').row).toBeNull();
  });
});

describe('on engine results', () => {
  it('runs on the results of steps 14 → 31 and its counts add up', () => {
    const ids = ['m1', 'm2', 'm3', 'm4'];
    const itemIds = Array.from({ length: 12 }, (_, k) => `item-${k + 1}`);
    fc.assert(
      fc.property(
        fc.subarray(ids.flatMap((m) => itemIds.map((i): Interest => [m, i]))),
        fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
        (interests, hi) => {
          const inputs = {
            receivers: ids,
            items: itemIds.map((id, k) => ({ id, highInterest: hi[k] ?? false })),
            interests,
            rankings: [],
            tokens: [],
          };
          const { records, assignments } = runPipeline({
            estateId: 'e',
            mode: 'round-robin',
            inputs,
            secrets: { 21: new Uint8Array(32), 31: new Uint8Array(32).fill(1) },
          });
          const r = fairnessReport({
            ...inputs,
            assignments,
            randomTieBreaks: records.reduce((n, rec) => n + recordTieBreaks(rec), 0),
            trusteeOverrides: 0,
          });
          const wantedItems = new Set(interests.map(([, i]) => i));
          expect(r.aggregates.itemsReceived).toBe(wantedItems.size);
          expect(r.rows.reduce((n, row) => n + row.received, 0)).toBe(wantedItems.size);
          // Everything received was hearted: the engine never assigns an unhearted item.
          for (const row of r.rows) expect(row.heartedReceived).toBe(row.received);
          expect(r.aggregates.pairs).toBe(12);
        },
      ),
      { numRuns: 50 },
    );
  });
});
