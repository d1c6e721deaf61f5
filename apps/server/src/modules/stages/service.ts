/** Moving the estate through its stages, and what happens on the way (commitments at stage 11). */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { decideMove, moveOptions, type MoveRefusal, type StageFacts } from '@estate/domain/stage-machine';
import { Role } from '@estate/domain/roles';
import { STAGE_NAMES, Stage, isStageCode, nextStage, type StageCode } from '@estate/domain/stages';
import { queryRows, type Db } from '../../db/client.js';
import { approvals, deadlines, drawRecords, drawSecrets, estates, items, memberships, participation } from '../../db/schema.js';
import { recordActivity } from '../../platform/activity.js';
import type { EstateAccess } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, says, type Says } from '../../platform/errors.js';
import { inEstate } from '../../platform/tenancy.js';
import { recommendHighInterest } from '../participation/service.js';
import { mailWhoseTurnItIs } from './your-turn.js';
import { sealOnStageMove } from '../input-commitments/seal.js';
import { generateReportsAfterMove } from '../closing/service.js';
import { openHandoverCount } from '../handover/service.js';

/** Steps that use randomness; each gets its own committed secret. */
const RANDOMISED_STEPS = [Stage.AssignHighInterest, Stage.AssignRemaining] as const;

/**
 * Beneficiaries who have neither answered every item of the review nor said they are done with it.
 */
async function reviewWaiting(db: Db, estateId: string): Promise<number> {
  const [row] = await queryRows<{ waiting: number }>(db, sql`
    select count(*)::int as waiting from ${memberships} m
    where m.estate_id = ${estateId} and ${Role.Beneficiary} = any(m.roles)
      and not exists (select 1 from ${participation} p
        where p.estate_id = m.estate_id and p.member_id = m.user_id and p.stage = ${Stage.Approve})
      and (select count(*) from ${approvals} a where a.estate_id = m.estate_id and a.member_id = m.user_id)
        < (select count(*) from ${items} i where i.estate_id = m.estate_id)`);
  return row?.waiting ?? 0;
}

async function stageFacts(db: Db, estateId: string, from: StageCode): Promise<StageFacts> {
  const steps = await db.select({ step: drawRecords.step }).from(drawRecords).where(inEstate(drawRecords, estateId));
  const passed = await db.select({ stage: deadlines.stage }).from(deadlines).where(inEstate(deadlines, estateId, isNotNull(deadlines.processedAt)));
  return {
    stepsRun: steps.map((r) => r.step).filter(isStageCode),
    deadlinesPassed: passed.map((r) => r.stage).filter(isStageCode),
    ...(from === Stage.Approve ? { reviewWaiting: await reviewWaiting(db, estateId) } : {}),
    ...(from === Stage.Distribution ? { handoverOpen: await openHandoverCount(db, estateId) } : {}),
  };
}

/** The moves a trustee could make now, each allowed or refused with its reason (the control panel). */
export async function listMoves(ctx: AppContext, access: EstateAccess) {
  return moveOptions(access.stage, await stageFacts(ctx.db, access.estate.id, access.stage));
}

/** Makes the secrets once, publishing only their SHA-256 (the commitment) to every member. */
async function commitSecrets(tx: Db, estateId: string, actorId: string | null) {
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
  const decision = decideMove(from, to, await stageFacts(ctx.db, estateId, from));
  if (!decision.ok) throw new AppError('wrong_stage', { ...moveRefusal(decision), english: decision.reason });
  await ctx.db.transaction(async (tx) => {
    await applyStageMove(tx, estateId, from, to, access.user.id, decision.direction);
    await sealOnStageMove(tx, { estateId, from, to, direction: decision.direction, actorId: access.user.id, now: ctx.now() });
  });
  // Reaching the final accounting makes its report files (stage 90), before anyone is told.
  if (to === Stage.Finalizing && decision.direction === 'forward') await generateReportsAfterMove(ctx, estateId, access.user.id);
  await ctx.events.publish({ type: 'stage', estateId, data: { stage: to, name: STAGE_NAMES[to] } });
  if (decision.direction === 'forward') ctx.mailer.inBackground(() => mailWhoseTurnItIs(ctx, estateId, to, access.user.id));
  return to;
}

/**
 * Writes a decided move: conditional on the stage we decided from (two trustees clicking at once
 * cannot both move it), logged, with what entering the new stage sets off. `actorId` null = the
 * scheduler, at a deadline.
 */
export async function applyStageMove(tx: Db, estateId: string, from: StageCode, to: StageCode, actorId: string | null, direction: 'forward' | 'back') {
  const [moved] = await tx.update(estates).set({ stage: to }).where(and(eq(estates.id, estateId), eq(estates.stage, from))).returning();
  if (!moved) throw new AppError('conflict', says('stages.changedMeanwhile'));
  await recordActivity(tx, {
    estateId,
    actorId,
    action: direction === 'forward' ? 'stage.advanced' : 'stage.stepped-back',
    entity: 'estate',
    entityId: estateId,
    field: 'stage',
    from: { code: from, name: STAGE_NAMES[from] },
    to: { code: to, name: STAGE_NAMES[to] },
  });
  if (to === Stage.Interest) await commitSecrets(tx, estateId, actorId);
  // Forward only: stepping back from 13 must not bring back flags the trustee removed.
  if (to === Stage.ConfirmHighInterest && direction === 'forward') await recommendHighInterest({ db: tx }, estateId, actorId);
}

/** The scheduler's move at a deadline with "advance automatically"; skipped when the rules say no. */
export async function advanceAtDeadline(tx: Db, estateId: string, from: StageCode): Promise<StageCode | undefined> {
  const to = nextStage(from);
  if (to === undefined) return undefined;
  const decision = decideMove(from, to, await stageFacts(tx, estateId, from));
  if (!decision.ok) return undefined;
  await applyStageMove(tx, estateId, from, to, null, 'forward');
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
