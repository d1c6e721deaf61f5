/**
 * The `estate-draw/1` record: building it after a step, re-checking it anywhere (the verifier
 * command and page), and the part a beneficiary may see.
 */
import { z } from 'zod';
import { canonicalLines, factsFor, hasForeignFacts, inputProblems, prepareFacts } from './canonical.js';
import type { Facts, IdRanks } from './canonical.js';
import { DRAW_MODES, onlyDrawFacts } from './inputs.js';
import type { DrawInputs, DrawMode, DrawStep } from './inputs.js';
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
    assignments: outcome.assignments.map(toRecordAssignment),
  };
  if (outcome.order) record.order = outcome.order;
  if (outcome.unwanted) record.unwanted = outcome.unwanted;
  if (ranAt !== undefined) record.ranAt = ranAt;
  if (ranBy !== undefined) record.ranBy = ranBy;
  return record;
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

export type VerifyResult = { ok: true } | { ok: false; differences: string[] };

const MAX_LISTED = 20;

/**
 * Re-runs the step from the record's own inputs, secret and public entropy and compares every
 * reproducible field. Never throws: a malformed record comes back as differences.
 */
export function verifyRecord(input: unknown): VerifyResult {
  const parsed = drawRecordSchema.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      differences: parsed.error.issues.map(
        (issue) => `not an ${DRAW_FORMAT} record: ${formatPath(issue.path)}: ${issue.message}`,
      ),
    };
  }
  const record = parsed.data;
  const differences: string[] = [];

  let secret: Uint8Array | undefined;
  if (isHex(record.secret)) secret = fromHex(record.secret);
  else differences.push('secret is not lower-case hex');
  if (secret) {
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
  }

  const problems = inputProblems(record.inputs);
  for (const problem of problems) differences.push(`inputs: ${problem}`);
  if (!secret || problems.length > 0) return { ok: false, differences };

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
    return { ok: false, differences };
  }

  if (record.inputHash !== outcome.inputHash)
    differences.push(
      `inputHash differs: record has ${show(record.inputHash)}, recomputed ${outcome.inputHash}`,
    );
  compareList(differences, 'order', record.order, outcome.order, record.step);
  compareAssignments(differences, record.assignments, outcome.assignments);
  compareList(differences, 'unwanted', record.unwanted, outcome.unwanted, record.step);

  return differences.length === 0 ? { ok: true } : { ok: false, differences };
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
 * What a beneficiary may see of a record (distribution.md, "Draw record"):
 * - kept: format, estateId, step, mode, commitment, revealed secret, publicEntropy, inputHash,
 *   ranAt — none of them says anything about another member;
 * - `ownInputLines`: the canonical lines that name this member (`receiver`, `want`, `rank`,
 *   `tokens`), sorted as in the hashed text, so they can be checked against their own choices;
 * - `assignments`: only this member's results;
 * - step 21: `orderPosition`, this member's 1-based place in the draw order (or null) — not the
 *   order itself, which would tell who wanted high-interest items;
 * - step 14: `unwanted`, which names no member (nobody hearted those items).
 * Dropped: everyone else's inputs and results, the full order, and ranBy.
 */
export interface BeneficiaryDrawView {
  format: typeof DRAW_FORMAT;
  estateId: string;
  step: DrawStep;
  mode: DrawMode;
  commitment: string;
  secret: string;
  publicEntropy: string;
  inputHash: string;
  ranAt?: string;
  memberId: string;
  ownInputLines: string[];
  assignments: RecordAssignment[];
  orderPosition?: number | null;
  unwanted?: string[];
}

export function redactRecordFor(record: DrawRecord, memberId: string): BeneficiaryDrawView {
  const own = (fact: readonly [string, ...unknown[]]): boolean => fact[0] === memberId;
  const ownInputs: DrawInputs = {
    receivers: record.inputs.receivers.filter((id) => id === memberId),
    items: [],
    interests: record.inputs.interests.filter(own),
    rankings: record.inputs.rankings.filter(own),
    tokens: record.inputs.tokens.filter(own),
  };
  const ownInputLines = canonicalLines({ step: record.step, mode: record.mode, inputs: ownInputs }).filter(
    (line) => !line.startsWith('mode ') && !line.startsWith('step '),
  );
  const view: BeneficiaryDrawView = {
    format: record.format,
    estateId: record.estateId,
    step: record.step,
    mode: record.mode,
    commitment: record.commitment,
    secret: record.secret,
    publicEntropy: record.publicEntropy,
    inputHash: record.inputHash,
    memberId,
    ownInputLines,
    assignments: record.assignments.filter((a) => a.memberId === memberId).map((a) => ({ ...a })),
  };
  if (record.ranAt !== undefined) view.ranAt = record.ranAt;
  if (record.order) {
    const k = record.order.indexOf(memberId);
    view.orderPosition = k === -1 ? null : k + 1;
  }
  if (record.unwanted) view.unwanted = [...record.unwanted];
  return view;
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
