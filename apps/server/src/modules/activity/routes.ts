import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { activityAnswer } from '@estate/domain/schemas/activity';
import type { AppContext } from '../../platform/context.js';
import { estateAccess } from '../../platform/route-access.js';
import { errorResponses, estateParams, router } from '../../platform/http.js';
import { listActivity } from './service.js';

export function activityRoutes(app: FastifyInstance, ctx: AppContext): void {
  router(app).get('/api/estates/:eid/activity', {
    config: { action: 'activity.view' },
    schema: {
      tags: ['activity'],
      params: estateParams,
      querystring: z.strictObject({
        cursor: z.uuid().optional(),
        limit: z.coerce.number().int().min(1).max(200).default(50),
        /** Only entries of this action (e.g. `estate.support-opened`, the administrator's visits). */
        action: z.string().regex(/^[a-z-]+\.[a-z-]+$/, { message: 'Not a valid action.' }).max(64).optional(),
      }),
      response: { 200: activityAnswer, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => {
      const access = estateAccess(req);
      return listActivity(ctx, access, req.query.cursor, req.query.limit, req.query.action);
    },
  });
}
