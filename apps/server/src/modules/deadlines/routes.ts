import type { FastifyInstance } from 'fastify';
import { deadlineBody } from '@estate/domain/schemas/approval';
import { deadlineAnswer, deadlinesAnswer } from '@estate/domain/schemas/deadlines';
import type { AppContext } from '../../platform/context.js';
import { estateAccess } from '../../platform/route-access.js';
import { errorResponses, estateParams, noContent, router, stageParams } from '../../platform/http.js';
import * as deadlines from './service.js';

const errors = errorResponses(400, 401, 403, 404, 409);

export function deadlineRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = router(app);

  r.get('/api/estates/:eid/deadlines', {
    config: { action: 'deadline.view' },
    schema: { tags: ['stages'], params: estateParams, response: { 200: deadlinesAnswer, ...errors } },
    handler: async (req) => {
      const access = estateAccess(req);
      return { deadlines: await deadlines.listDeadlines(ctx, access.estate.id) };
    },
  });

  r.put('/api/estates/:eid/deadlines/:stage', {
    config: { action: 'deadline.set' },
    schema: { tags: ['stages'], params: stageParams, body: deadlineBody, response: { 200: deadlineAnswer, ...errors } },
    handler: async (req) => {
      const access = estateAccess(req);
      return { deadline: await deadlines.setDeadline(ctx, access, req.params.stage, new Date(req.body.dueAt), req.body.autoAdvance) };
    },
  });

  r.delete('/api/estates/:eid/deadlines/:stage', {
    config: { action: 'deadline.set' },
    schema: { tags: ['stages'], params: stageParams, response: { 204: noContent, ...errors } },
    handler: async (req, reply) => {
      const access = estateAccess(req);
      await deadlines.removeDeadline(ctx, access, req.params.stage);
      return reply.code(204).send(null);
    },
  });
}
