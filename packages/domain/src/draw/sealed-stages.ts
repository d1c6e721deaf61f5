/**
 * Which stages' inputs are sealed, which step uses which seal, and when the trustee may seal again
 * (distribution.md, "Privacy of inputs"). Small and plain: the permission table reads it.
 */
import type { DrawStep } from './inputs.js';
import { isStageCode, STAGE_NAMES } from '../stages.js';

/** The stages whose inputs are sealed when they freeze (their deadline, or the trustee moving on). */
export const SEALED_STAGES = [2, 11, 20, 30] as const;
export type SealedStage = (typeof SEALED_STAGES)[number];
/** The sealed inputs each step uses: hearts for 14 and 15, ranks for 21, tokens for 31. */
export const INPUT_STAGE_OF_STEP = { 14: 11, 15: 11, 21: 20, 31: 30 } as const satisfies Record<
  DrawStep,
  SealedStage
>;

export function isSealedStage(stage: number): stage is SealedStage {
  return (SEALED_STAGES as readonly number[]).includes(stage);
}

/**
 * While the estate is in one of these stages, the trustee may seal again the inputs its coming
 * step uses (e.g. after holding an item with hearts in stage 13): stage → the sealed stage.
 */
const RENEWABLE: Partial<Record<number, SealedStage>> = { 12: 11, 13: 11, 14: 11, 15: 11, 21: 20, 31: 30 };

export function renewableSeal(stage: number): SealedStage | undefined {
  return RENEWABLE[stage];
}

/** Why the seal of `sealed` cannot be renewed in `stage` (for the policy's refusal). */
export function renewRefusal(stage: number, sealed: number | undefined): string {
  const open = renewableSeal(stage);
  const which =
    sealed !== undefined && isStageCode(sealed) ? `the choices of "${STAGE_NAMES[sealed]}"` : 'these choices';
  const now = isStageCode(stage) ? `"${STAGE_NAMES[stage]}"` : `stage ${stage}`;
  return open === undefined
    ? `In ${now} no step is waiting for sealed choices, so ${which} cannot be sealed again now.`
    : `In ${now} only the choices of "${STAGE_NAMES[open]}" (the ones the coming step uses) can be sealed again, not ${which}.`;
}

/** The last step that uses the seal of `stage`; once it has run, that seal is final. */
export function lastStepUsing(stage: SealedStage): DrawStep | undefined {
  return ({ 2: undefined, 11: 15, 20: 21, 30: 31 } as const)[stage];
}
