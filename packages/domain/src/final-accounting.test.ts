import { describe, expect, it } from 'vitest';
import { finalAccounting, setAsideOutcome, type AccountingItem } from './final-accounting.js';

type Item = AccountingItem & { id: string };

const base: Omit<Item, 'id'> = { status: 'assigned', distribution: 'divide', receiverId: null, reason: null, value: null, currency: 'USD', disposition: null, salePrice: null, saleCurrency: null };
const item = (id: string, fields: Partial<Item>): Item => ({ ...base, id, ...fields });

/** An estate after a whole distribution: every way an item can end. */
const estate: Item[] = [
  item('desk', { receiverId: 'anna', reason: 'directive', value: 400 }),
  item('lamp', { receiverId: 'anna', reason: 'only-interested', value: 60, status: 'handed-over' }),
  item('clock', { receiverId: 'ben', reason: 'tokens', value: 250 }),
  item('ring', { receiverId: 'ben', reason: 'high-interest', value: 100, currency: 'EUR' }),
  // A Return item back to a member, and one back to someone outside the family.
  item('trophies', { distribution: 'return', receiverId: 'ben', reason: 'return', value: 30 }),
  item('table', { distribution: 'return', reason: 'return', value: 80 }),
  // Nobody wanted these (step 14 gives them the reason "unwanted").
  item('vase', { status: 'unwanted', reason: 'unwanted', value: 15, disposition: 'donate' }),
  item('piano', { status: 'unwanted', reason: 'unwanted', value: 3000, disposition: 'sell', salePrice: 1200.5 }),
  item('sofa', { status: 'unwanted', reason: 'unwanted', value: 500, disposition: 'sell', salePrice: 99.5 }),
  item('bike', { status: 'unwanted', reason: 'unwanted', value: 70, disposition: 'sell' }),
  item('rug', { status: 'unwanted', reason: 'unwanted', disposition: 'discard' }),
  item('letters', { status: 'hold', disposition: 'family' }),
  item('boxes', { status: 'unwanted', reason: 'unwanted' }),
  item('coat', { status: 'hold' }),
];

describe('the final accounting', () => {
  const result = finalAccounting(estate, (a, b) => a.localeCompare(b));
  const ids = (list: Item[]) => list.map((i) => i.id);

  it('puts each item in exactly one group', () => {
    const all = [...result.received.flatMap((g) => g.items), ...result.returned, ...result.setAside.flatMap((g) => g.items)];
    expect(ids(all).sort()).toEqual(ids(estate).sort());
  });

  it('lists what each person received, with its appraised value; a Return item is not "received"', () => {
    expect(result.received.map((g) => [g.receiverId, ids(g.items)])).toEqual([
      ['anna', ['desk', 'lamp']],
      ['ben', ['clock', 'ring']],
    ]);
    expect(result.received.map((g) => g.value)).toEqual([
      [{ currency: 'USD', amount: 460 }],
      [
        { currency: 'USD', amount: 250 },
        { currency: 'EUR', amount: 100 },
      ],
    ]);
    expect(result.receivedValue).toEqual([
      { currency: 'USD', amount: 710 },
      { currency: 'EUR', amount: 100 },
    ]);
  });

  it('returns only Return items to their owner; unwanted items are never "back to its owner"', () => {
    expect(ids(result.returned)).toEqual(['trophies', 'table']);
  });

  it('groups items nobody received by outcome, and adds up sale prices, never appraised values', () => {
    expect(result.setAside.map((g) => [g.outcome, ids(g.items)])).toEqual([
      ['donated', ['vase']],
      ['sold', ['piano', 'sofa']],
      ['for-sale', ['bike']],
      ['discarded', ['rug']],
      ['family', ['letters']],
      ['undecided', ['boxes', 'coat']],
    ]);
    expect(result.proceeds).toEqual([{ currency: 'USD', amount: 1300 }]);
  });

  it('totals each sale in its own currency, and has no proceeds when nothing was sold', () => {
    const sold = finalAccounting([item('a', { status: 'unwanted', disposition: 'sell', salePrice: 10, saleCurrency: 'EUR' }), item('b', { status: 'hold', disposition: 'sell', salePrice: 5 })]);
    expect(sold.proceeds).toEqual([
      { currency: 'EUR', amount: 10 },
      { currency: 'USD', amount: 5 },
    ]);
    expect(finalAccounting([item('c', { status: 'unwanted', value: 10, disposition: 'donate' })]).proceeds).toEqual([]);
    expect(setAsideOutcome(item('d', { status: 'unassigned' }))).toBe('undecided');
  });

  it('counts a Return item as returned only once it went back: held or not yet given, it is set aside', () => {
    const waiting = finalAccounting([
      item('quilt', { distribution: 'return', status: 'hold' }),
      item('medals', { distribution: 'return', status: 'unassigned', reason: 'return' }),
    ]);
    expect(waiting.returned).toEqual([]);
    expect(waiting.setAside.map((g) => [g.outcome, ids(g.items)])).toEqual([['undecided', ['quilt', 'medals']]]);
  });

  it('adds money in cents: 0.10 and 0.20 make 0.30', () => {
    const sales = finalAccounting([0.1, 0.2].map((price, k) => item(`s${k}`, { status: 'unwanted', disposition: 'sell', salePrice: price })));
    expect(sales.proceeds).toEqual([{ currency: 'USD', amount: 0.3 }]);
    const received = finalAccounting([0.1, 0.2].map((value, k) => item(`r${k}`, { receiverId: 'anna', value })));
    expect(received.receivedValue).toEqual([{ currency: 'USD', amount: 0.3 }]);
  });
});
