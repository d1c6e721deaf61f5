import type { FastifyInstance } from 'fastify';
import { nextStepAnswer } from '@estate/domain/schemas/next-step';
import type { AppContext } from '../../platform/context.js';
import { estateAccess } from '../../platform/route-access.js';
import { errorResponses, estateParams, router } from '../../platform/http.js';
import { nextStepFor } from './service.js';

export function nextStepRoutes(app: FastifyInstance, ctx: AppContext): void {
  router(app).get('/api/estates/:eid/next-step', {
    config: { action: 'estate.view' },
    schema: { tags: ['estates'], params: estateParams, response: { 200: nextStepAnswer, ...errorResponses(401, 404) } },
    handler: async (req) => ({ nextStep: await nextStepFor(ctx, estateAccess(req)) }),
  });
}
