/**
 * Privacy of inputs (distribution.md, "Privacy of inputs"): when a stage's inputs freeze, each
 * receiver's hearts, ranks and tokens become one salted leaf, and the Merkle root over the leaves
 * (`inputCommitment`) is published to every member. A beneficiary then checks their own leaf is in
 * the tree without learning anything about anyone else's: the other leaves are salted hashes.
 *
 *   leaf_m  = SHA-256("estate-inputs/1" ‖ 0x00 ‖ salt_m ‖ 0x00 ‖ lines_m)   salt: 32 raw bytes
 *   node    = SHA-256(0x00 ‖ leaf_m)                                        leaves by member id
 *   parent  = SHA-256(0x01 ‖ left ‖ right)                                  odd last node carried up
 *
 * Portable (no Node API), so the web app checks a proof with these very functions. Every function
 * that hashes takes the SHA-256 to use; the default is the plain-TypeScript one, and the server
 * passes Node's (`sha256.ts`), which is faster on large estates.
 */
import { z } from 'zod';
import type { DrawInputs } from './inputs.js';
import { bytesOfHex, hexOf, isLowerHex, sha256Portable, utf8Bytes, type Sha256 } from './sha256-portable.js';
import { compareIds, sortUtf8 } from './utf8-order.js';

export const INPUTS_FORMAT = 'estate-inputs/1';
export const SALT_BYTES = 32;

export {
  INPUT_STAGE_OF_STEP,
  isSealedStage,
  lastStepUsing,
  renewableSeal,
  renewRefusal,
  SEALED_STAGES,
  type SealedStage,
} from './sealed-stages.js';

export type ProofStep = z.infer<typeof proofStepSchema>;
/** Member id → salt (64 lower-case hex characters). */
export type Salts = Readonly<Record<string, string>>;
export type MemberLeaf = { memberId: string; salt: string; lines: string; leaf: string };
/** What one receiver needs to check their own inputs were counted (api.md, "Inputs commitment"). */
export type InclusionProof = {
  inputCommitment: string;
  memberId: string;
  lines: string;
  salt: string;
  proof: ProofStep[];
};

const PREFIX = utf8Bytes(INPUTS_FORMAT);
const ZERO = new Uint8Array([0]);
const ONE = new Uint8Array([1]);

// ---------------------------------------------------------------------------------------------
// A proof step, as records and the API's answers carry it (the answers: schemas/input-commitments.ts)

export const proofStepSchema = z.object({ side: z.enum(['left', 'right']), hash: z.string() });

// ---------------------------------------------------------------------------------------------
// Lines

type MemberFacts = Pick<DrawInputs, 'interests' | 'rankings' | 'tokens'>;

function canonical(lines: string[]): string {
  sortUtf8(lines);
  const out: string[] = [];
  for (const line of lines) if (out[out.length - 1] !== line) out.push(line);
  return out.join('\n');
}

/**
 * Every member's `want`, `rank` and `tokens` lines (the canonical format), sorted by UTF-8 bytes,
 * duplicates removed, joined with "\n". A member with no facts is not in the map (their text is "").
 */
export function linesByMember(inputs: MemberFacts): Map<string, string> {
  const raw = new Map<string, string[]>();
  const add = (memberId: string, line: string) => {
    let list = raw.get(memberId);
    if (!list) raw.set(memberId, (list = []));
    list.push(line);
  };
  for (const [m, i] of inputs.interests) add(m, `want ${m} ${i}`);
  for (const [m, i, rank] of inputs.rankings) add(m, `rank ${m} ${i} ${rank}`);
  for (const [m, i, count] of inputs.tokens) add(m, `tokens ${m} ${i} ${count}`);
  const out = new Map<string, string>();
  for (const [m, lines] of raw) out.set(m, canonical(lines));
  return out;
}

/** One member's lines ("" when they have none). */
export function memberLines(inputs: MemberFacts, memberId: string): string {
  const own = <T extends readonly [string, ...unknown[]]>(list: readonly T[]) =>
    list.filter((f) => f[0] === memberId);
  return (
    linesByMember({
      interests: own(inputs.interests),
      rankings: own(inputs.rankings),
      tokens: own(inputs.tokens),
    }).get(memberId) ?? ''
  );
}

// ---------------------------------------------------------------------------------------------
// Leaves and tree

/** hex(SHA-256("estate-inputs/1" ‖ 0x00 ‖ salt ‖ 0x00 ‖ lines)); throws if the salt is not hex. */
export function leaf(salt: string, lines: string, hash: Sha256 = sha256Portable): string {
  return hexOf(hash(PREFIX, ZERO, bytesOfHex(salt), ZERO, utf8Bytes(lines)));
}

/** The tree from the bottom (leaf nodes) to the top (the root alone). */
function levels(leaves: readonly string[], hash: Sha256): Uint8Array[][] {
  const out: Uint8Array[][] = [leaves.map((l) => hash(ZERO, bytesOfHex(l)))];
  for (let level = out[0]!; level.length > 1;) {
    const next: Uint8Array[] = [];
    for (let k = 0; k + 1 < level.length; k += 2) next.push(hash(ONE, level[k]!, level[k + 1]!));
    if (level.length % 2 === 1) next.push(level[level.length - 1]!); // carried up unchanged
    out.push(next);
    level = next;
  }
  return out;
}

/**
 * The root over leaves already in member-id order. With no leaf at all (an estate without
 * receivers) the root is SHA-256 of nothing: this implementation's choice, the spec is silent.
 */
export function merkleRoot(leaves: readonly string[], hash: Sha256 = sha256Portable): string {
  if (leaves.length === 0) return hexOf(hash());
  const tree = levels(leaves, hash);
  return hexOf(tree[tree.length - 1]![0]!);
}

/** The sibling hashes from leaf `index` up to the root, with the side each sits on. */
export function inclusionProof(
  leaves: readonly string[],
  index: number,
  hash: Sha256 = sha256Portable,
): ProofStep[] {
  if (!Number.isInteger(index) || index < 0 || index >= leaves.length)
    throw new RangeError(`no leaf ${index} among ${leaves.length}`);
  return proofIn(levels(leaves, hash), index);
}

function proofIn(tree: Uint8Array[][], index: number): ProofStep[] {
  const proof: ProofStep[] = [];
  let k = index;
  for (let level = 0; level < tree.length - 1; level++) {
    const nodes = tree[level]!;
    const sibling = k % 2 === 0 ? k + 1 : k - 1;
    // The odd last node has no sibling at this level: it is carried up, nothing to prove.
    if (sibling < nodes.length)
      proof.push({ side: k % 2 === 0 ? 'right' : 'left', hash: hexOf(nodes[sibling]!) });
    k = Math.floor(k / 2);
  }
  return proof;
}

/** The root a leaf and its proof lead to. Throws on hex that is not lower-case or not 32 bytes. */
export function rootFromProof(
  leafHex: string,
  proof: readonly ProofStep[],
  hash: Sha256 = sha256Portable,
): string {
  let node = hash(ZERO, bytes32(leafHex));
  for (const step of proof) {
    const sibling = bytes32(step.hash);
    if (step.side === 'left') node = hash(ONE, sibling, node);
    else if (step.side === 'right') node = hash(ONE, node, sibling);
    else throw new Error(`a proof step's side is "left" or "right", not ${JSON.stringify(step.side)}`);
  }
  return hexOf(node);
}

function bytes32(hex: string): Uint8Array {
  if (hex.length !== 64 || !isLowerHex(hex))
    throw new Error(`not a SHA-256 in lower-case hex: ${JSON.stringify(hex.slice(0, 80))}`);
  return bytesOfHex(hex);
}

export function isSalt(salt: unknown): salt is string {
  return typeof salt === 'string' && salt.length === SALT_BYTES * 2 && isLowerHex(salt);
}

/**
 * Whether `lines` with `salt` is a leaf of the tree whose root is `root`. Never throws: anything
 * malformed is simply not included.
 */
export function verifyInclusion(
  p: { salt: string; lines: string; proof: readonly ProofStep[]; root: string },
  hash: Sha256 = sha256Portable,
): boolean {
  if (!isSalt(p.salt) || typeof p.lines !== 'string' || !Array.isArray(p.proof)) return false;
  try {
    return rootFromProof(leaf(p.salt, p.lines, hash), p.proof, hash) === p.root;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// A whole commitment

export class MissingSaltError extends Error {
  constructor(readonly memberIds: readonly string[]) {
    super(
      `no salt for receiver${memberIds.length === 1 ? '' : 's'} ${memberIds.slice(0, 5).join(', ')}${memberIds.length > 5 ? ' …' : ''}`,
    );
    this.name = 'MissingSaltError';
  }
}

export type InputCommitment = { root: string; members: MemberLeaf[] };

/**
 * The commitment over `receivers` (duplicates ignored) with their lines from `inputs`. Members are
 * returned in tree order (member id, UTF-8 bytes). Throws MissingSaltError when a receiver has no
 * salt, and an Error when a salt is not 64 lower-case hex characters.
 */
export function commitInputs(
  receivers: readonly string[],
  inputs: MemberFacts,
  salts: Salts,
  hash: Sha256 = sha256Portable,
): InputCommitment {
  const ids = [...new Set(receivers)];
  const missing = ids.filter((id) => !Object.hasOwn(salts, id)).sort(compareIds);
  if (missing.length > 0) throw new MissingSaltError(missing);
  const lines = linesByMember(inputs);
  return commitLines(
    ids.map((memberId) => ({ memberId, salt: salts[memberId]!, lines: lines.get(memberId) ?? '' })),
    hash,
  );
}

/**
 * The commitment over members whose lines are already written (e.g. as they were sealed). Throws
 * an Error when a salt is not 64 lower-case hex characters or a member is listed twice.
 */
export function commitLines(
  entries: readonly { memberId: string; salt: string; lines: string }[],
  hash: Sha256 = sha256Portable,
): InputCommitment {
  const sorted = [...entries].sort((a, b) => compareIds(a.memberId, b.memberId));
  const members = sorted.map(({ memberId, salt, lines }, k) => {
    if (k > 0 && sorted[k - 1]!.memberId === memberId) throw new Error(`${memberId} is listed twice`);
    if (!isSalt(salt))
      throw new Error(`the salt of ${memberId} is not ${SALT_BYTES} bytes of lower-case hex`);
    return { memberId, salt, lines, leaf: leaf(salt, lines, hash) };
  });
  return {
    root: merkleRoot(
      members.map((m) => m.leaf),
      hash,
    ),
    members,
  };
}

/** Each member's proof in a commitment, keyed by member id. */
export function inclusionProofs(
  commitment: InputCommitment,
  hash: Sha256 = sha256Portable,
): Map<string, InclusionProof> {
  const out = new Map<string, InclusionProof>();
  if (commitment.members.length === 0) return out;
  const tree = levels(
    commitment.members.map((m) => m.leaf),
    hash,
  );
  commitment.members.forEach((m, k) => {
    out.set(m.memberId, {
      inputCommitment: commitment.root,
      memberId: m.memberId,
      lines: m.lines,
      salt: m.salt,
      proof: proofIn(tree, k),
    });
  });
  return out;
}
