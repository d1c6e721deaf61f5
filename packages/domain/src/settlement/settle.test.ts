/** The settlement statement (distribution.md, "Settlement"): the worked example and its invariants. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balancesAfter, ESTATE, settle, type SettleReceiver } from './settle.js';
import { buildStatement, estateCurrency, statementFor, toMinorUnits, type StatementItem } from './statement.js';

describe('settle: the worked example', () => {
  it('weights 1:1:1, in kind 900, 300, 0, proceeds 300: the estate pays 300 to C; A pays 200 to C, then 200 to B', () => {
    const result = settle({
      receivers: [
        { memberId: 'A', weight: 1, inKind: 900 },
        { memberId: 'B', weight: 1, inKind: 300 },
        { memberId: 'C', weight: 1, inKind: 0 },
      ],
      proceeds: 300,
    });
    expect(result.pool).toBe(1500);
    expect(result.rows).toEqual([
      { memberId: 'A', weight: 1, inKind: 900, target: 500, balance: -400 },
      { memberId: 'B', weight: 1, inKind: 300, target: 500, balance: 200 },
      { memberId: 'C', weight: 1, inKind: 0, target: 500, balance: 500 },
    ]);
    expect(result.payments).toEqual([
      { from: ESTATE, to: 'C', amount: 300 },
      { from: 'A', to: 'C', amount: 200 },
      { from: 'A', to: 'B', amount: 200 },
    ]);
    expect([...balancesAfter(result).values()]).toEqual([0, 0, 0]);
  });
});

describe('settle: the rules one by one', () => {
  it('gives the cents left over to the largest remainders, ties by member id', () => {
    // T = 100, weights 1:1:1 → 33 each, remainders all 1; one cent left → the smallest id.
    const equal = settle({ receivers: [{ memberId: 'c', weight: 1, inKind: 0 }, { memberId: 'a', weight: 1, inKind: 0 }, { memberId: 'b', weight: 1, inKind: 100 }], proceeds: 0 });
    expect(equal.rows.map((r) => [r.memberId, r.target])).toEqual([['a', 34], ['b', 33], ['c', 33]]);
    // T = 101, weights 2:1:1 (W = 4): 50.5, 25.25, 25.25 → floors 50, 25, 25; one cent → remainder 2 of 4 wins.
    const weighted = settle({ receivers: [{ memberId: 'a', weight: 1, inKind: 0 }, { memberId: 'b', weight: 1, inKind: 0 }, { memberId: 'z', weight: 2, inKind: 101 }], proceeds: 0 });
    expect(weighted.rows.map((r) => [r.memberId, r.target])).toEqual([['a', 25], ['b', 25], ['z', 51]]);
  });

  it('orders creditors by balance descending and debtors most negative first, ties by id, and lists no payment of 0', () => {
    const result = settle({
      receivers: [
        { memberId: 'd2', weight: 1, inKind: 700 },
        { memberId: 'd1', weight: 1, inKind: 700 },
        { memberId: 'c2', weight: 1, inKind: 0 },
        { memberId: 'c1', weight: 1, inKind: 0 },
        { memberId: 'even', weight: 1, inKind: 350 },
      ],
      proceeds: 0,
    });
    // T = 1750, 350 each: d1, d2 owe 350; c1, c2 are owed 350; "even" is square.
    expect(result.payments).toEqual([
      { from: 'd1', to: 'c1', amount: 350 },
      { from: 'd2', to: 'c2', amount: 350 },
    ]);
  });

  it('pays the proceeds out to creditors in order until they are spent', () => {
    const result = settle({ receivers: [{ memberId: 'a', weight: 1, inKind: 0 }, { memberId: 'b', weight: 1, inKind: 0 }], proceeds: 301 });
    expect(result.rows.map((r) => r.target)).toEqual([151, 150]);
    expect(result.payments).toEqual([
      { from: ESTATE, to: 'a', amount: 151 },
      { from: ESTATE, to: 'b', amount: 150 },
    ]);
  });

  it('refuses a weight below 1, a fraction, a negative amount or a receiver twice', () => {
    expect(() => settle({ receivers: [{ memberId: 'a', weight: 0, inKind: 0 }], proceeds: 0 })).toThrow(RangeError);
    expect(() => settle({ receivers: [{ memberId: 'a', weight: 1.5, inKind: 0 }], proceeds: 0 })).toThrow(RangeError);
    expect(() => settle({ receivers: [{ memberId: 'a', weight: 1, inKind: 0.5 }], proceeds: 0 })).toThrow(RangeError);
    expect(() => settle({ receivers: [{ memberId: 'a', weight: 1, inKind: 0 }], proceeds: -1 })).toThrow(RangeError);
    expect(() => settle({ receivers: [{ memberId: 'a', weight: 1, inKind: 0 }, { memberId: 'a', weight: 1, inKind: 0 }], proceeds: 0 })).toThrow(RangeError);
  });

  it('with nobody to receive, has no rows and no payments', () => {
    expect(settle({ receivers: [], proceeds: 500 })).toEqual({ pool: 500, proceeds: 500, rows: [], payments: [] });
  });

  it('keeps every cent of a very large estate (T × w beyond 2^53)', () => {
    const big = 9_000_000_000_000_00; // 9 trillion in cents, near the column's 14 digits
    const result = settle({ receivers: [{ memberId: 'a', weight: 999, inKind: big }, { memberId: 'b', weight: 7, inKind: 1 }], proceeds: 3 });
    expect(result.rows.reduce((s, r) => s + r.target, 0)).toBe(result.pool);
  });
});

const receiverArb = fc.uniqueArray(
  fc.record({
    memberId: fc.constantFrom('m1', 'm2', 'm9', 'm10', 'm1!', 'mé', 'm\u{1F600}', 'm\uFFFD', 'z', 'a'),
    weight: fc.integer({ min: 1, max: 12 }),
    inKind: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 5_000_000 })),
  }),
  { selector: (r) => r.memberId, minLength: 1, maxLength: 10 },
);
const inputArb = fc.record({ receivers: receiverArb, proceeds: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 3_000_000 })) });

describe('settle: properties', () => {
  it('targets add up to the pool exactly, and balances to the proceeds', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const result = settle(input);
        expect(result.rows.reduce((s, r) => s + r.target, 0)).toBe(result.pool);
        expect(result.rows.reduce((s, r) => s + r.balance, 0)).toBe(input.proceeds);
      }),
    );
  });

  it('after the payments every balance is zero, the estate pays out exactly the proceeds, and nobody pays 0', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const result = settle(input);
        for (const left of balancesAfter(result).values()) expect(left).toBe(0);
        expect(result.payments.filter((p) => p.from === ESTATE).reduce((s, p) => s + p.amount, 0)).toBe(input.proceeds);
        for (const p of result.payments) expect(p.amount).toBeGreaterThan(0);
      }),
    );
  });

  it('does not depend on the order receivers come in', () => {
    fc.assert(
      fc.property(inputArb, fc.integer(), (input, seed) => {
        const shuffled: SettleReceiver[] = [...input.receivers];
        let s = seed >>> 0;
        for (let k = shuffled.length - 1; k > 0; k--) {
          s = (s * 1103515245 + 12345) >>> 0;
          const j = s % (k + 1);
          [shuffled[k], shuffled[j]] = [shuffled[j]!, shuffled[k]!];
        }
        expect(settle({ ...input, receivers: shuffled })).toEqual(settle(input));
      }),
    );
  });

  it('every amount is a whole number of minor units, and each target is within a cent of the exact share', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const result = settle(input);
        const W = input.receivers.reduce((s, r) => s + r.weight, 0);
        for (const r of result.rows) {
          expect(Number.isInteger(r.target) && Number.isInteger(r.balance)).toBe(true);
          expect(Math.abs(r.target - (result.pool * r.weight) / W)).toBeLessThan(1);
        }
        for (const p of result.payments) expect(Number.isInteger(p.amount)).toBe(true);
      }),
    );
  });
});

const item = (over: Partial<StatementItem> & { itemId: string }): StatementItem => ({
  label: over.itemId.toUpperCase(),
  name: `Item ${over.itemId}`,
  status: 'assigned',
  distribution: 'divide',
  value: null,
  currency: 'EUR',
  assignedTo: null,
  reason: 'tokens',
  disposition: null,
  sale: null,
  ...over,
});

describe('buildStatement: what counts, and what is listed apart', () => {
  const members = [
    { memberId: 'A', receiver: true, receivesThrough: null },
    { memberId: 'B', receiver: true, receivesThrough: null },
    { memberId: 'C', receiver: true, receivesThrough: null },
    { memberId: 'kid', receiver: false, receivesThrough: 'B' },
  ];
  const items: StatementItem[] = [
    item({ itemId: 'i1', assignedTo: 'A', value: 900, reason: 'directive' }),
    item({ itemId: 'i2', assignedTo: 'kid', value: 300, reason: 'trustee', status: 'handed-over' }),
    item({ itemId: 'i3', assignedTo: 'C', value: null }),
    item({ itemId: 'i4', assignedTo: 'C', value: 5000, currency: 'USD' }),
    item({ itemId: 'i5', assignedTo: 'A', value: 7000, reason: 'return' }),
    item({ itemId: 'i6', status: 'unwanted', value: 100, reason: null, disposition: 'sell', sale: { price: 300, currency: 'EUR' } }),
    item({ itemId: 'i7', status: 'hold', value: 100, reason: null, disposition: 'sell' }),
    item({ itemId: 'i8', status: 'unwanted', value: 100, reason: null, disposition: 'donate' }),
    item({ itemId: 'i9', status: 'unwanted', reason: null, disposition: 'sell', sale: { price: 1000, currency: 'GBP' } }),
    item({ itemId: 'i10', status: 'hold', value: 800, assignedTo: null, reason: null }),
  ];
  const statement = buildStatement({ currency: 'EUR', members, items, weights: {} });

  it('is the worked example: a grandchild counts for the parent, returns, holds and donations for nobody', () => {
    expect(statement.people.map((p) => [p.memberId, p.items, p.inKind, p.target, p.balance])).toEqual([
      ['A', 1, 900, 500, -400],
      ['B', 1, 300, 500, 200],
      ['C', 2, 0, 500, 500],
    ]);
    expect(statement.proceeds).toBe(300);
    expect(statement.pool).toBe(1500);
    expect(statement.weights).toBe('equal');
    expect(statement.payments).toEqual([
      { from: ESTATE, to: 'C', amount: 300 },
      { from: 'A', to: 'C', amount: 200 },
      { from: 'A', to: 'B', amount: 200 },
    ]);
  });

  it('lists items with no value, in another currency, and sales not yet recorded', () => {
    expect(statement.notValued.map((i) => i.itemId)).toEqual(['i3']);
    expect(statement.otherCurrencies).toEqual([
      { currency: 'GBP', items: [expect.objectContaining({ itemId: 'i9', value: 1000, receiverId: null })] },
      { currency: 'USD', items: [expect.objectContaining({ itemId: 'i4', value: 5000, receiverId: 'C' })] },
    ]);
    expect(statement.awaitingSale.map((i) => i.itemId)).toEqual(['i7']);
  });

  it('a beneficiary copy keeps the totals, their own row and only their payments', () => {
    const own = statementFor(statement, 'B');
    expect(own.people.map((p) => p.memberId)).toEqual(['B']);
    expect(own.totals).toEqual({ receivers: 3, weight: 3, inKind: 1200 });
    expect(own.payments).toEqual([{ from: 'A', to: 'B', amount: 200 }]);
  });

  it('uses the trustee’s weights and says so', () => {
    const set = buildStatement({ currency: 'EUR', members, items, weights: { A: 2 } });
    expect(set.weights).toBe('set');
    expect(set.people.map((p) => p.target)).toEqual([750, 375, 375]);
  });

  it('someone who left the estate still has a row for what they received', () => {
    const gone = buildStatement({ currency: 'EUR', members, items: [item({ itemId: 'x', assignedTo: 'gone', value: 100 })], weights: {} });
    expect(gone.people.map((p) => p.memberId)).toEqual(['A', 'B', 'C', 'gone']);
  });
});

describe('amounts and the currency', () => {
  it('reads stored decimals as minor units without rounding through floats', () => {
    expect(toMinorUnits('1234.50')).toBe(123450);
    expect(toMinorUnits('0.29')).toBe(29);
    expect(toMinorUnits('95')).toBe(9500);
    expect(toMinorUnits('1.5')).toBe(150);
    expect(toMinorUnits(null)).toBeNull();
    expect(toMinorUnits('abc')).toBeNull();
  });

  it('takes the setting, else the currency most valued items carry, else USD', () => {
    expect(estateCurrency('TRY', [])).toBe('TRY');
    expect(estateCurrency(undefined, [{ value: 1, currency: 'EUR' }, { value: 2, currency: 'USD' }, { value: 3, currency: 'USD' }, { value: null, currency: 'GBP' }])).toBe('USD');
    expect(estateCurrency(undefined, [{ value: 1, currency: 'USD' }, { value: 2, currency: 'EUR' }])).toBe('EUR');
    expect(estateCurrency(undefined, [])).toBe('USD');
  });
});
