/**
 * Steps 14 → 15 → 21 → 31 in sequence on one estate snapshot, each on the pool left by the ones
 * before. The server runs the steps one at a time (stages 20 and 30 collect rankings and tokens in
 * between); this is for the demo, benchmarks and the engine's own tests.
 */
import { prepareFacts, restrictFacts } from './canonical.js';
import { restrictPool } from './inputs.js';
import type { DrawInputs, DrawMode, DrawStep } from './inputs.js';
import { buildRecord } from './record.js';
import type { DrawRecord, RecordAssignment } from './record.js';

/** The pool after a step: its assigned and Unwanted items leave, with every fact about them. */
export function poolAfter(
  inputs: DrawInputs,
  record: Pick<DrawRecord, 'assignments' | 'unwanted'>,
): DrawInputs {
  const decided = decidedItems(record);
  if (decided.size === 0) return inputs;
  return restrictPool(inputs, (itemId) => !decided.has(itemId));
}

function decidedItems(record: Pick<DrawRecord, 'assignments' | 'unwanted'>): Set<string> {
  const decided = new Set<string>(record.unwanted ?? []);
  for (const a of record.assignments) decided.add(a.itemId);
  return decided;
}

export interface PipelineParams {
  estateId: string;
  mode: DrawMode;
  /** The pool after directives, with every receiver's hearts, rankings and tokens. */
  inputs: DrawInputs;
  /** One secret per random step. */
  secrets: { 21: Uint8Array; 31: Uint8Array };
  publicEntropy?: { 21?: string; 31?: string };
  ranAt?: string;
  ranBy?: string;
}

export interface PipelineResult {
  records: DrawRecord[];
  assignments: RecordAssignment[];
  unwanted: string[];
}

const STEPS: readonly DrawStep[] = [14, 15, 21, 31];

export function runPipeline(params: PipelineParams): PipelineResult {
  const records: DrawRecord[] = [];
  let pool = params.inputs;
  // Later pools are subsets of the first: prepare (sort) the facts once and filter them after.
  let facts = prepareFacts(pool);
  for (const step of STEPS) {
    const random = step === 21 || step === 31;
    const record = buildRecord({
      estateId: params.estateId,
      step,
      mode: params.mode,
      secret: random ? params.secrets[step] : new Uint8Array(0),
      publicEntropy: random ? (params.publicEntropy?.[step] ?? '') : '',
      inputs: pool,
      facts,
      ...(params.ranAt !== undefined && { ranAt: params.ranAt }),
      ...(params.ranBy !== undefined && { ranBy: params.ranBy }),
    });
    records.push(record);
    const next = poolAfter(pool, record);
    if (next !== pool) {
      const drop = new Uint8Array(facts.ranks.sorted.length);
      for (const id of decidedItems(record)) drop[facts.ranks.rank.get(id) as number] = 1;
      facts = restrictFacts(facts, next, drop);
      pool = next;
    }
  }
  return {
    records,
    assignments: records.flatMap((r) => r.assignments),
    unwanted: records.flatMap((r) => r.unwanted ?? []),
  };
}
