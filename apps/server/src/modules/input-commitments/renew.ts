/**
 * The trustee seals a stage's choices again, explicitly and in the log, when the pool changed after
 * sealing (an item with hearts held or deleted) and the coming step refuses to run on choices that
 * no longer match. New salts, a new root, and every member is told both roots and the time.
 */
import { lastStepUsing, type SealedStage } from '@estate/domain/draw/input-commitment';
import { STAGE_NAMES } from '@estate/domain/stages';
import { eq } from 'drizzle-orm';
import { drawRecords } from '../../db/schema.js';
import type { EstateAccess } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, says } from '../../platform/errors.js';
import { recheckAccess } from '../../platform/pool.js';
import { inEstate } from '../../platform/tenancy.js';
import { sealInputs } from './seal.js';

export async function renewCommitment(ctx: AppContext, access: EstateAccess, stage: number) {
  const estateId = access.estate.id;
  const outcome = await ctx.db.transaction(async (tx) => {
    // The stage under a row lock, so no step runs and no stage move happens meanwhile.
    await recheckAccess(tx, access, 'inputs.commitment.renew', { mode: 'update', facts: { stage } });
    const last = lastStepUsing(stage as SealedStage);
    if (last !== undefined) {
      const [ran] = await tx.select({ ranAt: drawRecords.ranAt }).from(drawRecords).where(inEstate(drawRecords, estateId, eq(drawRecords.step, last)));
      if (ran) {
        throw new AppError('conflict', says('inputs.alreadyUsed', { step: last }));
      }
    }
    return sealInputs(tx, { estateId, stage, actorId: access.user.id, now: ctx.now(), reason: 'renewed' });
  });
  if (outcome.sealed) await ctx.events.publish({ type: 'stage', estateId, data: { stage: access.stage, name: STAGE_NAMES[access.stage], inputsSealed: stage } });
  return { stage, inputCommitment: outcome.seal.root, frozenAt: outcome.seal.frozenAt.toISOString(), renewed: outcome.sealed };
}
