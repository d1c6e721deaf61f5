import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  canonicalLines,
  canonicalText,
  compareIds,
  inputHash,
  inputProblems,
  prepareFacts,
  referenceLines,
  sortIds,
} from './canonical.js';
import { EMPTY_INPUTS } from './inputs.js';
import type { DrawInputs } from './inputs.js';

describe('sorted by id', () => {
  it('puts "item-10" before "item-9" (bytes, not numbers)', () => {
    expect(sortIds(['item-9', 'item-10', 'item-1', 'item-2'])).toEqual([
      'item-1',
      'item-10',
      'item-2',
      'item-9',
    ]);
  });

  it('orders by UTF-8 bytes where UTF-16 order differs (astral above U+FFFD)', () => {
    const astral = 'a\u{1F600}';
    const highBmp = 'a\uFFFD';
    expect(astral < highBmp).toBe(true); // JS string order says otherwise…
    expect(compareIds(astral, highBmp)).toBe(1); // …UTF-8 bytes F0.. > EF..
    expect(sortIds([astral, highBmp, 'a', 'b'])).toEqual(['a', highBmp, astral, 'b']);
  });

  it('agrees with Buffer.compare on a few tricky pairs', () => {
    const ids = [
      '',
      'a',
      'a!',
      'a b',
      'ab',
      'Z',
      'é',
      'e\u0301',
      '\u{10000}',
      '\uE000',
      '\uFFFF',
      'ß',
      'm10',
      'm9',
    ];
    for (const a of ids)
      for (const b of ids)
        expect(Math.sign(compareIds(a, b))).toBe(Math.sign(Buffer.compare(Buffer.from(a), Buffer.from(b))));
  });
});

describe('canonical input text', () => {
  const inputs: DrawInputs = {
    receivers: ['m2', 'm10', 'm2'],
    items: [
      { id: 'item-9', highInterest: true },
      { id: 'item-10', highInterest: false },
    ],
    interests: [
      ['m2', 'item-9'],
      ['m10', 'item-10'],
      ['m2', 'item-9'],
    ],
    rankings: [['m2', 'item-9', 1]],
    tokens: [['m10', 'item-10', 2]],
  };

  it('is one line per fact, sorted by bytes, duplicates removed, no final newline', () => {
    expect(canonicalText({ step: 21, mode: 'serpentine', inputs })).toBe(
      [
        'item item-10 pool',
        'item item-9 hi',
        'mode serpentine',
        'rank m2 item-9 1',
        'receiver m10',
        'receiver m2',
        'step 21',
        'tokens m10 item-10 2',
        'want m10 item-10',
        'want m2 item-9',
      ].join('\n'),
    );
  });

  it('hashes the UTF-8 text with SHA-256', () => {
    const params = { step: 21, mode: 'serpentine' as const, inputs };
    const expected = createHash('sha256').update(canonicalText(params), 'utf8').digest('hex');
    expect(inputHash(params)).toBe(expected);
  });

  it('for empty inputs is just the mode and step lines', () => {
    const params = { step: 14, mode: 'round-robin' as const, inputs: EMPTY_INPUTS };
    expect(canonicalText(params)).toBe('mode round-robin\nstep 14');
    expect(inputHash(params)).toBe(createHash('sha256').update('mode round-robin\nstep 14').digest('hex'));
  });

  it('does not depend on the order of the inputs', () => {
    const reversed: DrawInputs = {
      receivers: [...inputs.receivers].reverse(),
      items: [...inputs.items].reverse(),
      interests: [...inputs.interests].reverse(),
      rankings: [...inputs.rankings].reverse(),
      tokens: [...inputs.tokens].reverse(),
    };
    expect(inputHash({ step: 31, mode: 'round-robin', inputs: reversed })).toBe(
      inputHash({ step: 31, mode: 'round-robin', inputs }),
    );
  });

  it('sorts an id before the longer ids it prefixes, as the bytes do', () => {
    const tricky: DrawInputs = {
      receivers: ['a', 'a!', 'a-b', 'a\u{1F600}', 'a\uFFFD'],
      items: [
        { id: 'x', highInterest: false },
        { id: 'x!', highInterest: true },
      ],
      interests: [
        ['a', 'x!'],
        ['a!', 'x'],
        ['a', 'x'],
        ['a\u{1F600}', 'x'],
        ['a\uFFFD', 'x'],
      ],
      rankings: [
        ['a', 'x!', 10],
        ['a!', 'x!', 2],
      ],
      tokens: [
        ['a', 'x', 1],
        ['a-b', 'x', 0],
      ],
    };
    const params = { step: 31, mode: 'round-robin' as const, inputs: tricky };
    expect(canonicalLines(params)).toEqual(referenceLines(params));
  });

  it('falls back to the literal byte sort when ids hold characters at or below a space', () => {
    const odd: DrawInputs = {
      ...EMPTY_INPUTS,
      receivers: ['a', 'a\u0001', 'a b'],
      interests: [
        ['a\u0001', 'i'],
        ['a', 'i'],
      ],
    };
    const params = { step: 14, mode: 'round-robin' as const, inputs: odd };
    expect(prepareFacts(odd).lineSafe).toBe(false);
    expect(canonicalLines(params)).toEqual(referenceLines(params));
  });
});

describe('inputProblems', () => {
  it('accepts well-formed inputs', () => {
    expect(
      inputProblems({
        receivers: ['m1'],
        items: [{ id: 'i1', highInterest: true }],
        interests: [['m1', 'i1']],
        rankings: [['m1', 'i1', 11]],
        tokens: [['m1', 'i1', 0]],
      }),
    ).toEqual([]);
  });

  it('names ids with white space or control characters, and empty ids', () => {
    const problems = inputProblems({
      ...EMPTY_INPUTS,
      receivers: ['ok', 'm 1', ''],
      interests: [['ok', 'i\u0007']],
    });
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/receivers\[1\]: id "m 1"/);
    expect(problems.join('\n')).toMatch(/receivers\[2\]: id ""/);
    expect(problems.join('\n')).toMatch(/interests\[0\]: id "i\\u0007"/);
  });

  it('finds contradicting duplicates and impossible numbers', () => {
    const problems = inputProblems({
      receivers: ['m1'],
      items: [
        { id: 'i1', highInterest: true },
        { id: 'i1', highInterest: false },
      ],
      interests: [],
      rankings: [
        ['m1', 'i1', 1],
        ['m1', 'i1', 2],
        ['m1', 'i2', 0],
      ],
      tokens: [
        ['m1', 'i1', 3],
        ['m1', 'i2', 1.5],
      ],
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'item i1 is listed both as high-interest and not',
        'rankings: m1 has 1 and 2 on i1',
        'rankings[2]: 0 is not a whole number from 1 to 11',
        'tokens[0]: 3 is not a whole number from 0 to 2',
        'tokens[1]: 1.5 is not a whole number from 0 to 2',
      ]),
    );
  });

  it('lets exact duplicates through (they are one fact)', () => {
    expect(
      inputProblems({
        ...EMPTY_INPUTS,
        rankings: [
          ['m1', 'i1', 3],
          ['m1', 'i1', 3],
        ],
      }),
    ).toEqual([]);
  });
});
