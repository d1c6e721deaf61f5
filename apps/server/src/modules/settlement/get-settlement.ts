/** `GET /api/estates/:eid/settlement`: the statement as the caller may see it (from stage 40). */
import type { SettlementAnswer } from '@estate/domain/schemas/settlement';
import type { EstateAccess } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { settlementAnswerFor } from './answer.js';
import { loadStatement } from './load.js';

export async function getSettlement(ctx: AppContext, access: EstateAccess): Promise<SettlementAnswer> {
  return settlementAnswerFor(await loadStatement(ctx.db, access.estate.id), access);
}
