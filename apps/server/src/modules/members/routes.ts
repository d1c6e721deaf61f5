import type { FastifyInstance } from 'fastify';
import { membersAnswer } from '@estate/domain/schemas/members';
import type { AppContext } from '../../platform/context.js';
import { estateAccess } from '../../platform/route-access.js';
import { errorResponses, estateParams, router } from '../../platform/http.js';
import { listMembers } from './service.js';

export function memberRoutes(app: FastifyInstance, ctx: AppContext): void {
  router(app).get('/api/estates/:eid/members', {
    config: { action: 'member.list' },
    schema: { tags: ['members'], params: estateParams, response: { 200: membersAnswer, ...errorResponses(400, 401, 403, 404) } },
    handler: async (req) => {
      const access = estateAccess(req);
      return { members: await listMembers(ctx, access.estate.id) };
    },
  });
}
