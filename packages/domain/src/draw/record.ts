/**
 * The `estate-draw/1` record: building it after a step, re-checking it anywhere (the verifier
 * command and page), and the copy a beneficiary may see (distribution.md, "Privacy of inputs").
 */
import { z } from 'zod';
import { factsFor, hasForeignFacts, inputProblems, prepareFacts } from './canonical.js';
import type { Facts, IdRanks } from './canonical.js';
import { DRAW_MODES, onlyDrawFacts } from './inputs.js';
import type { DrawInputs, DrawMode, DrawStep } from './inputs.js';
import {
  commitInputs,
  inclusionProofs,
  isSalt,
  proofStepSchema,
  memberLines,
  MissingSaltError,
  SALT_BYTES,
  verifyInclusion,
} from './input-commitment.js';
import type { ProofStep, Salts } from './input-commitment.js';
import { fromHex, isHex, sha256, toHex } from './sha256.js';
import { runStep, REASONS } from './steps.js';
import type { Assignment } from './steps.js';

export const DRAW_FORMAT = 'estate-draw/1';
/** Steps 21 and 31 each draw from a 32-byte secret (distribution.md, "Commitment"). */
export const SECRET_BYTES = 32;

const idSchema = z.string();
const countSchema = z.number().int();

const assignmentSchema = z.object({
  itemId: idSchema,
  memberId: idSchema,
  reason: z.enum([REASONS.onlyInterested, REASONS.highInterest, REASONS.tokens]),
  round: countSchema.optional(),
  pick: countSchema.optional(),
  tokens: countSchema.optional(),
  tied: countSchema.optional(),
});

const inputsSchema = z.object({
  receivers: z.array(idSchema),
  items: z.array(z.object({ id: idSchema, highInterest: z.boolean() })),
  interests: z.array(z.tuple([idSchema, idSchema])),
  rankings: z.array(z.tuple([idSchema, idSchema, countSchema])),
  tokens: z.array(z.tuple([idSchema, idSchema, countSchema])),
});

/** Shape check only; whether the contents add up is `verifyRecord`'s job. */
export const drawRecordSchema = z.object({
  format: z.literal(DRAW_FORMAT),
  estateId: z.string(),
  step: z.union([z.literal(14), z.literal(15), z.literal(21), z.literal(31)]),
  mode: z.enum(DRAW_MODES),
  commitment: z.string(),
  secret: z.string(),
  publicEntropy: z.string(),
  inputs: inputsSchema,
  inputHash: z.string(),
  /** The inputs commitment the step used and every receiver's salt (absent in older records). */
  inputCommitment: z.string().optional(),
  salts: z.record(z.string(), z.string()).optional(),
  assignments: z.array(assignmentSchema),
  order: z.array(idSchema).optional(),
  unwanted: z.array(idSchema).optional(),
  ranAt: z.string().optional(),
  ranBy: z.string().optional(),
});

export type DrawRecord = z.infer<typeof drawRecordSchema>;
export type RecordAssignment = DrawRecord['assignments'][number];

export interface BuildRecordParams {
  estateId: string;
  step: DrawStep;
  /** The estate's draft mode; only step 21 uses it (see `recordMode`). */
  mode: DrawMode;
  /** The step's secret (32 random bytes for 21 and 31); empty for 14 and 15. */
  secret: Uint8Array;
  /** Defaults to the empty string, as the spec says. */
  publicEntropy?: string;
  inputs: DrawInputs;
  /** ISO time and member id, stored as given (the domain has no clock). */
  ranAt?: string;
  ranBy?: string;
  /**
   * Each receiver's salt from the sealed inputs commitment. When given, the record carries
   * `inputCommitment` (the root over the receivers' lines) and the salts; a receiver without a
   * salt throws MissingSaltError.
   */
  salts?: Salts;
  /** Optional speed-ups, see StepInput.ranks and StepInput.facts. */
  ranks?: IdRanks;
  facts?: Facts;
}

/**
 * Steps other than 21 ignore the mode, so their records always say the default "round-robin":
 * their input hash then does not depend on an unrelated estate setting (the vectors do the same).
 */
export function recordMode(step: DrawStep, estateMode: DrawMode): DrawMode {
  return step === 21 ? estateMode : 'round-robin';
}

/** hex(SHA-256(secret)), or "" for an empty secret (steps 14 and 15). */
export function commitmentFor(secret: Uint8Array): string {
  return secret.length === 0 ? '' : toHex(sha256(secret));
}

/**
 * Runs the step and returns its record. Facts that are not draw inputs (offspring hearts, facts on
 * items outside the pool) are dropped first, so the record holds exactly what was hashed.
 * Throws DrawInputError when the inputs are not well-formed, and an Error when step 21 or 31 is
 * not given a 32-byte secret.
 */
export function buildRecord(params: BuildRecordParams): DrawRecord {
  const { estateId, step, secret, ranAt, ranBy } = params;
  if ((step === 21 || step === 31) && secret.length !== SECRET_BYTES)
    throw new Error(`step ${step} needs the ${SECRET_BYTES}-byte secret committed when stage 11 opened`);
  const mode = recordMode(step, params.mode);
  const publicEntropy = params.publicEntropy ?? '';
  let inputs = params.inputs;
  let facts = factsFor(inputs, params.facts, params.ranks);
  if (hasForeignFacts(facts)) {
    inputs = onlyDrawFacts(inputs);
    facts = prepareFacts(inputs, facts.ranks);
  }
  const outcome = runStep({ step, mode, secret, publicEntropy, inputs, facts });
  // Key order follows the vectors so a record serialises the same way they do. Fact tuples are
  // shared with the caller's arrays, not copied (records are built once and not mutated).
  const record: DrawRecord = {
    format: DRAW_FORMAT,
    estateId,
    step,
    mode,
    commitment: commitmentFor(secret),
    secret: toHex(secret),
    publicEntropy,
    inputs: {
      receivers: [...inputs.receivers],
      items: inputs.items.map(({ id, highInterest }) => ({ id, highInterest })),
      interests: [...inputs.interests] as DrawRecord['inputs']['interests'],
      rankings: [...inputs.rankings] as DrawRecord['inputs']['rankings'],
      tokens: [...inputs.tokens] as DrawRecord['inputs']['tokens'],
    },
    inputHash: outcome.inputHash,
    ...(params.salts ? sealedFields(inputs, params.salts) : {}),
    assignments: outcome.assignments.map(toRecordAssignment),
  };
  if (outcome.order) record.order = outcome.order;
  if (outcome.unwanted) record.unwanted = outcome.unwanted;
  if (ranAt !== undefined) record.ranAt = ranAt;
  if (ranBy !== undefined) record.ranBy = ranBy;
  return record;
}

/** The root over the receivers' lines and their salts (only theirs, in tree order). */
function sealedFields(
  inputs: DrawInputs,
  salts: Salts,
): { inputCommitment: string; salts: Record<string, string> } {
  const sealed = commitInputs(inputs.receivers, inputs, salts, sha256);
  return {
    inputCommitment: sealed.root,
    salts: Object.fromEntries(sealed.members.map((m) => [m.memberId, m.salt])),
  };
}

/** Drops absent optional fields so a record never carries `"round": undefined`. */
function toRecordAssignment(a: Assignment): RecordAssignment {
  const out: RecordAssignment = { itemId: a.itemId, memberId: a.memberId, reason: a.reason };
  if (a.round !== undefined) out.round = a.round;
  if (a.pick !== undefined) out.pick = a.pick;
  if (a.tokens !== undefined) out.tokens = a.tokens;
  if (a.tied !== undefined) out.tied = a.tied;
  return out;
}

/**
 * What a verification covered, each named by a code the verify page words in the reader's language:
 * - `rerun`: the step re-run from the record's inputs gives exactly its results (full records);
 * - `commitment`: the revealed secret is the one committed to (SHA-256) before the draw;
 * - `inputCommitment`: the root over every receiver's salted lines is the record's inputCommitment;
 * - `inclusion`: the member's own salted lines lead, through their proof, to inputCommitment;
 * - `ownResults`: every item in the member's copy is one they hearted, with the tokens they placed.
 */
export const VERIFY_CHECKS = ['rerun', 'commitment', 'inputCommitment', 'inclusion', 'ownResults'] as const;
export type VerifyCheck = (typeof VERIFY_CHECKS)[number];

/**
 * `scope` says what kind of copy was checked: `full` (trustees, observers, or anyone once the
 * trustee published the records) re-runs the step; `own` is a beneficiary's copy, which holds only
 * their own inputs and results, so it is checked as far as it goes and never re-run. `checks` lists
 * what was checked; `ok` is false exactly when `differences` says what did not match.
 */
export type VerifyResult = {
  ok: boolean;
  scope: 'full' | 'own';
  checks: VerifyCheck[];
  differences: string[];
};

const MAX_LISTED = 20;

/** A beneficiary's copy is told apart from a full record by having no `inputs` and its own `lines`. */
export function isBeneficiaryCopy(input: unknown): boolean {
  return (
    typeof input === 'object' &&
    input !== null &&
    !('inputs' in input) &&
    'lines' in input &&
    'memberId' in input
  );
}

/**
 * Checks a full record (re-runs the step from its own inputs, secret and public entropy, compares
 * every reproducible field and, when it has one, the inputs commitment) or a beneficiary's copy
 * (see `verifyBeneficiaryCopy`). Never throws: a malformed record comes back as differences.
 */
export function verifyRecord(input: unknown): VerifyResult {
  if (isBeneficiaryCopy(input)) return verifyBeneficiaryCopy(input);
  const parsed = drawRecordSchema.safeParse(input);
  if (!parsed.success)
    return { ok: false, scope: 'full', checks: [], differences: schemaProblems(parsed.error.issues) };
  const record = parsed.data;
  const differences: string[] = [];
  const checks: VerifyCheck[] = ['rerun'];

  const secret = checkSecret(record, differences);
  if (secret && secret.length > 0) checks.push('commitment');

  const problems = inputProblems(record.inputs);
  for (const problem of problems) differences.push(`inputs: ${problem}`);
  if (record.inputCommitment !== undefined || record.salts !== undefined) {
    checks.push('inputCommitment');
    checkInputCommitment(record, differences);
  }
  if (!secret || problems.length > 0) return { ok: false, scope: 'full', checks, differences };

  let outcome: ReturnType<typeof runStep>;
  try {
    outcome = runStep({
      step: record.step,
      mode: record.mode,
      secret,
      publicEntropy: record.publicEntropy,
      inputs: record.inputs,
    });
  } catch (error) {
    differences.push(
      `the step could not be re-run: ${error instanceof Error ? error.message : String(error)}`,
    );
    return { ok: false, scope: 'full', checks, differences };
  }

  if (record.inputHash !== outcome.inputHash)
    differences.push(
      `inputHash differs: record has ${show(record.inputHash)}, recomputed ${outcome.inputHash}`,
    );
  compareList(differences, 'order', record.order, outcome.order, record.step);
  compareAssignments(differences, record.assignments, outcome.assignments);
  compareList(differences, 'unwanted', record.unwanted, outcome.unwanted, record.step);

  return { ok: differences.length === 0, scope: 'full', checks, differences };
}

function schemaProblems(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.map((issue) => `not an ${DRAW_FORMAT} record: ${formatPath(issue.path)}: ${issue.message}`);
}

/** The revealed secret as bytes (undefined when it is not hex), with its problems noted. */
function checkSecret(
  record: { step: DrawStep; secret: string; commitment: string },
  differences: string[],
): Uint8Array | undefined {
  if (!isHex(record.secret)) {
    differences.push('secret is not lower-case hex');
    return undefined;
  }
  const secret = fromHex(record.secret);
  const expected = commitmentFor(secret);
  if (record.commitment !== expected)
    differences.push(
      `commitment differs: record has ${show(record.commitment)}, SHA-256 of the revealed secret is ${show(expected)}`,
    );
  if (record.step === 21 || record.step === 31) {
    if (secret.length === 0)
      differences.push(`step ${record.step} draws at random but the record reveals no secret`);
    else if (secret.length !== SECRET_BYTES)
      differences.push(`secret is ${secret.length} bytes; steps 21 and 31 use ${SECRET_BYTES}`);
  }
  return secret;
}

/** The root over every receiver's lines, with the record's salts, must be its inputCommitment. */
function checkInputCommitment(record: DrawRecord, differences: string[]): void {
  if (record.inputCommitment === undefined) {
    differences.push('salts are given but inputCommitment is missing');
    return;
  }
  if (record.salts === undefined) {
    differences.push('inputCommitment is given but salts are missing: the root cannot be recomputed');
    return;
  }
  const receivers = new Set(record.inputs.receivers);
  const extra = Object.keys(record.salts).filter((id) => !receivers.has(id));
  if (extra.length > 0)
    differences.push(
      `salts: ${extra.slice(0, 5).join(', ')} ${extra.length === 1 ? 'is' : 'are'} not a receiver`,
    );
  const bad = Object.entries(record.salts).filter(([, salt]) => !isSalt(salt));
  for (const [id] of bad.slice(0, 5))
    differences.push(`salts: the salt of ${id} is not ${SALT_BYTES} bytes of lower-case hex`);
  if (bad.length > 0) return;
  try {
    const root = commitInputs(record.inputs.receivers, record.inputs, record.salts, sha256).root;
    if (root !== record.inputCommitment)
      differences.push(
        `inputCommitment differs: record has ${show(record.inputCommitment)}, the root over the receivers' salted lines is ${root}`,
      );
  } catch (error) {
    if (error instanceof MissingSaltError) differences.push(`salts: ${error.message}`);
    else
      differences.push(
        `inputCommitment could not be recomputed: ${error instanceof Error ? error.message : String(error)}`,
      );
  }
}

function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'record';
  return path
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
    .join('')
    .replace(/^\./, '');
}

function show(text: string): string {
  return text === '' ? '(empty)' : text;
}

function compareList(
  out: string[],
  name: 'order' | 'unwanted',
  recorded: readonly string[] | undefined,
  recomputed: readonly string[] | undefined,
  step: number,
): void {
  if (recomputed === undefined) {
    if (recorded !== undefined) out.push(`${name} is not part of a step ${step} record`);
    return;
  }
  if (recorded === undefined) {
    out.push(`${name} is missing: recomputed ${JSON.stringify(recomputed)}`);
    return;
  }
  if (recorded.length !== recomputed.length || recorded.some((id, k) => id !== recomputed[k]))
    out.push(
      `${name} differs: record has ${JSON.stringify(recorded)}, recomputed ${JSON.stringify(recomputed)}`,
    );
}

function describeAssignment(a: RecordAssignment | Assignment): string {
  const extra: string[] = [];
  if (a.round !== undefined) extra.push(`round ${a.round}`);
  if (a.pick !== undefined) extra.push(`pick ${a.pick}`);
  if (a.tokens !== undefined) extra.push(`tokens ${a.tokens}`);
  if (a.tied !== undefined) extra.push(`tied ${a.tied}`);
  return `${a.itemId} → ${a.memberId} (${[a.reason, ...extra].join(', ')})`;
}

function compareAssignments(
  out: string[],
  recorded: readonly RecordAssignment[],
  recomputed: readonly Assignment[],
): void {
  const lines: string[] = [];
  if (recorded.length !== recomputed.length)
    lines.push(`record has ${recorded.length} assignments, recomputed ${recomputed.length}`);
  const n = Math.max(recorded.length, recomputed.length);
  for (let k = 0; k < n; k++) {
    const a = recorded[k];
    const b = recomputed[k];
    const da = a ? describeAssignment(a) : undefined;
    const db = b ? describeAssignment(b) : undefined;
    if (da === db) continue;
    // Numbered from 1, as a person reading the record counts them.
    lines.push(`assignment ${k + 1} differs: record has ${da ?? '(none)'}, recomputed ${db ?? '(none)'}`);
  }
  if (lines.length > MAX_LISTED) {
    const more = lines.length - MAX_LISTED;
    lines.length = MAX_LISTED;
    lines.push(`… and ${more} more assignment differences`);
  }
  out.push(...lines);
}

/**
 * A beneficiary's copy of a record (distribution.md, "Privacy of inputs"). It holds what says
 * nothing about another member: the step, its commitment and revealed secret, the public entropy,
 * the inputs commitment, and the member's own `lines`, `salt`, Merkle `proof` and assignments.
 * Never `inputHash` (unsalted, so the few combinations of others' choices that fit could be tried
 * against it), the seed, the draw order, or anyone else's lines or results. Older records (from
 * before input commitments) give a copy without inputCommitment, salt and proof.
 */
export const beneficiaryCopySchema = z.object({
  format: z.literal(DRAW_FORMAT),
  estateId: z.string(),
  step: drawRecordSchema.shape.step,
  mode: z.enum(DRAW_MODES),
  commitment: z.string(),
  secret: z.string(),
  publicEntropy: z.string(),
  inputCommitment: z.string().optional(),
  memberId: idSchema,
  lines: z.string(),
  salt: z.string().optional(),
  proof: z.array(proofStepSchema).optional(),
  assignments: z.array(assignmentSchema),
  ranAt: z.string().optional(),
});

export type BeneficiaryCopy = z.infer<typeof beneficiaryCopySchema>;

/** The copy of `record` that `memberId` (a beneficiary) may see. */
export function beneficiaryCopy(record: DrawRecord, memberId: string): BeneficiaryCopy {
  const copy: BeneficiaryCopy = {
    format: record.format,
    estateId: record.estateId,
    step: record.step,
    mode: record.mode,
    commitment: record.commitment,
    secret: record.secret,
    publicEntropy: record.publicEntropy,
    memberId,
    lines: memberLines(record.inputs, memberId),
    assignments: record.assignments.filter((a) => a.memberId === memberId).map((a) => ({ ...a })),
  };
  if (record.inputCommitment !== undefined && record.salts !== undefined) {
    copy.inputCommitment = record.inputCommitment;
    const own = memberProof(record, memberId);
    if (own) {
      copy.salt = own.salt;
      copy.proof = own.proof;
    }
  }
  if (record.ranAt !== undefined) copy.ranAt = record.ranAt;
  return copy;
}

/** The member's salt and proof in the record's commitment (undefined for a non-receiver). */
function memberProof(record: DrawRecord, memberId: string): { salt: string; proof: ProofStep[] } | undefined {
  if (!record.salts || !Object.hasOwn(record.salts, memberId)) return undefined;
  try {
    const proof = inclusionProofs(
      commitInputs(record.inputs.receivers, record.inputs, record.salts, sha256),
      sha256,
    ).get(memberId);
    return proof ? { salt: proof.salt, proof: proof.proof } : undefined;
  } catch {
    return undefined;
  }
}

const OWN_LINE = /^(want|rank|tokens) (\S+) (\S+)(?: (\d+))?$/;

/**
 * Checks a beneficiary's copy as far as it goes: the revealed secret against the commitment, the
 * member's own salted lines through their proof to `inputCommitment`, and that every item in it
 * is one they hearted (with the tokens they placed). The step cannot be re-run from a copy: the
 * others' inputs are not in it, by design, until the trustee publishes the full records.
 */
export function verifyBeneficiaryCopy(input: unknown): VerifyResult {
  const parsed = beneficiaryCopySchema.safeParse(input);
  if (!parsed.success)
    return { ok: false, scope: 'own', checks: [], differences: schemaProblems(parsed.error.issues) };
  const copy = parsed.data;
  const differences: string[] = [];
  const checks: VerifyCheck[] = [];

  const secret = checkSecret(copy, differences);
  if (secret && secret.length > 0) checks.push('commitment');

  if (copy.inputCommitment !== undefined) {
    checks.push('inclusion');
    if (copy.salt === undefined || copy.proof === undefined) {
      differences.push(
        `the copy has an inputCommitment but no ${copy.salt === undefined ? 'salt' : 'proof'} of ${copy.memberId}`,
      );
    } else if (
      !verifyInclusion(
        { salt: copy.salt, lines: copy.lines, proof: copy.proof, root: copy.inputCommitment },
        sha256,
      )
    ) {
      differences.push(
        `your lines with your salt and proof do not lead to inputCommitment ${show(copy.inputCommitment)}: the lines, the salt, the proof or the root was changed`,
      );
    }
  }

  // The own lines: each names this member, and the text is in canonical order.
  const wanted = new Set<string>();
  const tokensOn = new Map<string, number>();
  const lines = copy.lines === '' ? [] : copy.lines.split('\n');
  lines.forEach((line, k) => {
    const m = OWN_LINE.exec(line);
    if (!m || m[2] !== copy.memberId || (m[1] === 'want') !== (m[4] === undefined)) {
      differences.push(
        `lines: line ${k + 1} is not one of ${copy.memberId}'s want, rank or tokens lines: ${JSON.stringify(line.slice(0, 120))}`,
      );
      return;
    }
    if (m[1] === 'want') wanted.add(m[3]!);
    if (m[1] === 'tokens') tokensOn.set(m[3]!, Number(m[4]));
  });
  if (memberLines(parseOwn(lines, copy.memberId), copy.memberId) !== copy.lines && differences.length === 0)
    differences.push(
      'lines: not in canonical form (sorted by UTF-8 bytes, no duplicates, numbers without leading zeros)',
    );

  checks.push('ownResults');
  copy.assignments.forEach((a, k) => {
    if (a.memberId !== copy.memberId)
      differences.push(`assignment ${k + 1} is for ${a.memberId}, not for ${copy.memberId}`);
    else if (!wanted.has(a.itemId))
      differences.push(`assignment ${k + 1}: ${a.itemId} was not among ${copy.memberId}'s hearts`);
    else if (a.reason === REASONS.tokens && (a.tokens ?? 0) !== (tokensOn.get(a.itemId) ?? 0))
      differences.push(
        `assignment ${k + 1}: ${a.itemId} says ${a.tokens ?? 0} tokens, the lines say ${tokensOn.get(a.itemId) ?? 0}`,
      );
  });

  return { ok: differences.length === 0, scope: 'own', checks, differences };
}

/** Facts back from well-formed own lines (for the order check). */
function parseOwn(
  lines: readonly string[],
  memberId: string,
): Pick<DrawInputs, 'interests' | 'rankings' | 'tokens'> {
  const interests: [string, string][] = [];
  const rankings: [string, string, number][] = [];
  const tokens: [string, string, number][] = [];
  for (const line of lines) {
    const m = OWN_LINE.exec(line);
    if (!m || m[2] !== memberId) continue;
    if (m[1] === 'want') interests.push([memberId, m[3]!]);
    else if (m[1] === 'rank') rankings.push([memberId, m[3]!, Number(m[4])]);
    else tokens.push([memberId, m[3]!, Number(m[4])]);
  }
  return { interests, rankings, tokens };
}

/**
 * Random choices among equals in a verified record (step 21 picks and step 31 winners), for the
 * fairness report. Step 21 does not write them down, so it is replayed.
 */
export function recordTieBreaks(record: DrawRecord): number {
  if (record.step === 31) return record.assignments.filter((a) => (a.tied ?? 1) > 1).length;
  if (record.step !== 21) return 0;
  return runStep({
    step: record.step,
    mode: record.mode,
    secret: fromHex(record.secret),
    publicEntropy: record.publicEntropy,
    inputs: record.inputs,
  }).tieBreaks;
}
