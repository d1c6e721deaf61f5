/**
 * The member directory and a member's page (issue 12; an extension of api.md "Estates and members",
 * listed in the README): the directory with the viewer's own stars and groups, and the trustees'
 * actions on a member.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  changeRolesBody,
  directorySchema,
  groupBody,
  memberDetailSchema,
  groupAnswer,
  resentInvitationAnswer,
  starAnswer,
  updateGroupBody,
} from '@estate/domain/schemas/people';
import type { AppContext } from '../../platform/context.js';
import { estateAccess } from '../../platform/route-access.js';
import { errorResponses, estateParams, noContent, router } from '../../platform/http.js';
import * as directory from './directory.js';
import * as manage from './manage.js';

const memberParams = estateParams.extend({ uid: z.uuid({ message: 'Not a valid member id.' }) });
const groupParams = estateParams.extend({ gid: z.uuid({ message: 'Not a valid group id.' }) });
const invitationParams = estateParams.extend({ iid: z.uuid({ message: 'Not a valid invitation id.' }) });

export function directoryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = router(app);

  r.get('/api/estates/:eid/directory', {
    config: { action: 'member.list' },
    schema: { tags: ['members'], params: estateParams, response: { 200: directorySchema, ...errorResponses(400, 401, 403, 404) } },
    handler: async (req) => directory.listDirectory(ctx, estateAccess(req)),
  });

  // Stars: the viewer's own, seen by nobody else.
  r.put('/api/estates/:eid/members/:uid/star', {
    config: { action: 'member.star' },
    schema: { tags: ['members'], params: memberParams, response: { 200: starAnswer, ...errorResponses(400, 401, 403, 404) } },
    handler: async (req) => directory.setStar(ctx, estateAccess(req), req.params.uid, true),
  });

  r.delete('/api/estates/:eid/members/:uid/star', {
    config: { action: 'member.star' },
    schema: { tags: ['members'], params: memberParams, response: { 200: starAnswer, ...errorResponses(400, 401, 403, 404) } },
    handler: async (req) => directory.setStar(ctx, estateAccess(req), req.params.uid, false),
  });

  // Groups: the viewer's own ("Mum's side"), seen by nobody else.
  r.post('/api/estates/:eid/member-groups', {
    config: { action: 'member.group' },
    schema: {
      tags: ['members'],
      params: estateParams,
      body: groupBody,
      response: { 201: groupAnswer, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req, reply) => reply.code(201).send({ group: await directory.createGroup(ctx, estateAccess(req), req.body) }),
  });

  r.patch('/api/estates/:eid/member-groups/:gid', {
    config: { action: 'member.group' },
    schema: {
      tags: ['members'],
      params: groupParams,
      body: updateGroupBody,
      response: { 200: groupAnswer, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => ({ group: await directory.updateGroup(ctx, estateAccess(req), req.params.gid, req.body) }),
  });

  r.delete('/api/estates/:eid/member-groups/:gid', {
    config: { action: 'member.group' },
    schema: { tags: ['members'], params: groupParams, response: { 204: noContent, ...errorResponses(400, 401, 403, 404) } },
    handler: async (req, reply) => {
      await directory.deleteGroup(ctx, estateAccess(req), req.params.gid);
      return reply.code(204).send(null);
    },
  });

  // A member's page and the trustees' actions.
  r.get('/api/estates/:eid/members/:uid', {
    config: { action: 'member.viewDetail' },
    schema: { tags: ['members'], params: memberParams, response: { 200: memberDetailSchema, ...errorResponses(400, 401, 403, 404) } },
    handler: async (req) => manage.getMemberDetail(ctx, estateAccess(req), req.params.uid),
  });

  r.put('/api/estates/:eid/members/:uid/roles', {
    config: { action: 'member.changeRoles' },
    schema: {
      tags: ['members'],
      params: memberParams,
      body: changeRolesBody,
      response: { 200: memberDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => manage.changeRoles(ctx, estateAccess(req), req.params.uid, req.body),
  });

  r.post('/api/estates/:eid/members/:uid/disable', {
    config: { action: 'member.disable' },
    schema: { tags: ['members'], params: memberParams, response: { 204: noContent, ...errorResponses(400, 401, 403, 404, 409) } },
    handler: async (req, reply) => {
      await manage.disableMember(ctx, estateAccess(req), req.params.uid);
      return reply.code(204).send(null);
    },
  });

  r.post('/api/estates/:eid/members/:uid/enable', {
    config: { action: 'member.disable' },
    schema: { tags: ['members'], params: memberParams, response: { 204: noContent, ...errorResponses(400, 401, 403, 404, 409) } },
    handler: async (req, reply) => {
      await manage.enableMember(ctx, estateAccess(req), req.params.uid);
      return reply.code(204).send(null);
    },
  });

  r.post('/api/estates/:eid/invitations/:iid/resend', {
    config: { action: 'invitation.resend' },
    schema: {
      tags: ['members'],
      params: invitationParams,
      response: { 200: resentInvitationAnswer, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => ({ invitation: await manage.resendInvitation(ctx, estateAccess(req), req.params.iid) }),
  });
}
