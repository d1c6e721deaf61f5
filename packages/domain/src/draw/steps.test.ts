import { describe, expect, it } from 'vitest';
import { EMPTY_INPUTS, DrawInputError } from './inputs.js';
import type { DrawInputs, DrawItem, DrawMode, DrawStep, Interest } from './inputs.js';
import { inputHashBytes } from './canonical.js';
import { runStep } from './steps.js';
import { createStream, deriveSeed } from './streams.js';
import type { StepOutcome } from './steps.js';

const SECRET = new Uint8Array(32).fill(42);

function seedOf(step: DrawStep, inputs: DrawInputs, mode: DrawMode = 'round-robin'): Uint8Array {
  const inputHash = inputHashBytes({ step, mode, inputs });
  return deriveSeed({ secret: SECRET, step, inputHash, publicEntropy: '' });
}

function run(
  step: DrawStep,
  inputs: DrawInputs,
  mode: DrawMode = 'round-robin',
  publicEntropy = '',
): StepOutcome {
  return runStep({ step, mode, secret: SECRET, publicEntropy, inputs });
}

const item = (id: string, highInterest = false): DrawItem => ({ id, highInterest });

/** Everyone in `members` hearts every item in `items`. */
function allWant(members: string[], items: string[]): Interest[] {
  return members.flatMap((m) => items.map((i): Interest => [m, i]));
}

describe('every step on empty inputs', () => {
  it.each([14, 15, 21, 31] as const)('step %i assigns nothing', (step) => {
    const out = run(step, EMPTY_INPUTS);
    expect(out.assignments).toEqual([]);
    if (step === 14) expect(out.unwanted).toEqual([]);
    if (step === 21) expect(out.order).toEqual([]);
  });
});

describe('step 14 (unwanted)', () => {
  it('marks every pool item nobody hearted, HI or not, sorted by id', () => {
    const out = run(14, {
      ...EMPTY_INPUTS,
      receivers: ['m1'],
      items: [item('item-9'), item('item-10', true), item('item-2')],
      interests: [['m1', 'item-2']],
    });
    expect(out.unwanted).toEqual(['item-10', 'item-9']);
    expect(out.assignments).toEqual([]);
  });

  it('ignores hearts of members who are not receivers (offspring advise their parent)', () => {
    const out = run(14, {
      ...EMPTY_INPUTS,
      receivers: ['parent'],
      items: [item('clock')],
      interests: [['child', 'clock']],
    });
    expect(out.unwanted).toEqual(['clock']);
  });
});

describe('step 15 (only one interested)', () => {
  it('gives each non-HI item with exactly one interested receiver to them, by item id', () => {
    const out = run(15, {
      ...EMPTY_INPUTS,
      receivers: ['m1', 'm2'],
      items: [item('item-9'), item('item-10'), item('item-11', true), item('item-12'), item('item-13')],
      interests: [
        ['m2', 'item-9'],
        ['m1', 'item-10'],
        ['m1', 'item-11'],
        ['m1', 'item-12'],
        ['m2', 'item-12'],
      ],
    });
    expect(out.assignments).toEqual([
      { itemId: 'item-10', memberId: 'm1', reason: 'only-interested' },
      { itemId: 'item-9', memberId: 'm2', reason: 'only-interested' },
    ]);
  });

  it('counts a duplicated heart once and an offspring heart not at all', () => {
    const out = run(15, {
      ...EMPTY_INPUTS,
      receivers: ['m1'],
      items: [item('lamp')],
      interests: [
        ['m1', 'lamp'],
        ['m1', 'lamp'],
        ['kid', 'lamp'],
      ],
    });
    expect(out.assignments).toEqual([{ itemId: 'lamp', memberId: 'm1', reason: 'only-interested' }]);
  });
});

describe('step 21 (high-interest rounds)', () => {
  it('gives a single receiver every HI item they hearted, best rank first, unranked (11) last by id', () => {
    const out = run(21, {
      ...EMPTY_INPUTS,
      receivers: ['solo'],
      items: [item('hi-9', true), item('hi-10', true), item('hi-3', true), item('plain')],
      interests: allWant(['solo'], ['hi-9', 'hi-10', 'hi-3', 'plain']),
      rankings: [['solo', 'hi-3', 1]],
    });
    expect(out.order).toEqual(['solo']);
    expect(out.assignments).toEqual([
      { itemId: 'hi-3', memberId: 'solo', reason: 'high-interest', round: 1, pick: 1 },
      { itemId: 'hi-10', memberId: 'solo', reason: 'high-interest', round: 2, pick: 2 },
      { itemId: 'hi-9', memberId: 'solo', reason: 'high-interest', round: 3, pick: 3 },
    ]);
    expect(out.tieBreaks).toBe(1); // round 2 chose between hi-10 and hi-9, both rank 11
  });

  it('picks among equal ranks with randomInt(|T|) on stream "picks", T sorted by id', () => {
    const inputs: DrawInputs = {
      ...EMPTY_INPUTS,
      receivers: ['solo'],
      items: [item('hi-9', true), item('hi-10', true), item('hi-3', true)],
      interests: allWant(['solo'], ['hi-9', 'hi-10', 'hi-3']),
    };
    const picks = createStream(seedOf(21, inputs), 'picks');
    const first = ['hi-10', 'hi-3', 'hi-9'][picks.randomInt(3)];
    expect(run(21, inputs).assignments[0]?.itemId).toBe(first);
  });

  it('treats an explicit rank 11 like no rank', () => {
    const base: DrawInputs = {
      ...EMPTY_INPUTS,
      receivers: ['a', 'b'],
      items: [item('x', true), item('y', true), item('z', true)],
      interests: allWant(['a', 'b'], ['x', 'y', 'z']),
      rankings: [['a', 'z', 1]],
    };
    const explicit = run(21, { ...base, rankings: [...base.rankings, ['a', 'x', 11]] });
    expect(explicit.assignments).toEqual(run(21, base).assignments);
  });

  it('only includes receivers interested in some HI item in the order, and never assigns unhearted items', () => {
    const out = run(21, {
      ...EMPTY_INPUTS,
      receivers: ['m1', 'm2', 'm3'],
      items: [item('h1', true), item('h2', true), item('p1')],
      interests: [
        ['m1', 'h1'],
        ['m2', 'h1'],
        ['m2', 'h2'],
        ['m3', 'p1'],
        ['kid', 'h2'],
      ],
    });
    expect([...(out.order ?? [])].sort()).toEqual(['m1', 'm2']);
    for (const a of out.assignments)
      expect(['m1 h1', 'm2 h1', 'm2 h2']).toContain(`${a.memberId} ${a.itemId}`);
    expect(out.assignments.map((a) => a.itemId).sort()).toEqual(['h1', 'h2']);
  });

  it('skips a receiver with nothing left and keeps going until every HI item is placed', () => {
    const out = run(21, {
      ...EMPTY_INPUTS,
      receivers: ['greedy', 'modest'],
      items: ['a', 'b', 'c', 'd', 'e'].map((id) => item(id, true)),
      interests: [...allWant(['greedy'], ['a', 'b', 'c', 'd', 'e']), ['modest', 'a']],
    });
    expect(out.assignments).toHaveLength(5);
    expect(out.assignments.filter((a) => a.memberId === 'modest').length).toBeLessThanOrEqual(1);
    expect(out.assignments.map((a) => a.pick)).toEqual([1, 2, 3, 4, 5]);
  });

  it('reverses the order on even rounds in serpentine mode, not in round-robin', () => {
    const members = ['m1', 'm2', 'm3'];
    const items = ['i1', 'i2', 'i3', 'i4', 'i5', 'i6', 'i7'];
    const inputs: DrawInputs = {
      ...EMPTY_INPUTS,
      receivers: members,
      items: items.map((id) => item(id, true)),
      interests: allWant(members, items),
    };
    const byRound = (out: StepOutcome, round: number): string[] =>
      out.assignments.filter((a) => a.round === round).map((a) => a.memberId);

    const snake = run(21, inputs, 'serpentine');
    const order = snake.order ?? [];
    expect(byRound(snake, 1)).toEqual(order);
    expect(byRound(snake, 2)).toEqual([...order].reverse());
    expect(byRound(snake, 3)).toEqual([order[0]]);

    const plain = run(21, inputs, 'round-robin');
    const plainOrder = plain.order ?? [];
    expect(byRound(plain, 2)).toEqual(plainOrder);
  });

  it('draws the order from the seed: another public entropy can change it', () => {
    const members = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6'];
    const inputs: DrawInputs = {
      ...EMPTY_INPUTS,
      receivers: members,
      items: [item('h', true)],
      interests: allWant(members, ['h']),
    };
    const orders = new Set(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((e) => (run(21, inputs, 'round-robin', e).order ?? []).join()),
    );
    expect(orders.size).toBeGreaterThan(1);
    // Whoever is first in the order takes the only item.
    const out = run(21, inputs, 'round-robin', 'a');
    expect(out.assignments).toEqual([
      { itemId: 'h', memberId: out.order?.[0], reason: 'high-interest', round: 1, pick: 1 },
    ]);
  });
});

describe('step 31 (tokens)', () => {
  const inputs: DrawInputs = {
    receivers: ['m1', 'm2', 'm3'],
    items: [item('item-9'), item('item-10'), item('item-11'), item('solo'), item('hi', true)],
    interests: [
      ...allWant(['m1', 'm2', 'm3'], ['item-9', 'item-10', 'item-11', 'hi']),
      ['m1', 'solo'],
      ['kid', 'item-11'],
    ],
    rankings: [],
    tokens: [
      ['m2', 'item-9', 2],
      ['m1', 'item-9', 1],
      ['m1', 'item-10', 2],
      ['m3', 'item-10', 2],
      ['kid', 'item-11', 2],
      ['m3', 'solo', 2],
    ],
  };

  it('handles contested (non-HI, 2+ interested) items by id; the most tokens wins; tied counts ties', () => {
    const out = run(31, inputs);
    expect(out.assignments.map((a) => a.itemId)).toEqual(['item-10', 'item-11', 'item-9']);
    const [ten, eleven, nine] = out.assignments;
    expect(nine).toEqual({ itemId: 'item-9', memberId: 'm2', reason: 'tokens', tokens: 2, tied: 1 });
    expect(ten).toMatchObject({ itemId: 'item-10', reason: 'tokens', tokens: 2, tied: 2 });
    expect(['m1', 'm3']).toContain(ten?.memberId);
    // The offspring's 2 tokens on item-11 count for nothing: three receivers tie on 0.
    expect(eleven).toMatchObject({ itemId: 'item-11', reason: 'tokens', tokens: 0, tied: 3 });
    expect(out.tieBreaks).toBe(2);
  });

  it('breaks each tie with randomInt(|T|) on stream "tie:<item>", T sorted by id', () => {
    const seed = seedOf(31, inputs);
    const out = run(31, inputs);
    const ten = out.assignments.find((a) => a.itemId === 'item-10');
    expect(ten?.memberId).toBe(['m1', 'm3'][createStream(seed, 'tie:item-10').randomInt(2)]);
    const eleven = out.assignments.find((a) => a.itemId === 'item-11');
    expect(eleven?.memberId).toBe(['m1', 'm2', 'm3'][createStream(seed, 'tie:item-11').randomInt(3)]);
  });
});

describe('runStep input checks', () => {
  it('throws DrawInputError listing the problems', () => {
    expect(() => run(14, { ...EMPTY_INPUTS, receivers: ['has space'] })).toThrow(DrawInputError);
  });
});
