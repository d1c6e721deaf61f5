import type { FastifyInstance } from 'fastify';
import {
  acceptAgreementBody,
  acceptanceAnswer,
  agreementKindSchema,
  agreementsAnswer,
  consentOverviewAnswer,
  publishAgreementBody,
  publishedAgreementAnswer,
} from '@estate/domain/schemas/agreements';
import type { AppContext } from '../../platform/context.js';
import { estateAccess } from '../../platform/route-access.js';
import { errorResponses, estateParams, router } from '../../platform/http.js';
import { requestLanguage } from '../../platform/refusals.js';
import * as agreements from './service.js';

const errors = errorResponses(400, 401, 403, 404, 409);

export function agreementRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = router(app);

  // The documents in the request's language (Accept-Language: en, tr or ar), with the caller's acceptance.
  r.get('/api/estates/:eid/agreements', {
    config: { action: 'agreement.view' },
    schema: { tags: ['consent'], params: estateParams, response: { 200: agreementsAnswer, ...errors } },
    handler: async (req) => agreements.listAgreements(ctx, estateAccess(req), requestLanguage(req)),
  });

  r.post('/api/estates/:eid/agreements/:kind/accept', {
    config: { action: 'agreement.accept' },
    schema: {
      tags: ['consent'],
      params: estateParams.extend({ kind: agreementKindSchema }),
      body: acceptAgreementBody,
      response: { 201: acceptanceAnswer, ...errors },
    },
    handler: async (req, reply) => {
      const acceptance = await agreements.accept(ctx, estateAccess(req), req.params.kind, req.body.version);
      return reply.code(201).send({ acceptance });
    },
  });

  // Extension of api.md: the trustee publishes a new version of the Agreement (before stage 2).
  r.post('/api/estates/:eid/agreements/agreement/versions', {
    config: { action: 'agreement.publish' },
    schema: {
      tags: ['consent'],
      params: estateParams,
      body: publishAgreementBody,
      response: { 201: publishedAgreementAnswer, ...errors },
    },
    handler: async (req, reply) => {
      const agreement = await agreements.publishAgreement(ctx, estateAccess(req), req.body, requestLanguage(req));
      return reply.code(201).send({ agreement });
    },
  });

  // Extension of api.md: who accepted which version, and when (trustees and observers).
  r.get('/api/estates/:eid/agreements/acceptances', {
    config: { action: 'agreement.viewAll' },
    schema: { tags: ['consent'], params: estateParams, response: { 200: consentOverviewAnswer, ...errors } },
    handler: async (req) => agreements.consentOverview(ctx, estateAccess(req).estate.id),
  });
}
