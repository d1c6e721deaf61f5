import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireEstateAccess } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
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
    schema: {
      tags: ['activity'],
      params: estateParams,
      querystring: z.strictObject({ cursor: z.uuid().optional(), limit: z.coerce.number().int().min(1).max(200).default(50) }),
      response: { 200: z.object({ events: z.array(eventSchema), nextCursor: z.string().nullable() }), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => {
      const access = await requireEstateAccess(ctx, req, req.params.eid, 'activity.view');
      return listActivity(ctx, access, req.query.cursor, req.query.limit);
    },
  });
}
