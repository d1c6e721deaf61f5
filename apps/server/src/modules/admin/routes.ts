import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ACCOUNT_STATUSES, LOGIN_STATUSES } from '@estate/domain/schemas/account';
import { outboxAnswer, usersAnswer } from '@estate/domain/schemas/admin';
import { userAnswer } from '@estate/domain/schemas/auth';
import type { AppContext } from '../../platform/context.js';
import { caller } from '../../platform/route-access.js';
import { errorResponses, router } from '../../platform/http.js';
import * as admin from './service.js';

export function adminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = router(app);

  r.get('/api/admin/users', {
    config: { action: 'admin' },
    schema: { tags: ['admin'], response: { 200: usersAnswer, ...errorResponses(401, 403) } },
    handler: async () => ({ users: await admin.listUsers(ctx) }),
  });

  r.patch('/api/admin/users/:id', {
    config: { action: 'admin' },
    schema: {
      tags: ['admin'],
      params: z.strictObject({ id: z.uuid() }),
      body: z.strictObject({ accountStatus: z.enum(ACCOUNT_STATUSES).optional(), loginStatus: z.enum(LOGIN_STATUSES).optional() }),
      response: { 200: userAnswer, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => {
      const user = caller(req);
      return { user: await admin.updateAccount(ctx, user, req.params.id, req.body) };
    },
  });

  r.get('/api/admin/outbox', {
    config: { action: 'admin' },
    schema: {
      tags: ['admin'],
      response: { 200: outboxAnswer, ...errorResponses(401, 403) },
    },
    handler: async () => ({ messages: await admin.listOutbox(ctx) }),
  });
}
