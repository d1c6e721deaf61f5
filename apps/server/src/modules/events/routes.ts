/** `GET /api/events`: a server-sent event stream for the signed-in caller (bearer token, fetch-based). */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { memberships } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { caller } from '../../platform/route-access.js';
import { errorResponses, router } from '../../platform/http.js';
import type { LiveEvent } from '../../platform/events.js';

const HEARTBEAT_MS = 25_000;

export function eventRoutes(app: FastifyInstance, ctx: AppContext): void {
  router(app).get('/api/events', {
    config: { action: 'account' },
    schema: { tags: ['events'], response: errorResponses(401, 403) },
    handler: async (req, reply) => {
      const user = caller(req);
      const rows = await ctx.db.select({ estateId: memberships.estateId }).from(memberships).where(eq(memberships.userId, user.id));
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        'X-Content-Type-Options': 'nosniff',
        'X-Accel-Buffering': 'no',
      });
      const write = (event: LiveEvent) => {
        res.write(`event: ${event.type}\ndata: ${JSON.stringify({ estateId: event.estateId, ...event.data })}\n\n`);
      };
      res.write(`event: ready\ndata: {}\n\n`);
      const unsubscribe = ctx.events.subscribe({
        userId: user.id,
        estateIds: new Set(rows.map((r) => r.estateId)),
        send: write,
      });
      const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
      req.raw.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
      });
    },
  });
}
