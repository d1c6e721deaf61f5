import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createEstateBody, estateSchema, updateEstateBody } from '@estate/domain/schemas/estate';
import { requireEstateAccess, requireUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { errorResponses, estateParams, router } from '../../platform/http.js';
import * as estates from './service.js';

const stageSchema = z.object({
  stage: z.number().int(),
  name: z.string(),
  deadline: z.string().optional(),
  next: z.object({ stage: z.number().int(), name: z.string() }).optional(),
});

export function estateRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = router(app);

  r.post('/api/estates', {
    schema: { tags: ['estates'], body: createEstateBody, response: { 201: z.object({ estate: estateSchema }), ...errorResponses(400, 401, 403) } },
    handler: async (req, reply) => {
      const user = await requireUser(ctx, req);
      return reply.code(201).send({ estate: await estates.createEstate(ctx, user, req.body.name) });
    },
  });

  r.get('/api/estates', {
    schema: { tags: ['estates'], response: { 200: z.object({ estates: z.array(estateSchema) }), ...errorResponses(401, 403) } },
    handler: async (req) => ({ estates: await estates.listEstates(ctx, await requireUser(ctx, req)) }),
  });

  r.get('/api/estates/:eid', {
    schema: { tags: ['estates'], params: estateParams, response: { 200: z.object({ estate: estateSchema }), ...errorResponses(400, 401, 403, 404) } },
    handler: async (req) => {
      const access = await requireEstateAccess(ctx, req, req.params.eid, 'estate.view');
      return { estate: estates.toEstateDto(access.estate) };
    },
  });

  r.patch('/api/estates/:eid', {
    schema: {
      tags: ['estates'],
      params: estateParams,
      body: updateEstateBody,
      response: { 200: z.object({ estate: estateSchema }), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => {
      const access = await requireEstateAccess(ctx, req, req.params.eid, 'estate.update');
      return { estate: await estates.updateEstate(ctx, access, req.body) };
    },
  });

  r.get('/api/estates/:eid/stage', {
    schema: { tags: ['stages'], params: estateParams, response: { 200: stageSchema, ...errorResponses(400, 401, 403, 404) } },
    handler: async (req) => estates.stageOf((await requireEstateAccess(ctx, req, req.params.eid, 'estate.view')).estate),
  });
}
