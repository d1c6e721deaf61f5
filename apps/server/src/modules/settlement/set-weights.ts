/**
 * `PUT /api/estates/:eid/settlement/weights`: the trustee sets each receiver's share (whole numbers
 * ≥ 1, every receiver once). Stored in `settlement_weights` on the locked estate row, with the
 * weights before and after in the activity log (trustees and observers: a beneficiary sees only their
 * own row of the statement, so not everyone's weights either).
 */
import type { SettlementAnswer, SettlementWeightsBody } from '@estate/domain/schemas/settlement';
import { settlementWeights } from '../../db/schema.js';
import { recordActivity } from '../../platform/activity.js';
import type { EstateAccess } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { recheckAccess } from '../../platform/pool.js';
import { inEstate } from '../../platform/tenancy.js';
import { settlementAnswerFor } from './answer.js';
import { loadStatement } from './load.js';

export async function setWeights(ctx: AppContext, access: EstateAccess, body: SettlementWeightsBody): Promise<SettlementAnswer> {
  const estateId = access.estate.id;
  await ctx.db.transaction(async (tx) => {
    // A stage move or another trustee's change waits; closed in the meantime → refused here.
    await recheckAccess(tx, access, 'settlement.weights', { mode: 'update' });
    const { statement, names, stored } = await loadStatement(tx, estateId);
    const receivers = statement.people.map((p) => p.memberId);
    const isReceiver = new Set(receivers);

    const fields: Record<string, string> = {};
    const given = new Map<string, number>();
    body.weights.forEach((w, k) => {
      if (!isReceiver.has(w.memberId)) fields[`weights.${k}.memberId`] = 'This person does not receive items in this estate.';
      else if (given.has(w.memberId)) fields[`weights.${k}.memberId`] = `${names.get(w.memberId) ?? 'This person'} is named more than once.`;
      else given.set(w.memberId, w.weight);
    });
    const missing = receivers.filter((id) => !given.has(id));
    if (missing.length > 0) fields.weights = `Give a weight for every receiver; missing: ${missing.map((id) => names.get(id) ?? id).join(', ')}.`;
    if (Object.keys(fields).length > 0) throw new AppError('validation_failed', 'Give every receiver one weight, a whole number of 1 or more.', fields);

    const before = Object.fromEntries(receivers.map((id) => [id, stored[id] ?? 1]));
    const after = Object.fromEntries(receivers.map((id) => [id, given.get(id)!]));
    if (receivers.every((id) => before[id] === after[id])) return;

    await tx.delete(settlementWeights).where(inEstate(settlementWeights, estateId));
    const rows = receivers.filter((id) => after[id] !== 1).map((id) => ({ estateId, memberId: id, weight: after[id]!, updatedBy: access.user.id, updatedAt: ctx.now() }));
    if (rows.length > 0) await tx.insert(settlementWeights).values(rows);
    await recordActivity(tx, { estateId, actorId: access.user.id, action: 'settlement.weights-changed', entity: 'estate', entityId: estateId, field: 'settlementWeights', from: before, to: after, visibility: 'trustees' });
  });
  return settlementAnswerFor(await loadStatement(ctx.db, estateId), access);
}
