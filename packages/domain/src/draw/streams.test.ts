import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from './sha256.js';
import { createStream, deriveSeed } from './streams.js';

const seed = fromHex('47376f472a5dbe4282c410f4d42db4507e98768c05963bb00d545674b9862101');

function block(label: string, counter: number): Buffer {
  const c = Buffer.alloc(4);
  c.writeUInt32BE(counter);
  return createHash('sha256')
    .update(Buffer.concat([seed, Buffer.from(label, 'utf8'), Buffer.from([0]), c]))
    .digest();
}

describe('deriveSeed', () => {
  it('hashes "estate-draw/1" ‖ 0 ‖ secret ‖ 0 ‖ step ‖ 0 ‖ inputHash ‖ 0 ‖ publicEntropy', () => {
    const secret = Buffer.alloc(32, 7);
    const inputHash = Buffer.alloc(32, 9);
    const expected = createHash('sha256')
      .update(
        Buffer.concat([
          Buffer.from('estate-draw/1'),
          Buffer.from([0]),
          secret,
          Buffer.from([0]),
          Buffer.from('21'),
          Buffer.from([0]),
          inputHash,
          Buffer.from([0]),
          Buffer.from('drand-ü', 'utf8'),
        ]),
      )
      .digest('hex');
    expect(toHex(deriveSeed({ secret, step: 21, inputHash, publicEntropy: 'drand-ü' }))).toBe(expected);
  });

  it('changes with every part', () => {
    const base = { secret: Buffer.alloc(32, 1), step: 31, inputHash: Buffer.alloc(32, 2), publicEntropy: '' };
    const seeds = new Set(
      [
        base,
        { ...base, secret: Buffer.alloc(32, 3) },
        { ...base, step: 21 },
        { ...base, inputHash: Buffer.alloc(32, 4) },
        { ...base, publicEntropy: 'x' },
      ].map((p) => toHex(deriveSeed(p))),
    );
    expect(seeds.size).toBe(5);
  });
});

describe('streams', () => {
  it('reads SHA-256(seed ‖ L ‖ 0 ‖ uint32be(k)) blocks as big-endian words, across blocks', () => {
    const stream = createStream(seed, 'tie:item-4');
    const bytes = Buffer.concat([block('tie:item-4', 0), block('tie:item-4', 1)]);
    const words = Array.from({ length: 16 }, (_, k) => bytes.readUInt32BE(k * 4));
    expect(words.map(() => stream.next32())).toEqual(words);
  });

  it('gives different streams for different labels', () => {
    expect(createStream(seed, 'order').next32()).not.toBe(createStream(seed, 'picks').next32());
  });

  it('randomInt(1) returns 0 and reads nothing', () => {
    const a = createStream(seed, 'picks');
    const b = createStream(seed, 'picks');
    expect(a.randomInt(1)).toBe(0);
    expect(a.next32()).toBe(b.next32());
  });

  it('randomInt rejects words at or above the limit and reads again', () => {
    // n = 3 * 2^30: limit = 2^32 - 2^30, so a quarter of all words are rejected.
    const n = 3 * 2 ** 30;
    const limit = 2 ** 32 - (2 ** 32 % n);
    let rejectedSome = false;
    for (let k = 0; k < 32; k++) {
      const raw = createStream(seed, `reject-${k}`);
      let word = raw.next32();
      if (word >= limit) rejectedSome = true;
      while (word >= limit) word = raw.next32();
      expect(createStream(seed, `reject-${k}`).randomInt(n)).toBe(word % n);
    }
    expect(rejectedSome).toBe(true);
  });

  it('randomInt(2^32) accepts every word', () => {
    const a = createStream(seed, 'order');
    const b = createStream(seed, 'order');
    expect(a.randomInt(2 ** 32)).toBe(b.next32());
  });

  it.each([0, -1, 1.5, 2 ** 32 + 1, Number.NaN])('randomInt(%s) throws', (n) => {
    expect(() => createStream(seed, 'x').randomInt(n)).toThrow(RangeError);
  });

  it('shuffle returns a permutation and leaves its input alone', () => {
    const list = ['a', 'b', 'c', 'd', 'e'];
    const out = createStream(seed, 'order').shuffle(list);
    expect([...out].sort()).toEqual(list);
    expect(list).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('shuffle of 0 or 1 element reads nothing', () => {
    const a = createStream(seed, 'order');
    expect(a.shuffle([])).toEqual([]);
    expect(a.shuffle(['x'])).toEqual(['x']);
    expect(a.next32()).toBe(createStream(seed, 'order').next32());
  });
});
