import type { FastifyInstance } from 'fastify';
import { quickPanelAnswer } from '@estate/domain/schemas/quick-panel';
import type { AppContext } from '../../platform/context.js';
import { estateAccess } from '../../platform/route-access.js';
import { errorResponses, estateParams, router } from '../../platform/http.js';
import { quickPanelEvents } from './service.js';

export function quickPanelRoutes(app: FastifyInstance, ctx: AppContext): void {
  router(app).get('/api/estates/:eid/quick-panel', {
    config: { action: 'activity.view' },
    schema: {
      tags: ['activity'],
      params: estateParams,
      response: { 200: quickPanelAnswer, ...errorResponses(401, 403, 404) },
    },
    handler: async (req) => ({ events: await quickPanelEvents(ctx, estateAccess(req)) }),
  });
}
