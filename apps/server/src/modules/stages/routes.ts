import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { commitmentsAnswer, stageJobsAnswer, stageMoveAnswer, stageMovesAnswer } from '@estate/domain/schemas/stages';
import type { AppContext } from '../../platform/context.js';
import { estateAccess } from '../../platform/route-access.js';
import { errorResponses, estateParams, router } from '../../platform/http.js';
import * as stages from './service.js';

export function stageRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = router(app);

  r.post('/api/estates/:eid/stage', {
    config: { action: 'estate.stage' },
    schema: {
      tags: ['stages'],
      params: estateParams,
      body: z.strictObject({ to: z.number().int() }),
      response: { 200: stageMoveAnswer, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => {
      const access = estateAccess(req);
      return { stage: await stages.moveStage(ctx, access, req.body.to) };
    },
  });

  r.get('/api/estates/:eid/stage/moves', {
    config: { action: 'estate.stage' },
    schema: {
      tags: ['stages'],
      description: 'The forward and backward moves from the current stage, each allowed or refused with a reason code (extension of api.md).',
      params: estateParams,
      response: { 200: stageMovesAnswer, ...errorResponses(400, 401, 403, 404) },
    },
    handler: (req) => stages.listMoves(ctx, estateAccess(req)),
  });

  r.get('/api/estates/:eid/stage/jobs', {
    config: { action: 'estate.stage' },
    schema: {
      tags: ['stages'],
      description:
        'The slow work the last stage moves set off (stage 90\'s report files): waiting, running, done, or failed and tried again up to three times (extension of api.md).',
      params: estateParams,
      response: { 200: stageJobsAnswer, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => ({ jobs: await stages.listJobs(ctx, estateAccess(req)) }),
  });

  r.get('/api/estates/:eid/commitments', {
    config: { action: 'commitment.view' },
    schema: { tags: ['stages'], params: estateParams, response: { 200: commitmentsAnswer, ...errorResponses(400, 401, 403, 404) } },
    handler: async (req) => {
      const access = estateAccess(req);
      return { commitments: await stages.listCommitments(ctx, access.estate.id) };
    },
  });
}
