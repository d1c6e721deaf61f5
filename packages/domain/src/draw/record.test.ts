import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMPTY_INPUTS } from './inputs.js';
import type { DrawInputs } from './inputs.js';
import { beneficiaryCopy, buildRecord, recordTieBreaks, verifyRecord } from './record.js';
import type { DrawRecord } from './record.js';

const vector = (name: string): DrawRecord =>
  JSON.parse(
    readFileSync(new URL(`../../../../../shared/spec/draw-vectors/${name}`, import.meta.url), 'utf8'),
  ) as DrawRecord;

const step21 = vector('00-step21.json');
const step31 = vector('00-step31.json');
const step14 = vector('00-step14.json');

function differences(result: ReturnType<typeof verifyRecord>): string[] {
  return result.ok ? [] : result.differences;
}

describe('buildRecord', () => {
  const secret = new Uint8Array(32).fill(5);

  it('commits to SHA-256 of the secret and reveals it as hex', () => {
    const record = buildRecord({
      estateId: 'e1',
      step: 31,
      mode: 'round-robin',
      secret,
      inputs: EMPTY_INPUTS,
    });
    expect(record.secret).toBe('05'.repeat(32));
    expect(record.commitment).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(record.publicEntropy).toBe('');
  });

  it('refuses to draw steps 21 and 31 without a 32-byte secret', () => {
    for (const bad of [new Uint8Array(0), new Uint8Array(16)])
      expect(() =>
        buildRecord({ estateId: 'e1', step: 21, mode: 'round-robin', secret: bad, inputs: EMPTY_INPUTS }),
      ).toThrow(/32-byte secret/);
  });

  it('leaves secret and commitment empty for steps without randomness', () => {
    const record = buildRecord({
      estateId: 'e1',
      step: 14,
      mode: 'round-robin',
      secret: new Uint8Array(0),
      inputs: EMPTY_INPUTS,
    });
    expect(record.secret).toBe('');
    expect(record.commitment).toBe('');
    expect(record.unwanted).toEqual([]);
    expect(record).not.toHaveProperty('order');
  });

  it('records the draft mode only for step 21; other steps say round-robin', () => {
    const at = (step: 14 | 15 | 21 | 31): string =>
      buildRecord({ estateId: 'e1', step, mode: 'serpentine', secret, inputs: EMPTY_INPUTS }).mode;
    expect([at(14), at(15), at(21), at(31)]).toEqual([
      'round-robin',
      'round-robin',
      'serpentine',
      'round-robin',
    ]);
  });

  it('drops facts that are not draw inputs (offspring hearts, items outside the pool) before hashing', () => {
    const inputs: DrawInputs = {
      receivers: ['parent'],
      items: [{ id: 'vase', highInterest: false }],
      interests: [
        ['parent', 'vase'],
        ['child', 'vase'],
        ['parent', 'sold-item'],
      ],
      rankings: [['child', 'vase', 1]],
      tokens: [['child', 'vase', 2]],
    };
    const record = buildRecord({
      estateId: 'e1',
      step: 15,
      mode: 'round-robin',
      secret: new Uint8Array(0),
      inputs,
    });
    expect(record.inputs.interests).toEqual([['parent', 'vase']]);
    expect(record.inputs.rankings).toEqual([]);
    expect(record.inputs.tokens).toEqual([]);
    expect(record.assignments).toEqual([{ itemId: 'vase', memberId: 'parent', reason: 'only-interested' }]);
    expect(verifyRecord(record)).toMatchObject({ ok: true, scope: 'full', differences: [] });
  });

  it('keeps ranAt and ranBy as given, and strips extra item fields', () => {
    const inputs = { ...EMPTY_INPUTS, items: [{ id: 'x', highInterest: false, value: 100 }] };
    const record = buildRecord({
      estateId: 'e1',
      step: 14,
      mode: 'round-robin',
      secret: new Uint8Array(0),
      inputs,
      ranAt: '2025-01-01T00:00:00.000Z',
      ranBy: 'trustee-1',
    });
    expect(record.inputs.items).toEqual([{ id: 'x', highInterest: false }]);
    expect(record.ranAt).toBe('2025-01-01T00:00:00.000Z');
    expect(record.ranBy).toBe('trustee-1');
    expect(verifyRecord(JSON.parse(JSON.stringify(record)))).toMatchObject({
      ok: true,
      scope: 'full',
      differences: [],
    });
  });
});

describe('verifyRecord', () => {
  const clone = (r: DrawRecord): DrawRecord => structuredClone(r);

  it('verifies the vectors', () => {
    for (const r of [step14, step21, step31])
      expect(verifyRecord(r)).toMatchObject({ ok: true, scope: 'full', differences: [] });
  });

  it('says which assignment differs, numbered from 1', () => {
    const r = clone(step31);
    const third = r.assignments[2] as DrawRecord['assignments'][number];
    third.memberId = 'm1';
    expect(differences(verifyRecord(r))).toEqual([
      'assignment 3 differs: record has item-12 → m1 (tokens, tokens 0, tied 2), recomputed item-12 → m3 (tokens, tokens 0, tied 2)',
    ]);
  });

  it('reports missing and extra assignments', () => {
    const r = clone(step21);
    r.assignments.pop();
    const d = differences(verifyRecord(r));
    expect(d[0]).toBe('record has 3 assignments, recomputed 4');
    expect(d[1]).toMatch(/^assignment 4 differs: record has \(none\), recomputed item-6 → m1/);
  });

  it('reports a changed input as an inputHash difference (and what it changes)', () => {
    const r = clone(step21);
    r.inputs.rankings = r.inputs.rankings.filter(([m]) => m !== 'm4');
    const d = differences(verifyRecord(r));
    expect(d[0]).toMatch(/^inputHash differs: record has 64cef6aa.*, recomputed [0-9a-f]{64}$/);
  });

  it('reports a commitment that does not match the revealed secret', () => {
    const r = clone(step21);
    r.commitment = '00'.repeat(32);
    expect(differences(verifyRecord(r))).toEqual([
      `commitment differs: record has ${'00'.repeat(32)}, SHA-256 of the revealed secret is ${step21.commitment}`,
    ]);
  });

  it('needs a revealed secret for steps 21 and 31', () => {
    const r = clone(step31);
    r.secret = '';
    r.commitment = '';
    expect(differences(verifyRecord(r))).toContain(
      'step 31 draws at random but the record reveals no secret',
    );
  });

  it('flags a secret of the wrong length', () => {
    const r = clone(step31);
    r.secret = 'abcd';
    r.commitment = createHash('sha256').update(Buffer.from('abcd', 'hex')).digest('hex');
    expect(differences(verifyRecord(r))[0]).toBe('secret is 2 bytes; steps 21 and 31 use 32');
  });

  it('reports a changed order, a missing order and fields that do not belong to the step', () => {
    const swapped = clone(step21);
    swapped.order = ['m2', 'm1', 'm4'];
    expect(differences(verifyRecord(swapped))).toEqual([
      'order differs: record has ["m2","m1","m4"], recomputed ["m1","m2","m4"]',
    ]);
    const missing = clone(step21);
    delete missing.order;
    expect(differences(verifyRecord(missing))).toEqual(['order is missing: recomputed ["m1","m2","m4"]']);
    const extra = clone(step31);
    extra.unwanted = [];
    expect(differences(verifyRecord(extra))).toEqual(['unwanted is not part of a step 31 record']);
  });

  it('reports a changed unwanted list', () => {
    const r = clone(step14);
    r.unwanted = ['item-3', 'item-4'];
    expect(differences(verifyRecord(r))).toEqual([
      'unwanted differs: record has ["item-3","item-4"], recomputed ["item-3"]',
    ]);
  });

  it('explains malformed records instead of throwing', () => {
    expect(differences(verifyRecord(null))[0]).toMatch(/^not an estate-draw\/1 record: record: /);
    expect(differences(verifyRecord({ ...step14, format: 'estate-draw/2' }))[0]).toMatch(
      /^not an estate-draw\/1 record: format: /,
    );
    expect(differences(verifyRecord({ ...step14, step: 16 }))[0]).toMatch(/step/);
    const badTuple = clone(step14) as unknown as { inputs: { interests: unknown[] } };
    badTuple.inputs.interests[0] = ['m1'];
    expect(differences(verifyRecord(badTuple))[0]).toMatch(
      /^not an estate-draw\/1 record: inputs\.interests\[0\]/,
    );
    expect(differences(verifyRecord({ ...step21, secret: 'XYZ' }))).toContain('secret is not lower-case hex');
    expect(
      differences(verifyRecord({ ...step14, inputs: { ...step14.inputs, receivers: ['a b'] } }))[0],
    ).toMatch(/^inputs: receivers\[0\]: id "a b"/);
  });

  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const result = verifyRecord(value);
        expect(result.ok).toBe(false);
      }),
      { numRuns: 200 },
    );
    fc.assert(
      fc.property(
        fc.record({
          step: fc.constantFrom(14, 15, 21, 31),
          secret: fc.constantFrom('', step21.secret, 'ab', 'zz'),
          receivers: fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }),
          rank: fc.oneof(fc.integer(), fc.double()),
        }),
        ({ step, secret, receivers, rank }) => {
          const r = {
            ...step21,
            step,
            secret,
            inputs: { ...step21.inputs, receivers, rankings: [['m1', 'item-2', rank]] },
          };
          expect(() => verifyRecord(r)).not.toThrow();
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('beneficiaryCopy', () => {
  it('keeps the commitment, secret and only the member own lines and results, never inputHash or the order', () => {
    const view = beneficiaryCopy(step31, 'm3');
    expect(view).toMatchObject({
      format: 'estate-draw/1',
      step: 31,
      commitment: step31.commitment,
      secret: step31.secret,
      publicEntropy: step31.publicEntropy,
      memberId: 'm3',
    });
    expect(view.lines.split('\n')).toEqual([
      'tokens m3 item-10 1',
      'tokens m3 item-5 1',
      'tokens m3 item-8 2',
      'want m3 item-10',
      'want m3 item-12',
      'want m3 item-5',
      'want m3 item-8',
    ]);
    expect(view.assignments.map((a) => a.itemId)).toEqual(['item-10', 'item-12', 'item-8']);
    expect(view.assignments.every((a) => a.memberId === 'm3')).toBe(true);
    for (const r of [step14, step21, step31])
      for (const key of ['inputHash', 'inputs', 'order', 'unwanted', 'salts', 'ranBy', 'orderPosition'])
        expect(beneficiaryCopy(r, 'm1')).not.toHaveProperty(key);
  });

  it('names no other member anywhere', () => {
    for (const r of [step14, step21, step31])
      for (const me of r.inputs.receivers) {
        const text = JSON.stringify(beneficiaryCopy(r, me));
        for (const other of r.inputs.receivers)
          if (other !== me) expect(text).not.toMatch(new RegExp(`"${other}"|${other} `));
      }
  });
});

describe('recordTieBreaks', () => {
  it('counts step 31 ties from the record and replays step 21', () => {
    expect(recordTieBreaks(step31)).toBe(3);
    expect(recordTieBreaks(step21)).toBe(0);
    expect(recordTieBreaks(vector('01-step21.json'))).toBe(2);
    expect(recordTieBreaks(step14)).toBe(0);
  });
});
