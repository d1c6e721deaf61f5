import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answerQuestionBody, askQuestionBody, questionAnswer, questionsAnswer } from '@estate/domain/schemas/questions';
import type { AppContext } from '../../platform/context.js';
import { estateAccess } from '../../platform/route-access.js';
import { errorResponses, estateParams, router } from '../../platform/http.js';
import { answerQuestion, askQuestion, listQuestions } from './service.js';

const itemParams = estateParams.extend({ iid: z.uuid() });
const questionParams = estateParams.extend({ qid: z.uuid() });

/** Questions on a result (issue 30). */
export function questionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = router(app);
  r.post('/api/estates/:eid/items/:iid/questions', {
    config: { action: 'question.ask' },
    schema: {
      tags: ['questions'],
      params: itemParams,
      body: askQuestionBody,
      response: { 201: questionAnswer, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req, reply) => reply.code(201).send(await askQuestion(ctx, estateAccess(req), req.params.iid, req.body)),
  });

  r.get('/api/estates/:eid/questions', {
    config: { action: 'question.view' },
    schema: {
      tags: ['questions'],
      params: estateParams,
      response: { 200: questionsAnswer, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => listQuestions(ctx, estateAccess(req)),
  });

  r.put('/api/estates/:eid/questions/:qid/answer', {
    config: { action: 'question.answer' },
    schema: {
      tags: ['questions'],
      description:
        'The trustee answers "kept" or "changed" (stages 40–90); the asker is told in the app and by mail. Extension: with "changed", `reassignTo` (a receiver\'s member id, or null for nobody: the item becomes unwanted) changes who receives the item in the same transaction, with the reason "trustee"; its hand-over starts again (409 once its receipt is confirmed).',
      params: questionParams,
      body: answerQuestionBody,
      response: { 200: questionAnswer, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => answerQuestion(ctx, estateAccess(req), req.params.qid, req.body),
  });
}
