import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { estateAccess } from '../../platform/route-access.js';
import { errorResponses, estateParams, router } from '../../platform/http.js';
import * as stages from './service.js';

const commitmentSchema = z.object({ step: z.number(), commitment: z.string(), secret: z.string().nullable() });

export function stageRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = router(app);

  r.post('/api/estates/:eid/stage', {
    config: { action: 'estate.stage' },
    schema: {
      tags: ['stages'],
      params: estateParams,
      body: z.strictObject({ to: z.number().int() }),
      response: { 200: z.object({ stage: z.number() }), ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => {
      const access = estateAccess(req);
      return { stage: await stages.moveStage(ctx, access, req.body.to) };
    },
  });

  const moveOption = z.union([
    z.object({ to: z.number(), allowed: z.literal(true) }),
    z.object({ to: z.number(), allowed: z.literal(false), code: z.string(), params: z.record(z.string(), z.number().nullable()).optional() }),
  ]);
  r.get('/api/estates/:eid/stage/moves', {
    config: { action: 'estate.stage' },
    schema: {
      tags: ['stages'],
      description: 'The forward and backward moves from the current stage, each allowed or refused with a reason code (extension of api.md).',
      params: estateParams,
      response: { 200: z.object({ forward: moveOption.nullable(), back: moveOption.nullable() }), ...errorResponses(400, 401, 403, 404) },
    },
    handler: (req) => stages.listMoves(ctx, estateAccess(req)),
  });

  r.get('/api/estates/:eid/commitments', {
    config: { action: 'commitment.view' },
    schema: { tags: ['stages'], params: estateParams, response: { 200: z.object({ commitments: z.array(commitmentSchema) }), ...errorResponses(400, 401, 403, 404) } },
    handler: async (req) => {
      const access = estateAccess(req);
      return { commitments: await stages.listCommitments(ctx, access.estate.id) };
    },
  });
}
