/**
 * Privacy of inputs: the known answer in ../shared/spec/input-vectors (salts, lines, leaves,
 * proofs, root), properties of the tree, and the records that carry the commitment.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  commitInputs,
  inclusionProof,
  inclusionProofs,
  leaf,
  linesByMember,
  memberLines,
  merkleRoot,
  MissingSaltError,
  rootFromProof,
  verifyInclusion,
  type ProofStep,
} from './input-commitment.js';
import type { DrawInputs } from './inputs.js';
import { beneficiaryCopy, buildRecord, verifyRecord, type DrawRecord } from './record.js';
import { sha256 } from './sha256.js';
import { bytesOfHex, hexOf, sha256Portable } from './sha256-portable.js';

const VECTOR_DIR = fileURLToPath(new URL('../../../../../shared/spec/input-vectors/', import.meta.url));
if (!existsSync(VECTOR_DIR)) throw new Error(`input vectors not found at ${VECTOR_DIR}`);

interface InputVector {
  format: string;
  inputCommitment: string;
  members: { memberId: string; salt: string; lines: string; leaf: string; proof: ProofStep[] }[];
}
const vector = JSON.parse(readFileSync(`${VECTOR_DIR}input-commitment.json`, 'utf8')) as InputVector;
const HASHES = [
  ['portable', sha256Portable],
  ['node', sha256],
] as const;

describe('input-vectors/input-commitment.json', () => {
  it('is the only file there, and in format estate-inputs/1', () => {
    expect(readdirSync(VECTOR_DIR).filter((f) => f !== 'README.md')).toEqual(['input-commitment.json']);
    expect(vector.format).toBe('estate-inputs/1');
  });

  for (const [name, hash] of HASHES) {
    it(`reproduces every leaf, every proof and the root (${name} SHA-256)`, () => {
      const leaves = vector.members.map((m) => leaf(m.salt, m.lines, hash));
      expect(leaves).toEqual(vector.members.map((m) => m.leaf));
      expect(merkleRoot(leaves, hash)).toBe(vector.inputCommitment);
      vector.members.forEach((m, k) => {
        expect(inclusionProof(leaves, k, hash), m.memberId).toEqual(m.proof);
        expect(rootFromProof(m.leaf, m.proof, hash)).toBe(vector.inputCommitment);
        expect(
          verifyInclusion(
            { salt: m.salt, lines: m.lines, proof: m.proof, root: vector.inputCommitment },
            hash,
          ),
        ).toBe(true);
      });
    });
  }

  it('gives the same lines, order and root from draw inputs', () => {
    // The facts behind the vector's lines, shuffled and with a duplicate: the lines come out canonical.
    const inputs: DrawInputs = {
      receivers: ['m4', 'm3', 'm2', 'm10', 'm1'],
      items: [],
      interests: [
        ['m2', 'item-3'],
        ['m1', 'item-3'],
        ['m10', 'item-7'],
        ['m1', 'item-10'],
        ['m10', 'item-3'],
        ['m4', 'item-9'],
        ['m1', 'item-3'],
      ],
      rankings: [
        ['m1', 'item-3', 1],
        ['m2', 'item-3', 1],
        ['m1', 'item-10', 2],
      ],
      tokens: [
        ['m10', 'item-7', 1],
        ['m1', 'item-10', 2],
      ],
    };
    const salts = Object.fromEntries(vector.members.map((m) => [m.memberId, m.salt]));
    const sealed = commitInputs(inputs.receivers, inputs, salts, sha256);
    expect(sealed.members.map((m) => m.memberId)).toEqual(['m1', 'm10', 'm2', 'm3', 'm4']);
    expect(sealed.members.map((m) => m.lines)).toEqual(vector.members.map((m) => m.lines));
    expect(sealed.root).toBe(vector.inputCommitment);
    for (const m of vector.members) expect(memberLines(inputs, m.memberId)).toBe(m.lines);
    const proofs = inclusionProofs(sealed);
    for (const m of vector.members)
      expect(proofs.get(m.memberId)).toEqual({
        inputCommitment: vector.inputCommitment,
        memberId: m.memberId,
        lines: m.lines,
        salt: m.salt,
        proof: m.proof,
      });
  });

  it('refuses to commit a receiver without a salt', () => {
    expect(() =>
      commitInputs(
        ['m1', 'm9'],
        { interests: [], rankings: [], tokens: [] },
        { m1: vector.members[0]!.salt },
      ),
    ).toThrow(MissingSaltError);
  });
});

describe('the portable SHA-256', () => {
  it('agrees with Node on every length around the block boundaries and on random bytes', () => {
    for (let n = 0; n < 200; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, k) => (k * 31 + n) & 0xff);
      expect(hexOf(sha256Portable(bytes))).toBe(createHash('sha256').update(bytes).digest('hex'));
    }
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 300 }), { maxLength: 4 }), (parts) => {
        expect(hexOf(sha256Portable(...parts))).toBe(hexOf(sha256(...parts)));
      }),
      { numRuns: 200 },
    );
    expect(hexOf(bytesOfHex('00ff7f'))).toBe('00ff7f');
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

const hex32 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map(hexOf);
const lineText = fc
  .array(fc.stringMatching(/^(want|rank|tokens) m[0-9] item-[0-9]{1,2}( [0-9])?$/), { maxLength: 4 })
  .map((l) => l.join('\n'));
const treeArb = fc.array(fc.record({ salt: hex32, lines: lineText }), { minLength: 1, maxLength: 13 });

describe('properties of the tree', () => {
  it('every member proof verifies against the root', () => {
    fc.assert(
      fc.property(treeArb, (members) => {
        const leaves = members.map((m) => leaf(m.salt, m.lines));
        const root = merkleRoot(leaves);
        members.forEach((m, k) =>
          expect(verifyInclusion({ ...m, proof: inclusionProof(leaves, k), root })).toBe(true),
        );
      }),
      { numRuns: 100 },
    );
  });

  it('changing one line, the salt, a sibling, a side or the root makes the proof fail', () => {
    fc.assert(
      fc.property(treeArb, fc.nat(), fc.nat(), (members, pick, which) => {
        const leaves = members.map((m) => leaf(m.salt, m.lines));
        const root = merkleRoot(leaves);
        const k = pick % members.length;
        const m = members[k]!;
        const proof = inclusionProof(leaves, k);
        const ok = (p: { salt: string; lines: string; proof: ProofStep[]; root: string }) =>
          verifyInclusion(p);
        expect(ok({ ...m, lines: `${m.lines}\nwant m0 item-0`, proof, root })).toBe(false);
        expect(
          ok({ ...m, lines: m.lines === '' ? 'want m0 item-0' : m.lines.slice(0, -1), proof, root }),
        ).toBe(false);
        expect(ok({ ...m, salt: flip(m.salt, which), proof, root })).toBe(false);
        expect(ok({ ...m, proof, root: flip(root, which) })).toBe(false);
        if (proof.length > 0) {
          const j = which % proof.length;
          const sibling = proof.map((s, i) => (i === j ? { ...s, hash: flip(s.hash, which) } : s));
          expect(ok({ ...m, proof: sibling, root })).toBe(false);
          const side = proof.map((s, i) =>
            i === j ? { ...s, side: s.side === 'left' ? ('right' as const) : ('left' as const) } : s,
          );
          expect(ok({ ...m, proof: side, root })).toBe(false);
          expect(ok({ ...m, proof: proof.slice(1), root })).toBe(false);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('never throws on malformed proofs', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (salt, proof) => {
        expect(verifyInclusion({ salt, lines: '', proof, root: '' } as never)).toBe(false);
      }),
      { numRuns: 100 },
    );
  });

  it('lines of a member are sorted by UTF-8 bytes, without duplicates, and name only that member', () => {
    const lines = linesByMember({
      interests: [
        ['a', 'z'],
        ['a', '\u{1F600}'],
        ['a', '\uFFFD'],
        ['b', 'x'],
      ],
      rankings: [['a', 'z', 1]],
      tokens: [],
    });
    expect(lines.get('a')).toBe('rank a z 1\nwant a z\nwant a \uFFFD\nwant a \u{1F600}');
    expect(lines.get('b')).toBe('want b x');
  });
});

function flip(hex: string, at: number): string {
  const k = at % hex.length;
  return `${hex.slice(0, k)}${hex[k] === '0' ? '1' : '0'}${hex.slice(k + 1)}`;
}

// ---------------------------------------------------------------------------------------------
// Records

const saltOf = (id: string) => createHash('sha256').update(`salt ${id}`).digest('hex');
const inputs: DrawInputs = {
  receivers: ['anna', 'ben', 'cara'],
  items: [
    { id: 'clock', highInterest: false },
    { id: 'ring', highInterest: false },
    { id: 'vase', highInterest: false },
  ],
  interests: [
    ['anna', 'clock'],
    ['ben', 'clock'],
    ['ben', 'ring'],
    ['cara', 'vase'],
  ],
  rankings: [],
  tokens: [
    ['anna', 'clock', 2],
    ['ben', 'clock', 1],
  ],
};
const salts = Object.fromEntries(inputs.receivers.map((id) => [id, saltOf(id)]));
const record = buildRecord({
  estateId: 'e1',
  step: 31,
  mode: 'round-robin',
  secret: new Uint8Array(32).fill(7),
  inputs,
  salts,
});

describe('a full record with its inputs commitment', () => {
  it('carries the root over every receiver lines and the salts, and verifies', () => {
    expect(record.inputCommitment).toBe(commitInputs(inputs.receivers, inputs, salts).root);
    expect(record.salts).toEqual(salts);
    expect(verifyRecord(JSON.parse(JSON.stringify(record)))).toEqual({
      ok: true,
      scope: 'full',
      checks: ['rerun', 'commitment', 'inputCommitment'],
      differences: [],
    });
  });

  it('fails when a salt, the root or the salts themselves are tampered with', () => {
    const salt = structuredClone(record);
    salt.salts!.ben = saltOf('someone else');
    expect(verifyRecord(salt).differences[0]).toMatch(
      /^inputCommitment differs: record has [0-9a-f]{64}, the root over the receivers' salted lines is [0-9a-f]{64}$/,
    );
    const root = { ...record, inputCommitment: '0'.repeat(64) };
    expect(verifyRecord(root).differences).toEqual([
      `inputCommitment differs: record has ${'0'.repeat(64)}, the root over the receivers' salted lines is ${record.inputCommitment}`,
    ]);
    const missing = structuredClone(record);
    delete missing.salts!.cara;
    expect(verifyRecord(missing).differences).toEqual(['salts: no salt for receiver cara']);
    const extra = { ...record, salts: { ...record.salts, zed: saltOf('zed') } };
    expect(verifyRecord(extra).differences).toEqual(['salts: zed is not a receiver']);
    const noSalts: Partial<DrawRecord> = { ...record };
    delete noSalts.salts;
    expect(verifyRecord(noSalts).differences[0]).toMatch(/salts are missing/);
  });

  it('fails when a line is changed, even where the draw result stays the same', () => {
    // Cara hearts the clock too: anna still wins it on tokens, but the commitment no longer matches.
    const r = structuredClone(record);
    r.inputs.interests.push(['cara', 'clock']);
    const d = verifyRecord(r).differences;
    expect(d.some((x) => x.startsWith('inputCommitment differs'))).toBe(true);
  });

  it('throws MissingSaltError when a receiver was not sealed', () => {
    expect(() =>
      buildRecord({
        estateId: 'e1',
        step: 15,
        mode: 'round-robin',
        secret: new Uint8Array(0),
        inputs,
        salts: { anna: salts.anna! },
      }),
    ).toThrow(MissingSaltError);
  });
});

describe('a beneficiary copy', () => {
  it('holds the member own lines, salt and proof, and verifies as far as it goes', () => {
    for (const me of inputs.receivers) {
      const copy = beneficiaryCopy(record, me);
      expect(copy).toMatchObject({
        memberId: me,
        inputCommitment: record.inputCommitment,
        salt: salts[me],
        lines: memberLines(inputs, me),
      });
      expect(
        verifyInclusion({
          salt: copy.salt!,
          lines: copy.lines,
          proof: copy.proof!,
          root: record.inputCommitment!,
        }),
      ).toBe(true);
      expect(verifyRecord(JSON.parse(JSON.stringify(copy)))).toEqual({
        ok: true,
        scope: 'own',
        checks: ['commitment', 'inclusion', 'ownResults'],
        differences: [],
      });
      const text = JSON.stringify(copy);
      for (const other of inputs.receivers.filter((id) => id !== me)) {
        expect(text).not.toContain(other);
        expect(text).not.toContain(salts[other]);
      }
      expect(text).not.toContain(record.inputHash);
    }
  });

  it('fails when its lines, salt, proof, root or results are changed', () => {
    const copy = beneficiaryCopy(record, 'anna');
    const bad = (change: Partial<typeof copy>) => verifyRecord({ ...copy, ...change });
    expect(bad({ lines: 'tokens anna clock 1\nwant anna clock' }).differences[0]).toMatch(
      /^your lines with your salt and proof do not lead to inputCommitment/,
    );
    expect(bad({ salt: saltOf('x') }).ok).toBe(false);
    expect(bad({ inputCommitment: '0'.repeat(64) }).ok).toBe(false);
    expect(bad({ proof: copy.proof!.map((s) => ({ ...s, hash: flip(s.hash, 3) })) }).ok).toBe(false);
    expect(
      bad({ assignments: [{ itemId: 'vase', memberId: 'anna', reason: 'tokens', tokens: 0, tied: 1 }] })
        .differences,
    ).toContain("assignment 1: vase was not among anna's hearts");
    expect(bad({ lines: 'want ben clock' }).differences).toContain(
      'lines: line 1 is not one of anna\'s want, rank or tokens lines: "want ben clock"',
    );
    expect(bad({ commitment: '1'.repeat(64) }).differences[0]).toMatch(/^commitment differs/);
  });

  it('from an older record (no commitment) checks the secret and says nothing of inclusion', () => {
    const old = buildRecord({
      estateId: 'e1',
      step: 31,
      mode: 'round-robin',
      secret: new Uint8Array(32).fill(7),
      inputs,
    });
    const copy = beneficiaryCopy(old, 'anna');
    expect(copy).not.toHaveProperty('inputCommitment');
    expect(verifyRecord(copy)).toEqual({
      ok: true,
      scope: 'own',
      checks: ['commitment', 'ownResults'],
      differences: [],
    });
  });
});
