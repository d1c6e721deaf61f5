/** Estate stages (seed section 4, product.md "Estate stages"). Moves go forward in this order. */
export const Stage = {
  Initial: 0,
  Cataloging: 1,
  Approve: 2,
  Directives: 10,
  Interest: 11,
  ConfirmHighInterest: 12,
  DistributionReview: 13,
  AssignUnwanted: 14,
  AssignOnlyOne: 15,
  Ranking: 20,
  AssignHighInterest: 21,
  Tokens: 30,
  AssignRemaining: 31,
  AssignmentCompleted: 40,
  Distribution: 41,
  DistributionCompleted: 42,
  Finalizing: 90,
  Completed: 99,
} as const;

export type StageCode = (typeof Stage)[keyof typeof Stage];

export const STAGE_ORDER: readonly StageCode[] = [
  0, 1, 2, 10, 11, 12, 13, 14, 15, 20, 21, 30, 31, 40, 41, 42, 90, 99,
];

/** English names from the seed; translations live in the web app's locale files under `stage.<code>.name`. */
export const STAGE_NAMES: Record<StageCode, string> = {
  0: 'Initial',
  1: 'Cataloging Assets',
  2: 'Beneficiaries Approve All Items',
  10: 'Processing Written Directives',
  11: 'Express Your Interest In Items',
  12: 'Confirm High Interest Items',
  13: 'Distribution Assignment',
  14: 'Assign Unwanted Items',
  15: 'Assign Only One Interested',
  20: 'High Interest Ranking',
  21: 'Assign High Interest Items',
  30: 'Allocate Priority Tokens',
  31: 'Assign Remaining Items',
  40: 'Beneficiary Assignment Completed',
  41: 'Beneficiary Distribution',
  42: 'Beneficiary Distribution Completed',
  90: 'Estate Distribution Finalizing',
  99: 'Estate Distribution Completed',
};

/** Stages that may carry a deadline. */
export const DEADLINE_STAGES: readonly StageCode[] = [Stage.Approve, Stage.Interest, Stage.Ranking, Stage.Tokens];

/** Automated steps run by the trustee; each writes a draw record. */
export const AUTOMATED_STAGES: readonly StageCode[] = [
  Stage.AssignUnwanted,
  Stage.AssignOnlyOne,
  Stage.AssignHighInterest,
  Stage.AssignRemaining,
];

export function isStageCode(value: number): value is StageCode {
  return (STAGE_ORDER as readonly number[]).includes(value);
}

export function nextStage(stage: StageCode): StageCode | undefined {
  return STAGE_ORDER[STAGE_ORDER.indexOf(stage) + 1];
}

export function previousStage(stage: StageCode): StageCode | undefined {
  const i = STAGE_ORDER.indexOf(stage);
  return i > 0 ? STAGE_ORDER[i - 1] : undefined;
}

/** Stages from `from` (inclusive) up to but excluding `to`, in order. */
export function stagesBetween(from: StageCode, to: StageCode): StageCode[] {
  return STAGE_ORDER.filter((s) => s >= from && s < to);
}
