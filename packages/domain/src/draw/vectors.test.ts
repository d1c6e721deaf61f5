/**
 * Known-answer vectors from ../shared/spec/draw-vectors: every file there must pass (quality.md).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { canonicalLines, referenceLines } from './canonical.js';
import { buildRecord, verifyRecord } from './record.js';
import type { DrawRecord } from './record.js';
import { fromHex } from './sha256.js';
import { runStep } from './steps.js';
import { createStream } from './streams.js';

const VECTOR_DIR = fileURLToPath(new URL('../../../../../shared/spec/draw-vectors/', import.meta.url));

if (!existsSync(VECTOR_DIR)) {
  throw new Error(`draw vectors not found at ${VECTOR_DIR}: the engine cannot be checked without them`);
}

const files = readdirSync(VECTOR_DIR).sort();
const recordFiles = files.filter((f) => /^\d\d-step\d+\.json$/.test(f));

function read(file: string): string {
  return readFileSync(`${VECTOR_DIR}${file}`, 'utf8');
}

interface RngVector {
  seedHex: string;
  next32_order: number[];
  randomInt_picks: { n: number[]; values: number[] };
  shuffle_order_0_to_19: number[];
}

describe('draw vector folder', () => {
  it('holds rng.json and record vectors for every step', () => {
    expect(files).toContain('rng.json');
    const steps = new Set(recordFiles.map((f) => Number(/step(\d+)/.exec(f)?.[1])));
    expect([...steps].sort((a, b) => a - b)).toEqual([14, 15, 21, 31]);
  });

  it('has no file this test does not check', () => {
    const unknown = files.filter((f) => f !== 'README.md' && f !== 'rng.json' && !recordFiles.includes(f));
    expect(unknown).toEqual([]);
  });
});

describe('rng.json', () => {
  const v = JSON.parse(read('rng.json')) as RngVector;
  const seed = fromHex(v.seedHex);

  it('reproduces the first next32() words of stream "order"', () => {
    const stream = createStream(seed, 'order');
    expect(v.next32_order.map(() => stream.next32())).toEqual(v.next32_order);
  });

  it('reproduces randomInt(n) on stream "picks", in order', () => {
    const stream = createStream(seed, 'picks');
    expect(v.randomInt_picks.n.map((n) => stream.randomInt(n))).toEqual(v.randomInt_picks.values);
  });

  it('reproduces shuffle([0..19]) on a fresh stream "order"', () => {
    const list = Array.from({ length: 20 }, (_, k) => k);
    expect(createStream(seed, 'order').shuffle(list)).toEqual(v.shuffle_order_0_to_19);
  });
});

describe.each(recordFiles)('%s', (file) => {
  const text = read(file);
  const vector = JSON.parse(text) as DrawRecord;

  it('reproduces inputHash, order, assignments and unwanted', () => {
    const outcome = runStep({
      step: vector.step,
      mode: vector.mode,
      secret: fromHex(vector.secret),
      publicEntropy: vector.publicEntropy,
      inputs: vector.inputs,
    });
    expect(outcome.inputHash).toBe(vector.inputHash);
    expect(outcome.assignments).toEqual(vector.assignments);
    expect(outcome.order).toEqual(vector.order);
    expect(outcome.unwanted).toEqual(vector.unwanted);
  });

  it('builds the same record, byte for byte', () => {
    const record = buildRecord({
      estateId: vector.estateId,
      step: vector.step,
      mode: vector.mode,
      secret: fromHex(vector.secret),
      publicEntropy: vector.publicEntropy,
      inputs: vector.inputs,
    });
    expect(record.commitment).toBe(vector.commitment);
    expect(JSON.stringify(record, null, 1)).toBe(text.trimEnd());
  });

  it('passes the verifier', () => {
    expect(verifyRecord(vector)).toMatchObject({ ok: true, scope: 'full', differences: [] });
  });

  it('orders its canonical lines as the literal byte sort does', () => {
    const params = { step: vector.step, mode: vector.mode, inputs: vector.inputs };
    expect(canonicalLines(params)).toEqual(referenceLines(params));
  });
});
