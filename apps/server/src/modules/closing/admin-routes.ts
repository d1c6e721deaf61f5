/**
 * The installation's administrator and the estates (an extension of api.md): every estate with its
 * stage, members, size and last activity, and opening one read-only for support, which the estate's
 * activity log records for its members to see.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminEstatesAnswer, supportViewSchema } from '@estate/domain/schemas/closing';
import type { AppContext } from '../../platform/context.js';
import { caller } from '../../platform/route-access.js';
import { errorResponses, router } from '../../platform/http.js';
import * as installation from './installation.js';

export function installationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = router(app);

  r.get('/api/admin/estates', {
    config: { action: 'admin' },
    schema: {
      tags: ['admin'],
      description: "The installation's estates: name, stage, members, items, size and last activity.",
      response: { 200: adminEstatesAnswer, ...errorResponses(401, 403) },
    },
    handler: async () => ({ estates: await installation.listEstates(ctx) }),
  });

  r.post('/api/admin/estates/:eid/support', {
    config: { action: 'admin' },
    schema: {
      tags: ['admin'],
      description: "Opens an estate read-only for support: its summary, members, recent activity and report files. Recorded in the estate's activity log.",
      params: z.strictObject({ eid: z.uuid({ message: 'Not a valid estate id.' }) }),
      response: { 200: supportViewSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => installation.openForSupport(ctx, caller(req), req.params.eid),
  });
}
