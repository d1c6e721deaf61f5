import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { approvalBody, resolveBody } from '@estate/domain/schemas/approval';
import { approvalProgressAnswer, approveAllAnswer, flagsAnswer, myApprovalsAnswer } from '@estate/domain/schemas/approvals';
import type { AppContext } from '../../platform/context.js';
import { estateAccess } from '../../platform/route-access.js';
import { errorResponses, estateParams, noContent, router } from '../../platform/http.js';
import * as approvals from './service.js';

const itemParams = estateParams.extend({ iid: z.uuid() });
const errors = errorResponses(400, 401, 403, 404, 409);

export function approvalRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = router(app);

  r.put('/api/estates/:eid/items/:iid/approval', {
    config: { action: 'approval.set' },
    schema: { tags: ['stages'], params: itemParams, body: approvalBody, response: { 204: noContent, ...errors } },
    handler: async (req, reply) => {
      const access = estateAccess(req);
      await approvals.setApproval(ctx, access, req.params.iid, req.body);
      return reply.code(204).send(null);
    },
  });

  r.post('/api/estates/:eid/approvals/approve-all', {
    config: { action: 'approval.set' },
    schema: { tags: ['stages'], params: estateParams, response: { 200: approveAllAnswer, ...errors } },
    handler: async (req) => {
      const access = estateAccess(req);
      return { approved: await approvals.approveAllRemaining(ctx, access) };
    },
  });

  r.get('/api/estates/:eid/approvals/mine', {
    config: { action: 'approval.viewOwn' },
    schema: {
      tags: ['stages'],
      params: estateParams,
      response: { 200: myApprovalsAnswer, ...errors },
    },
    handler: async (req) => {
      const access = estateAccess(req);
      return { approvals: await approvals.myApprovals(ctx, access) };
    },
  });

  r.get('/api/estates/:eid/approvals/progress', {
    config: { action: 'approval.viewAll' },
    schema: {
      tags: ['stages'],
      params: estateParams,
      response: { 200: approvalProgressAnswer, ...errors },
    },
    handler: async (req) => {
      const access = estateAccess(req);
      return approvals.approvalProgress(ctx, access.estate.id);
    },
  });

  r.get('/api/estates/:eid/approvals/flags', {
    config: { action: 'approval.viewAll' },
    schema: {
      tags: ['stages'],
      params: estateParams,
      response: { 200: flagsAnswer, ...errors },
    },
    handler: async (req) => {
      const access = estateAccess(req);
      return { flags: await approvals.listFlags(ctx, access.estate.id) };
    },
  });

  r.post('/api/estates/:eid/items/:iid/approvals/:mid/resolve', {
    config: { action: 'approval.resolve' },
    schema: { tags: ['stages'], params: itemParams.extend({ mid: z.uuid() }), body: resolveBody, response: { 204: noContent, ...errors } },
    handler: async (req, reply) => {
      const access = estateAccess(req);
      await approvals.resolveFlag(ctx, access, req.params.iid, req.params.mid, req.body);
      return reply.code(204).send(null);
    },
  });
}
