import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  adviceAnswer,
  doneAnswer,
  highInterestAnswer,
  interestAnswer,
  interestedMembersAnswer,
  myItemsAnswer,
  participationAnswer,
  rankingAnswer,
  recommendationsAnswer,
  tokensAnswer,
} from '@estate/domain/schemas/participation';
import { DEADLINE_STAGES } from '@estate/domain/stages';
import type { AppContext } from '../../platform/context.js';
import { estateAccess } from '../../platform/route-access.js';
import { errorResponses, estateParams, router, stageParams } from '../../platform/http.js';
import * as participation from './service.js';

const itemParams = estateParams.extend({ iid: z.uuid({ message: 'Not a valid item id.' }) });
/** The stages that ask for a member's input and can be "done": 2, 11, 20 and 30. */
const inputStageParams = estateParams.extend({
  stage: z.coerce
    .number({ message: 'Not a stage number.' })
    .refine((s) => (DEADLINE_STAGES as readonly number[]).includes(s), { message: 'Choose stage 2, 11, 20 or 30.' }),
});
/** These routes take no body; anything sent is refused rather than ignored. */
const noBody = z.strictObject({}).nullish();
const errors = errorResponses(400, 401, 403, 404, 409);

const rankingBody = z.strictObject({
  itemIds: z
    .array(z.uuid({ message: 'Not a valid item id.' }))
    .max(10, { message: 'Rank at most 10 items.' })
    .refine((ids) => new Set(ids).size === ids.length, { message: 'Each item can be ranked only once.' }),
});

const tokensBody = z.strictObject({
  allocations: z
    .array(
      z.strictObject({
        itemId: z.uuid({ message: 'Not a valid item id.' }),
        count: z.number().int({ message: 'Tokens are whole numbers.' }).min(0, { message: 'Tokens cannot be negative.' }).max(2, { message: 'At most 2 tokens can go on one item.' }),
      }),
    )
    .max(5000)
    .refine((list) => new Set(list.map((a) => a.itemId)).size === list.length, { message: 'Each item can appear only once.' }),
});

export function participationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = router(app);

  r.put('/api/estates/:eid/items/:iid/interest', {
    config: { action: 'interest.set' },
    schema: { tags: ['participation'], params: itemParams, body: noBody, response: { 200: interestAnswer, ...errors } },
    handler: async (req) => {
      const access = estateAccess(req);
      return participation.setInterest(ctx, access, req.params.iid, true);
    },
  });

  r.delete('/api/estates/:eid/items/:iid/interest', {
    config: { action: 'interest.set' },
    schema: { tags: ['participation'], params: itemParams, response: { 200: interestAnswer, ...errors } },
    handler: async (req) => {
      const access = estateAccess(req);
      return participation.setInterest(ctx, access, req.params.iid, false);
    },
  });

  r.get('/api/estates/:eid/items/:iid/interest', {
    config: { action: 'interest.viewWho' },
    schema: {
      tags: ['participation'],
      params: itemParams,
      response: { 200: interestedMembersAnswer, ...errors },
    },
    handler: async (req) => {
      const access = estateAccess(req);
      return participation.listInterested(ctx, access.estate.id, req.params.iid);
    },
  });

  r.get('/api/estates/:eid/advice', {
    config: { action: 'advice.view' },
    schema: {
      tags: ['participation'],
      params: estateParams,
      response: { 200: adviceAnswer, ...errors },
    },
    handler: async (req) => {
      const access = estateAccess(req);
      return participation.listAdvice(ctx, access);
    },
  });

  r.put('/api/estates/:eid/items/:iid/high-interest', {
    config: { action: 'highInterest.set' },
    schema: { tags: ['participation'], params: itemParams, body: noBody, response: { 200: highInterestAnswer, ...errors } },
    handler: async (req) => {
      const access = estateAccess(req);
      return participation.setHighInterest(ctx, access, req.params.iid, true);
    },
  });

  r.delete('/api/estates/:eid/items/:iid/high-interest', {
    config: { action: 'highInterest.set' },
    schema: { tags: ['participation'], params: itemParams, response: { 200: highInterestAnswer, ...errors } },
    handler: async (req) => {
      const access = estateAccess(req);
      return participation.setHighInterest(ctx, access, req.params.iid, false);
    },
  });

  r.get('/api/estates/:eid/high-interest/recommendations', {
    config: { action: 'highInterest.review' },
    schema: {
      tags: ['participation'],
      params: estateParams,
      response: { 200: recommendationsAnswer, ...errors },
    },
    handler: async (req) => {
      const access = estateAccess(req);
      return participation.listRecommendations(ctx, access);
    },
  });

  r.get('/api/estates/:eid/rankings', {
    config: { action: 'participation.view' },
    schema: { tags: ['participation'], params: estateParams, response: { 200: rankingAnswer, ...errors } },
    handler: async (req) => {
      const access = estateAccess(req);
      return participation.getRanking(ctx, access);
    },
  });

  r.put('/api/estates/:eid/rankings', {
    config: { action: 'ranking.set' },
    schema: { tags: ['participation'], params: estateParams, body: rankingBody, response: { 200: rankingAnswer, ...errors } },
    handler: async (req) => {
      const access = estateAccess(req);
      return participation.setRanking(ctx, access, req.body.itemIds);
    },
  });

  r.get('/api/estates/:eid/tokens', {
    config: { action: 'participation.view' },
    schema: { tags: ['participation'], params: estateParams, response: { 200: tokensAnswer, ...errors } },
    handler: async (req) => {
      const access = estateAccess(req);
      return participation.getTokens(ctx, access);
    },
  });

  r.put('/api/estates/:eid/tokens', {
    config: { action: 'tokens.set' },
    schema: { tags: ['participation'], params: estateParams, body: tokensBody, response: { 200: tokensAnswer, ...errors } },
    handler: async (req) => {
      const access = estateAccess(req);
      return participation.setTokens(ctx, access, req.body.allocations);
    },
  });

  r.get('/api/estates/:eid/my-items', {
    config: { action: 'participation.view' },
    schema: { tags: ['participation'], params: estateParams, response: { 200: myItemsAnswer, ...errors } },
    handler: async (req) => {
      const access = estateAccess(req);
      return participation.myItems(ctx, access);
    },
  });

  r.post('/api/estates/:eid/participation/:stage/done', {
    config: { action: 'participation.done', resource: (req) => ({ stage: (req.params as { stage: number }).stage }) },
    schema: {
      tags: ['participation'],
      params: inputStageParams,
      body: noBody,
      response: { 200: doneAnswer, ...errors },
    },
    handler: async (req) => {
      const access = estateAccess(req);
      return participation.markDone(ctx, access, req.params.stage);
    },
  });

  r.get('/api/estates/:eid/participation/:stage', {
    config: { action: 'participation.viewAll' },
    schema: {
      tags: ['participation'],
      params: stageParams,
      response: { 200: participationAnswer, ...errors },
    },
    handler: async (req) => {
      const access = estateAccess(req);
      return participation.listParticipation(ctx, access.estate.id, req.params.stage);
    },
  });
}
