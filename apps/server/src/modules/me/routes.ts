import type { FastifyInstance } from 'fastify';
import { meSchema, updateMeBody } from '@estate/domain/schemas/account';
import { meUpdateAnswer } from '@estate/domain/schemas/me';
import type { AppContext } from '../../platform/context.js';
import { caller } from '../../platform/route-access.js';
import { errorResponses, router } from '../../platform/http.js';
import * as me from './service.js';

export function meRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = router(app);

  r.get('/api/me', {
    config: { action: 'account:password-reset' },
    schema: { tags: ['account'], response: { 200: meSchema, ...errorResponses(401, 403) } },
    handler: async (req) => me.getMe(ctx, caller(req)),
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
