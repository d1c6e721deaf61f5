import type { FastifyInstance } from 'fastify';
import { setupBody } from '@estate/domain/schemas/account';
import { userAnswer } from '@estate/domain/schemas/auth';
import { setupStatusAnswer } from '@estate/domain/schemas/setup';
import type { AppContext } from '../../platform/context.js';
import { errorResponses, router } from '../../platform/http.js';
import { toUserDto } from '../../platform/user-dto.js';
import * as setup from './service.js';

export function setupRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = router(app);
  const rateLimit = { max: ctx.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };

  r.get('/api/setup', {
    config: { action: 'public' },
    schema: { tags: ['setup'], response: { 200: setupStatusAnswer } },
    handler: async () => ({ needsSetup: await setup.needsSetup(ctx) }),
  });

  r.post('/api/setup', {
    config: { action: 'public', rateLimit },
    schema: { tags: ['setup'], body: setupBody, response: { 201: userAnswer, ...errorResponses(400, 409, 429) } },
    handler: async (req, reply) => {
      const user = await setup.createFirstAdmin(ctx, req.body);
      req.log.info({ userId: user.id }, 'first admin created');
      return reply.code(201).send({ user: toUserDto(user) });
    },
  });
}
