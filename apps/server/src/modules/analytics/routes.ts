import type { FastifyInstance } from 'fastify';
import { analyticsAnswer } from '@estate/domain/schemas/analytics';
import type { AppContext } from '../../platform/context.js';
import { estateAccess } from '../../platform/route-access.js';
import { errorResponses, estateParams, router } from '../../platform/http.js';
import { estateAnalytics } from './service.js';

export function analyticsRoutes(app: FastifyInstance, ctx: AppContext): void {
  router(app).get('/api/estates/:eid/analytics', {
    config: { action: 'analytics.view' },
    schema: {
      tags: ['reports'],
      summary: 'The estate in figures: catalogue, participation, interest, assignments (trustees and observers)',
      params: estateParams,
      response: { 200: analyticsAnswer, ...errorResponses(401, 403, 404) },
    },
    handler: async (req) => ({ analytics: await estateAnalytics(ctx, estateAccess(req).estate.id) }),
  });
}
