import type { FastifyInstance } from 'fastify';
import { createEstateBody, updateEstateBody } from '@estate/domain/schemas/estate';
import { estateAnswer, estatesAnswer, stageAnswer } from '@estate/domain/schemas/estates';
import type { AppContext } from '../../platform/context.js';
import { caller, estateAccess } from '../../platform/route-access.js';
import { errorResponses, estateParams, router } from '../../platform/http.js';
import * as estates from './service.js';

export function estateRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = router(app);

  r.post('/api/estates', {
    config: { action: 'account' },
    schema: { tags: ['estates'], body: createEstateBody, response: { 201: estateAnswer, ...errorResponses(400, 401, 403) } },
    handler: async (req, reply) => {
      const user = caller(req);
      return reply.code(201).send({ estate: await estates.createEstate(ctx, user, req.body.name, { timeZone: req.body.timeZone, currency: req.body.currency }) });
    },
  });

  r.get('/api/estates', {
    config: { action: 'account' },
    schema: { tags: ['estates'], response: { 200: estatesAnswer, ...errorResponses(401, 403) } },
    handler: async (req) => ({ estates: await estates.listEstates(ctx, caller(req)) }),
  });

  r.get('/api/estates/:eid', {
    config: { action: 'estate.view' },
    schema: { tags: ['estates'], params: estateParams, response: { 200: estateAnswer, ...errorResponses(400, 401, 403, 404) } },
    handler: (req) => ({ estate: estates.toEstateDto(estateAccess(req).estate) }),
  });

  r.patch('/api/estates/:eid', {
    config: { action: 'estate.update' },
    schema: {
      tags: ['estates'],
      params: estateParams,
      body: updateEstateBody,
      response: { 200: estateAnswer, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => {
      const access = estateAccess(req);
      return { estate: await estates.updateEstate(ctx, access, req.body) };
    },
  });

  r.get('/api/estates/:eid/stage', {
    config: { action: 'estate.view' },
    schema: { tags: ['stages'], params: estateParams, response: { 200: stageAnswer, ...errorResponses(400, 401, 403, 404) } },
    handler: (req) => estates.stageOf(estateAccess(req).estate),
  });
}
