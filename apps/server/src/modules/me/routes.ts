import type { FastifyInstance } from 'fastify';
import { meSchema, updateMeBody } from '@estate/domain/schemas/account';
import { meUpdateAnswer } from '@estate/domain/schemas/me';
import type { AppContext } from '../../platform/context.js';
import { caller } from '../../platform/route-access.js';
import { errorResponses, noContent, router } from '../../platform/http.js';
import { accessClaims } from '../../platform/auth.js';
import { sessionsAnswer } from '@estate/domain/schemas/sessions';
import { z } from 'zod';
import { endMySession, listSessions } from './sessions.js';
import * as me from './service.js';

export function meRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = router(app);

  r.get('/api/me', {
    config: { action: 'account:password-reset' },
    schema: { tags: ['account'], response: { 200: meSchema, ...errorResponses(401, 403) } },
    handler: async (req) => me.getMe(ctx, caller(req), accessClaims(req).sessionId),
  });

  // Issue 31 (api.md): the person's sessions, and ending one of them.
  r.get('/api/me/sessions', {
    config: { action: 'account' },
    schema: { tags: ['account'], response: { 200: sessionsAnswer, ...errorResponses(401, 403) } },
    handler: async (req) => ({ sessions: await listSessions(ctx, caller(req), accessClaims(req).sessionId) }),
  });

  r.delete('/api/me/sessions/:sid', {
    config: { action: 'account' },
    schema: { tags: ['account'], params: z.strictObject({ sid: z.uuid() }), response: { 204: noContent, ...errorResponses(400, 401, 403, 404) } },
    handler: async (req, reply) => {
      await endMySession(ctx, caller(req), req.params.sid);
      return reply.code(204).send(null);
    },
  });

  r.patch('/api/me', {
    config: { action: 'account:password-reset' },
    schema: {
      tags: ['account'],
      body: updateMeBody,
      response: { 200: meUpdateAnswer, ...errorResponses(400, 401, 403) },
    },
    handler: async (req) => me.updateMe(ctx, caller(req), req.body),
  });
}
