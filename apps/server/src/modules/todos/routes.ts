import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { caller } from '../../platform/route-access.js';
import { errorResponses, router } from '../../platform/http.js';
import { listTodos } from './service.js';

const todoSchema = z.object({
  id: z.string(),
  estateId: z.string(),
  stage: z.number(),
  titleKey: z.string(),
  dueAt: z.string().nullable(),
  required: z.boolean(),
  done: z.boolean(),
  path: z.string(),
});

export function todoRoutes(app: FastifyInstance, ctx: AppContext): void {
  router(app).get('/api/todos', {
    config: { action: 'account' },
    schema: { tags: ['account'], response: { 200: z.object({ todos: z.array(todoSchema) }), ...errorResponses(401, 403) } },
    handler: async (req) => ({ todos: await listTodos(ctx, caller(req)) }),
  });
}
