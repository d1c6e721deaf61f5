/**
 * The sealed inputs a step uses (14 and 15 → stage 11's, 21 → 20's, 31 → 30's), and the check that
 * the pool's lines at run time are still the sealed ones. If the trustee held or deleted an item
 * with hearts after sealing, or a beneficiary joined or left, the root no longer matches: the step
 * refuses, and the trustee seals again (`renew.ts`), which every member is told about.
 */
import { INPUT_STAGE_OF_STEP, linesByMember } from '@estate/domain/draw/input-commitment';
import type { DrawInputs, DrawStep } from '@estate/domain/draw/inputs';
import { STAGE_NAMES, type StageCode } from '@estate/domain/stages';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { sealOf, type Seal } from './seal.js';

export function inputStageOf(step: DrawStep): StageCode {
  return INPUT_STAGE_OF_STEP[step];
}

export function renewHint(stage: number, estateId = ':eid'): string {
  return `The trustee can seal them again (POST /api/estates/${estateId}/input-commitments/${stage}/renew); every member is told the new fingerprint.`;
}

/** The seal of the inputs `step` uses, or undefined before they freeze. */
export async function sealForStep(db: Db, estateId: string, step: DrawStep): Promise<Seal | undefined> {
  return sealOf(db, estateId, inputStageOf(step));
}

/** A run needs its inputs sealed: 409 naming the stage when they never were. */
export function requireSeal(seal: Seal | undefined, step: DrawStep, estateId: string): Seal {
  if (seal) return seal;
  const stage = inputStageOf(step);
  throw new AppError('conflict', {
    reason: 'inputs.neverSealed',
    params: { stage },
    english: `The choices this step uses ("${STAGE_NAMES[stage]}") were never sealed, so no one could check them beforehand. ${renewHint(stage, estateId)}`,
  });
}

/**
 * 409 with a plain reason when `inputs` (read now) give other lines than the sealed ones: how many
 * beneficiaries' choices differ, and whether people joined or left. Names nobody: the trustee can
 * look at the pool summary.
 */
export function assertInputsAsSealed(seal: Seal, inputs: DrawInputs, estateId: string): void {
  const now = linesByMember(inputs);
  const receivers = new Set(inputs.receivers);
  const sealed = Object.keys(seal.lines);
  const joined = [...receivers].filter((id) => !Object.hasOwn(seal.lines, id)).length;
  const left = sealed.filter((id) => !receivers.has(id)).length;
  const changed = sealed.filter((id) => receivers.has(id) && seal.lines[id] !== (now.get(id) ?? '')).length;
  if (joined === 0 && left === 0 && changed === 0) return;
  const parts: string[] = [];
  if (changed > 0)
    parts.push(`${changed} beneficiar${changed === 1 ? 'y’s' : 'ies’'} choices no longer match (for example an item they hearted was put on hold, deleted or assigned since)`);
  if (joined > 0) parts.push(`${joined} beneficiar${joined === 1 ? 'y has' : 'ies have'} joined since`);
  if (left > 0) parts.push(`${left} beneficiar${left === 1 ? 'y has' : 'ies have'} left since`);
  throw new AppError('conflict', {
    reason: 'inputs.sealStale',
    params: { stage: seal.stage, changed, joined, left },
    english: `The choices sealed on ${seal.frozenAt.toISOString()} ("${STAGE_NAMES[seal.stage as StageCode]}") are not the ones in the pool now: ${parts.join('; ')}. Nothing was run. ${renewHint(seal.stage, estateId)}`,
  });
}
