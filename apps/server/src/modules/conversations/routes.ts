import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  conversationAnswer,
  conversationsAnswer,
  messageAnswer,
  messagesAnswer,
  messagesQuery,
  postMessageBody,
  startConversationBody,
} from '@estate/domain/schemas/conversations';
import type { AppContext } from '../../platform/context.js';
import { estateAccess } from '../../platform/route-access.js';
import { errorResponses, estateParams, noContent, router } from '../../platform/http.js';
import * as chat from './service.js';

const conversationParams = estateParams.extend({ cid: z.uuid({ message: 'Not a valid conversation id.' }) });
const errors = errorResponses(400, 401, 403, 404, 409);
/** A person writes at most this many messages a minute (a runaway script, not a family, hits it). */
const MESSAGES_PER_MINUTE = 60;

export function conversationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = router(app);

  r.get('/api/estates/:eid/conversations', {
    config: { action: 'chat.view' },
    schema: { tags: ['chat'], params: estateParams, response: { 200: conversationsAnswer, ...errors } },
    handler: async (req) => ({ conversations: await chat.listConversations(ctx, estateAccess(req)) }),
  });

  r.post('/api/estates/:eid/conversations', {
    config: { action: 'chat.post' },
    schema: {
      tags: ['chat'],
      params: estateParams,
      body: startConversationBody,
      response: { 200: conversationAnswer, 201: conversationAnswer, ...errors },
    },
    handler: async (req, reply) => {
      const { conversation, created } = await chat.startDirect(ctx, estateAccess(req), req.body.memberId);
      return reply.code(created ? 201 : 200).send({ conversation });
    },
  });

  r.get('/api/estates/:eid/conversations/:cid/messages', {
    config: { action: 'chat.view' },
    schema: {
      tags: ['chat'],
      params: conversationParams,
      querystring: messagesQuery,
      response: { 200: messagesAnswer, ...errors },
    },
    handler: async (req) => chat.listMessages(ctx, estateAccess(req), req.params.cid, req.query.before, req.query.limit),
  });

  r.post('/api/estates/:eid/conversations/:cid/messages', {
    config: {
      action: 'chat.post',
      rateLimit: { max: MESSAGES_PER_MINUTE, timeWindow: '1 minute', hook: 'preHandler', keyGenerator: (req) => `chat:${req.callerResolved?.id ?? req.ip}` },
    },
    schema: {
      tags: ['chat'],
      params: conversationParams,
      body: postMessageBody,
      response: { 201: messageAnswer, ...errorResponses(400, 401, 403, 404, 409, 429) },
    },
    handler: async (req, reply) => {
      const message = await chat.postMessage(ctx, estateAccess(req), req.params.cid, req.body);
      return reply.code(201).send({ message });
    },
  });

  r.post('/api/estates/:eid/conversations/:cid/read', {
    // What the caller has read is their own place, not the estate's record: kept in an archive too.
    config: { action: 'chat.view', ownPlaceOnly: true },
    schema: {
      tags: ['chat'],
      description: 'Everything in the conversation up to now counts as read by the caller. Taken in a closed estate (stage 99) too.',
      params: conversationParams,
      response: { 204: noContent, ...errors },
    },
    handler: async (req, reply) => {
      await chat.markRead(ctx, estateAccess(req), req.params.cid);
      return reply.code(204).send(null);
    },
  });
}
