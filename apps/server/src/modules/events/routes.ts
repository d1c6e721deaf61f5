/**
 * `GET /api/events`: a server-sent event stream for the signed-in caller (bearer token, fetch-based).
 * The stream lives no longer than the token it was opened with: it ends at the token's expiry, and
 * at once when that session ends or the account is disabled (platform/events.ts). The client then
 * reconnects with a fresh token, or learns it has none.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { memberships, users } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { caller } from '../../platform/route-access.js';
import { accessClaims, sessionOpen } from '../../platform/auth.js';
import { errorResponses, router } from '../../platform/http.js';
import type { LiveEvent } from '../../platform/events.js';

const HEARTBEAT_MS = 25_000;
/** setTimeout's ceiling (about 24.8 days); a longer token lifetime is re-checked at each heartbeat. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function eventRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Before the server waits for open requests to finish: a stream never would.
  app.addHook('preClose', (done) => {
    ctx.events.endAll('server closing');
    done();
  });
  router(app).get('/api/events', {
    config: { action: 'account' },
    schema: { tags: ['events'], response: errorResponses(401, 403) },
    handler: async (req, reply) => {
      const user = caller(req);
      const claims = accessClaims(req);
      const expiresAtMs = claims.expiresAt * 1000;
      const isExpired = () => ctx.now().getTime() >= expiresAtMs;

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        'X-Content-Type-Options': 'nosniff',
        'X-Accel-Buffering': 'no',
      });
      let ready = false;
      let ended = false;
      const timers: { heartbeat?: NodeJS.Timeout; expiry?: NodeJS.Timeout } = {};
      let unsubscribe = () => {};
      const end = (reason: string) => {
        if (ended) return;
        ended = true;
        clearInterval(timers.heartbeat);
        clearTimeout(timers.expiry);
        unsubscribe();
        req.log.debug({ userId: user.id, reason }, 'event stream ended');
        res.end();
      };
      const write = (event: LiveEvent) => {
        // Nothing before `ready` (the client reads the current state then); nothing once the
        // token expired (a timer can run late): the stream ends instead.
        if (!ready) return;
        if (isExpired()) return end('token expired');
        res.write(`event: ${event.type}\ndata: ${JSON.stringify({ estateId: event.estateId, ...event.data })}\n\n`);
      };

      // Listen first, then read the account and memberships: a change in between is not missed.
      const subscription = ctx.events.subscribe({
        userId: user.id,
        sessionId: claims.sessionId,
        generation: claims.generation,
        send: write,
        end,
      });
      unsubscribe = subscription.unsubscribe;
      res.on('close', () => end('closed'));
      let rows;
      try {
        rows = await ctx.db
          .select({
            accountStatus: users.accountStatus,
            sessionGeneration: users.sessionGeneration,
            endedSessions: users.endedSessions,
            estateId: memberships.estateId,
            roles: memberships.roles,
          })
          .from(users)
          .leftJoin(memberships, eq(memberships.userId, users.id))
          .where(eq(users.id, user.id));
      } catch (err) {
        req.log.error({ err }, 'event stream could not start');
        return end('could not start');
      }
      if (ended) return;
      const account = rows[0];
      // Ended while the stream opened: the client reconnects and is told why.
      if (!account || account.accountStatus === 'disabled' || !sessionOpen(account, claims)) return end('session ended');
      if (isExpired()) return end('token expired');
      subscription.setMemberships(rows.flatMap((r) => (r.estateId && r.roles ? [{ estateId: r.estateId, roles: r.roles }] : [])));

      ready = true;
      res.write(`event: ready\ndata: {}\n\n`);
      timers.heartbeat = setInterval(() => (isExpired() ? end('token expired') : res.write(': keep-alive\n\n')), HEARTBEAT_MS);
      timers.expiry = setTimeout(() => end('token expired'), Math.min(Math.max(expiresAtMs - ctx.now().getTime(), 0), MAX_TIMER_MS));
    },
  });
}
