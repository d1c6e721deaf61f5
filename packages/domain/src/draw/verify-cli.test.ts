import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { beneficiaryCopy, buildRecord, type DrawRecord } from './record.js';
import { runVerifyCli } from './verify-cli.js';

const vectorPath = new URL('../../../../../shared/spec/draw-vectors/00-step21.json', import.meta.url);
const good = readFileSync(vectorPath, 'utf8');

function reader(files: Record<string, string>): (path: string) => string {
  return (path) => {
    const text = files[path];
    if (text === undefined) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
    return text;
  };
}

describe('verify-draw command', () => {
  it('prints "verified" and exits 0 for a good record', () => {
    expect(runVerifyCli(['r.json'], reader({ 'r.json': good }))).toEqual({
      code: 0,
      out: [
        'verified',
        "- re-running the step on the record's inputs gives exactly its results",
        '- the revealed secret is the one committed to before the draw',
      ],
      err: [],
    });
  });

  it("says what it checked in a beneficiary's copy, and what a copy cannot show", () => {
    const record = JSON.parse(good) as DrawRecord;
    const salts = Object.fromEntries(record.inputs.receivers.map((id, k) => [id, String(k).repeat(64)]));
    const full = buildRecord({ ...record, secret: Buffer.from(record.secret, 'hex'), salts });
    const result = runVerifyCli(
      ['copy.json'],
      reader({ 'copy.json': JSON.stringify(beneficiaryCopy(full, 'm2')) }),
    );
    expect(result.code).toBe(0);
    expect(result.out[0]).toBe("verified (a beneficiary's copy: their own part)");
    expect(result.out.join('\n')).toContain(
      "- the member's own lines, with their salt and proof, lead to the inputs commitment",
    );
    expect(result.out.at(-1)).toMatch(/^- not checked: the draw itself/);
    expect(result.out.join('\n')).not.toMatch(/not verified/i);
  });

  it('lists the differences and exits 1 for a tampered record', () => {
    const tampered = good.replace('"memberId": "m2"', '"memberId": "m4"');
    const result = runVerifyCli(['r.json'], reader({ 'r.json': tampered }));
    expect(result.code).toBe(1);
    expect(result.out[0]).toBe('NOT verified:');
    expect(result.out[1]).toMatch(/^- assignment 2 differs: record has item-9 → m4/);
  });

  it('exits 1 with an explanation for JSON that is not a record', () => {
    const result = runVerifyCli(['r.json'], reader({ 'r.json': '{"format":"other"}' }));
    expect(result.code).toBe(1);
    expect(result.out.join('\n')).toMatch(/not an estate-draw\/1 record/);
  });

  it('exits 2 with a clear message for a missing file, bad JSON, or no argument', () => {
    expect(runVerifyCli(['nope.json'], reader({}))).toEqual({
      code: 2,
      out: [],
      err: ['cannot read nope.json: no such file'],
    });
    const bad = runVerifyCli(['r.json'], reader({ 'r.json': '{ nope' }));
    expect(bad.code).toBe(2);
    expect(bad.err[0]).toMatch(/^r\.json is not valid JSON: /);
    expect(runVerifyCli([], reader({}))).toEqual({
      code: 2,
      out: [],
      err: ['usage: verify-draw <record.json>'],
    });
    expect(runVerifyCli(['a', 'b'], reader({})).code).toBe(2);
  });
});
