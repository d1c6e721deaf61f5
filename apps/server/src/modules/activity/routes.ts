import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { estateAccess } from '../../platform/route-access.js';
import { errorResponses, estateParams, router } from '../../platform/http.js';
import { listActivity } from './service.js';

const eventSchema = z.object({
  id: z.string(),
  actorName: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  field: z.string().nullable(),
  from: z.unknown(),
  to: z.unknown(),
  at: z.string(),
});

export function activityRoutes(app: FastifyInstance, ctx: AppContext): void {
  router(app).get('/api/estates/:eid/activity', {
    config: { action: 'activity.view' },
    schema: {
      tags: ['activity'],
      params: estateParams,
      querystring: z.strictObject({ cursor: z.uuid().optional(), limit: z.coerce.number().int().min(1).max(200).default(50) }),
      response: { 200: z.object({ events: z.array(eventSchema), nextCursor: z.string().nullable() }), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => {
      const access = estateAccess(req);
      return listActivity(ctx, access, req.query.cursor, req.query.limit);
    },
  });
}
