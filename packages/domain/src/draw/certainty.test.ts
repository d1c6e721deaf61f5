import { describe, expect, it } from 'vitest';
import { drawCertainty } from './certainty.js';
import type { DrawInputs } from './inputs.js';
import { buildRecord } from './record.js';

const inputs: DrawInputs = {
  receivers: ['ann', 'ben', 'cat'],
  items: [
    { id: 'i-ring', highInterest: true },
    { id: 'i-watch', highInterest: true },
    { id: 'i-clock', highInterest: false },
    { id: 'i-lamp', highInterest: false },
  ],
  interests: [
    ['ann', 'i-ring'],
    ['ben', 'i-ring'],
    ['cat', 'i-watch'],
    ['ann', 'i-clock'],
    ['ben', 'i-clock'],
    ['ann', 'i-lamp'],
    ['ben', 'i-lamp'],
    ['cat', 'i-lamp'],
  ],
  rankings: [],
  tokens: [
    ['ann', 'i-clock', 2],
    ['ben', 'i-clock', 1],
    ['ann', 'i-lamp', 1],
    ['ben', 'i-lamp', 1],
  ],
};
const record = (step: 21 | 31, fill: number) => buildRecord({ estateId: 'e', step, mode: 'round-robin', secret: new Uint8Array(32).fill(fill), inputs });

describe('what a practice draw can promise', () => {
  it('step 21: the hearted high-interest items, each among those who hearted it, whatever the secret', () => {
    const a = drawCertainty(record(21, 1));
    expect(a).toEqual({ items: 2, certain: 1, pools: [{ itemId: 'i-ring', memberIds: ['ann', 'ben'] }, { itemId: 'i-watch', memberIds: ['cat'] }] });
    for (let fill = 2; fill < 8; fill++) {
      const other = record(21, fill);
      expect(drawCertainty(other)).toEqual(a);
      for (const x of other.assignments) expect(a.pools.find((p) => p.itemId === x.itemId)!.memberIds).toContain(x.memberId);
    }
  });

  it('step 31: each contested item among those with the most tokens; a single one is certain', () => {
    const a = drawCertainty(record(31, 1));
    expect(a).toEqual({ items: 2, certain: 1, pools: [{ itemId: 'i-clock', memberIds: ['ann'] }, { itemId: 'i-lamp', memberIds: ['ann', 'ben'] }] });
    for (let fill = 2; fill < 8; fill++) {
      const other = record(31, fill);
      expect(drawCertainty(other)).toEqual(a);
      for (const x of other.assignments) expect(a.pools.find((p) => p.itemId === x.itemId)!.memberIds).toContain(x.memberId);
    }
  });
});
