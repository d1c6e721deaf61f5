/** The settlement statement (api.md "Settlement, history, questions"; distribution.md "Settlement"). */
import type { FastifyInstance } from 'fastify';
import { settlementAnswer, settlementWeightsBody } from '@estate/domain/schemas/settlement';
import type { AppContext } from '../../platform/context.js';
import { errorResponses, estateParams, router } from '../../platform/http.js';
import { estateAccess } from '../../platform/route-access.js';
import { getSettlement } from './get-settlement.js';
import { setWeights } from './set-weights.js';

export function settlementRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = router(app);
  const tags = ['settlement'];

  r.get('/api/estates/:eid/settlement', {
    config: { action: 'settlement.view' },
    schema: {
      tags,
      description: 'Each receiver’s share of the value divided, what they received, and the payments that would even it out (from stage 40). Trustees and observers see every row; a beneficiary the totals, their own row and their payments. Amounts in minor units.',
      params: estateParams,
      response: { 200: settlementAnswer, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => getSettlement(ctx, estateAccess(req)),
  });

  r.put('/api/estates/:eid/settlement/weights', {
    config: { action: 'settlement.weights' },
    schema: {
      tags,
      description: 'The trustee sets each receiver’s weight (whole numbers ≥ 1, every receiver once; 1 each is equal shares), until the estate is closed. Logged with before and after.',
      params: estateParams,
      body: settlementWeightsBody,
      response: { 200: settlementAnswer, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => setWeights(ctx, estateAccess(req), req.body),
  });
}
