import type { FastifyInstance } from 'fastify';
import { todosAnswer } from '@estate/domain/schemas/todos';
import type { AppContext } from '../../platform/context.js';
import { caller } from '../../platform/route-access.js';
import { errorResponses, router } from '../../platform/http.js';
import { listTodos } from './service.js';

export function todoRoutes(app: FastifyInstance, ctx: AppContext): void {
  router(app).get('/api/todos', {
    config: { action: 'account' },
    schema: { tags: ['account'], response: { 200: todosAnswer, ...errorResponses(401, 403) } },
    handler: async (req) => ({ todos: await listTodos(ctx, caller(req)) }),
  });
}
