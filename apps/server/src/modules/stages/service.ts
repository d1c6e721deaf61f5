/**
 * Moving the estate through its stages. What a move requires and sets off is the process table
 * (`@estate/domain/process`), run by `ctx.process`; this module answers the trustee's requests and
 * owns the draw secrets' commitments that entering 11 makes.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { MoveRefusal } from '@estate/domain/stage-machine';
import { STAGE_NAMES, Stage, isStageCode } from '@estate/domain/stages';
import type { Db } from '../../db/client.js';
import { drawSecrets } from '../../db/schema.js';
import { recordActivity } from '../../platform/activity.js';
import type { EstateAccess } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, says, type Says } from '../../platform/errors.js';
import { inEstate } from '../../platform/tenancy.js';

/** Steps that use randomness; each gets its own committed secret. */
const RANDOMISED_STEPS = [Stage.AssignHighInterest, Stage.AssignRemaining] as const;

/** The moves a trustee could make now, each allowed or refused with its reason (the control panel). */
export async function listMoves(ctx: AppContext, access: EstateAccess) {
  return ctx.process.options(ctx.db, access.estate.id, access.stage);
}

/** The slow work the last moves set off (stage 90's report files), with how far it has got. */
export async function listJobs(ctx: AppContext, access: EstateAccess) {
  return ctx.process.jobsOf(ctx.db, access.estate.id);
}

/** Makes the secrets once, publishing only their SHA-256 (the commitment) to every member. */
export async function commitSecrets(tx: Db, estateId: string, actorId: string | null) {
  for (const step of RANDOMISED_STEPS) {
    const secret = randomBytes(32);
    const commitment = createHash('sha256').update(secret).digest('hex');
    const [created] = await tx
      .insert(drawSecrets)
      .values({ estateId, step, secret: secret.toString('hex'), commitment })
      .onConflictDoNothing()
      .returning({ commitment: drawSecrets.commitment });
    if (created) {
      await recordActivity(tx, { estateId, actorId, action: 'draw.committed', entity: 'draw', entityId: String(step), field: 'commitment', to: created.commitment });
    }
  }
}

export async function listCommitments(ctx: AppContext, estateId: string) {
  const rows = await ctx.db
    .select({ step: drawSecrets.step, commitment: drawSecrets.commitment, revealedAt: drawSecrets.revealedAt, secret: drawSecrets.secret })
    .from(drawSecrets)
    .where(inEstate(drawSecrets, estateId));
  // The secret itself is shown only after its step has run.
  return rows.map((r) => ({ step: r.step, commitment: r.commitment, secret: r.revealedAt ? r.secret : null }));
}

export async function moveStage(ctx: AppContext, access: EstateAccess, to: number) {
  const estateId = access.estate.id;
  const from = access.stage;
  if (!isStageCode(to)) {
    throw new AppError('validation_failed', says('stages.notAStage'), { to: says('stages.notAStageField') });
  }
  const decision = await ctx.process.decide(ctx.db, estateId, from, to);
  if (!decision.ok) throw new AppError('wrong_stage', { ...moveRefusal(decision), english: decision.reason });
  const move = { estateId, from, to, direction: decision.direction, actorId: access.user.id, now: ctx.now() };
  await ctx.db.transaction((tx) => ctx.process.apply(ctx, tx, move));
  await ctx.events.publish({ type: 'stage', estateId, data: { stage: to, name: STAGE_NAMES[to] } });
  ctx.process.afterCommit(ctx, move);
  return to;
}

/** A refused stage move as a stable reason with its parameters (the domain's `MoveRefusal`), for every language. */
function moveRefusal(refusal: MoveRefusal): Says {
  switch (refusal.code) {
    case 'already-there':
      return says('move.alreadyThere');
    case 'step-not-run':
      return says('move.stepNotRun', refusal.params);
    case 'review-incomplete':
      return says('move.reviewIncomplete', refusal.params);
    case 'handover-incomplete':
      return says('move.handoverIncomplete', refusal.params);
    case 'results-published':
      return says('move.resultsPublished');
    case 'step-already-run':
      return says('move.stepAlreadyRun', refusal.params);
    case 'deadline-passed':
      return says('move.deadlinePassed', refusal.params);
    case 'would-repeat-step':
      return says('move.wouldRepeat', refusal.params);
    case 'one-at-a-time':
      return refusal.params.next === null ? says('move.lastStage') : says('move.oneAtATime', { nextStage: refusal.params.next });
  }
}
