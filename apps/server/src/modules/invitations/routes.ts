import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createInvitationBody } from '@estate/domain/schemas/estate';
import {
  acceptedInvitationAnswer,
  createdInvitationAnswer,
  invitationPreviewAnswer,
  invitationsAnswer,
} from '@estate/domain/schemas/invitations';
import type { AppContext } from '../../platform/context.js';
import { caller, estateAccess } from '../../platform/route-access.js';
import { errorResponses, estateParams, router } from '../../platform/http.js';
import * as invitations from './service.js';

const tokenParams = z.strictObject({ token: z.string().min(10).max(200) });

export function invitationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = router(app);

  r.post('/api/estates/:eid/invitations', {
    config: { action: 'member.invite' },
    schema: {
      tags: ['members'],
      params: estateParams,
      body: createInvitationBody,
      response: { 201: createdInvitationAnswer, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req, reply) => {
      const access = estateAccess(req);
      const invitation = await invitations.createInvitation(ctx, access, req.body);
      return reply.code(201).send({ invitation });
    },
  });

  r.get('/api/estates/:eid/invitations', {
    config: { action: 'member.invite' },
    schema: {
      tags: ['members'],
      params: estateParams,
      response: { 200: invitationsAnswer, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => {
      const access = estateAccess(req);
      return { invitations: await invitations.listInvitations(ctx, access.estate.id) };
    },
  });

  r.get('/api/invitations/:token', {
    config: { action: 'public' },
    schema: {
      tags: ['members'],
      params: tokenParams,
      response: { 200: invitationPreviewAnswer, ...errorResponses(400, 404) },
    },
    handler: async (req) => ({ invitation: await invitations.previewInvitation(ctx, req.params.token) }),
  });

  r.post('/api/invitations/:token/accept', {
    config: { action: 'account' },
    schema: {
      tags: ['members'],
      params: tokenParams,
      response: { 200: acceptedInvitationAnswer, ...errorResponses(400, 401, 403, 409) },
    },
    handler: async (req) => {
      const user = caller(req);
      return { membership: await invitations.acceptInvitation(ctx, user, req.params.token) };
    },
  });
}
