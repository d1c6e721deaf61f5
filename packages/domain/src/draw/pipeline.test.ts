import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inputHash } from './canonical.js';
import { poolAfter, runPipeline } from './pipeline.js';
import { verifyRecord } from './record.js';
import type { DrawRecord } from './record.js';

const vector = JSON.parse(
  readFileSync(new URL('../../../../../shared/spec/draw-vectors/01-step14.json', import.meta.url), 'utf8'),
) as DrawRecord;

const secrets = { 21: new Uint8Array(32).fill(1), 31: new Uint8Array(32).fill(2) };

describe('runPipeline', () => {
  const result = runPipeline({ estateId: 'estate-1', mode: 'serpentine', inputs: vector.inputs, secrets });

  it('runs 14, 15, 21, 31 and every record verifies', () => {
    expect(result.records.map((r) => r.step)).toEqual([14, 15, 21, 31]);
    for (const r of result.records)
      expect(verifyRecord(r)).toMatchObject({ ok: true, scope: 'full', differences: [] });
  });

  it('gives each later step only the pool the earlier ones left', () => {
    const [r14, r15, r21, r31] = result.records as [DrawRecord, DrawRecord, DrawRecord, DrawRecord];
    const ids = (r: DrawRecord): string[] => r.inputs.items.map((i) => i.id);
    const gone = new Set([...(r14.unwanted ?? []), ...r14.assignments.map((a) => a.itemId)]);
    expect(ids(r15).some((id) => gone.has(id))).toBe(false);
    for (const a of r15.assignments) expect(ids(r21)).not.toContain(a.itemId);
    for (const a of r21.assignments) expect(ids(r31)).not.toContain(a.itemId);
    expect(r31.inputs.interests.every(([, i]) => ids(r31).includes(i))).toBe(true);
  });

  it('hashes each pool as a fresh preparation would (the filtered shortcut changes nothing)', () => {
    for (const r of result.records)
      expect(inputHash({ step: r.step, mode: r.mode, inputs: r.inputs })).toBe(r.inputHash);
  });

  it('places every pool item exactly once', () => {
    const placed = [...result.unwanted, ...result.assignments.map((a) => a.itemId)];
    expect(placed.sort()).toEqual(vector.inputs.items.map((i) => i.id).sort());
  });
});

describe('poolAfter', () => {
  it('removes assigned and unwanted items and every fact about them', () => {
    const pool = poolAfter(vector.inputs, {
      assignments: [{ itemId: vector.inputs.items[0]?.id ?? '', memberId: 'x', reason: 'only-interested' }],
      unwanted: [vector.inputs.items[1]?.id ?? ''],
    });
    expect(pool.items).toHaveLength(vector.inputs.items.length - 2);
    const left = new Set(pool.items.map((i) => i.id));
    expect(pool.interests.every(([, i]) => left.has(i))).toBe(true);
    expect(pool.receivers).toEqual(vector.inputs.receivers);
  });

  it('returns the same inputs when nothing was decided', () => {
    expect(poolAfter(vector.inputs, { assignments: [] })).toBe(vector.inputs);
  });
});
