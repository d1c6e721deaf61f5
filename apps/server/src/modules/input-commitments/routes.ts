/**
 * Inputs commitment (api.md): the sealed roots for every member, a receiver's own proof, and the
 * trustee's explicit re-seal (an extension of api.md, listed in the README).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isSealedStage } from '@estate/domain/draw/input-commitment';
import { commitmentListAnswer, inclusionProofAnswer, renewAnswer } from '@estate/domain/schemas/input-commitments';
import type { AppContext } from '../../platform/context.js';
import { errorResponses, estateParams, router } from '../../platform/http.js';
import { estateAccess } from '../../platform/route-access.js';
import { listCommitments } from './list.js';
import { myInclusionProof } from './mine.js';
import { renewCommitment } from './renew.js';

const errors = errorResponses(400, 401, 403, 404, 409);
const sealedStageParams = estateParams.extend({
  stage: z.coerce
    .number({ message: 'Not a stage number.' })
    .int({ message: 'Not a stage number.' })
    .refine(isSealedStage, { message: 'Choices are sealed for stages 2, 11, 20 and 30.' }),
});
/** The sealed stage a `/input-commitments/:stage/…` route addresses, for the policy. */
const stageInPath = (req: FastifyRequest) => ({ stage: Number((req.params as { stage?: string }).stage) });

export function inputCommitmentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = router(app);

  r.get('/api/estates/:eid/input-commitments', {
    config: { action: 'inputs.commitment.view' },
    schema: { tags: ['draws'], params: estateParams, response: { 200: commitmentListAnswer, ...errors } },
    handler: async (req) => {
      const access = estateAccess(req);
      return { commitments: await listCommitments(ctx, access.estate.id) };
    },
  });

  r.get('/api/estates/:eid/input-commitments/:stage/mine', {
    config: { action: 'inputs.commitment.mine' },
    schema: { tags: ['draws'], params: sealedStageParams, response: { 200: inclusionProofAnswer, ...errors } },
    handler: async (req) => {
      const access = estateAccess(req);
      return myInclusionProof(ctx, access, req.params.stage);
    },
  });

  r.post('/api/estates/:eid/input-commitments/:stage/renew', {
    config: { action: 'inputs.commitment.renew', resource: stageInPath },
    schema: {
      tags: ['draws'],
      description:
        'Extension of api.md: the trustee seals the choices of a stage again (new salts, new root, logged for every member) when the pool changed after sealing and the coming step refuses with 409.',
      params: sealedStageParams,
      body: z.strictObject({}).nullish(),
      response: { 200: renewAnswer, ...errors },
    },
    handler: async (req) => {
      const access = estateAccess(req);
      return renewCommitment(ctx, access, req.params.stage);
    },
  });
}
