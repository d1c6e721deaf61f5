import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { healthAnswer } from '@estate/domain/schemas/health';
import type { AppContext } from '../../platform/context.js';
import { errorResponses, router } from '../../platform/http.js';

export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  router(app).get('/api/health', {
    config: { action: 'public' },
    schema: { tags: ['health'], response: { 200: healthAnswer, ...errorResponses(503) } },
    handler: async () => {
      await ctx.db.execute(sql`select 1`);
      return { status: 'ok' as const, db: ctx.database.kind };
    },
  });
}
