import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { activityAnswer } from '@estate/domain/schemas/activity';
import { ACTIVITY_CATEGORIES, itemHistoryAnswer } from '@estate/domain/schemas/history';
import type { AppContext } from '../../platform/context.js';
import { estateAccess } from '../../platform/route-access.js';
import { errorResponses, estateParams, router } from '../../platform/http.js';
import { itemHistory } from './history.js';
import { listActivity } from './service.js';

const itemParams = estateParams.extend({ iid: z.uuid() });

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
        /** What the entries are about (the Activity page's filters). */
        category: z.enum(ACTIVITY_CATEGORIES).optional(),
        itemId: z.uuid().optional(),
        /** Entries by or about this person. */
        memberId: z.uuid().optional(),
      }),
      response: { 200: activityAnswer, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => {
      const access = estateAccess(req);
      const { cursor, limit, ...filter } = req.query;
      return listActivity(ctx, access, cursor, limit, filter);
    },
  });

  router(app).get('/api/estates/:eid/items/:iid/history', {
    config: { action: 'item.history' },
    schema: {
      tags: ['activity'],
      params: itemParams,
      response: { 200: itemHistoryAnswer, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => itemHistory(ctx, estateAccess(req), req.params.iid),
  });
}
