import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  changePasswordBody,
  confirmEmailBody,
  forgotPasswordBody,
  loginBody,
  registerBody,
  resetPasswordBody,
  userSchema,
} from '@estate/domain/schemas/account';
import type { AppContext } from '../../platform/context.js';
import { caller } from '../../platform/route-access.js';
import { errorResponses, noContent, router } from '../../platform/http.js';
import { toUserDto } from '../../platform/user-dto.js';
import * as auth from './service.js';

export const REFRESH_COOKIE = 'refresh_token';
const COOKIE_PATH = '/api/auth';

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = router(app);
  const rateLimit = { max: ctx.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };

  const setRefreshCookie = (reply: FastifyReply, session: auth.Session) =>
    reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
      httpOnly: true,
      secure: true,
      sameSite: 'strict',
      path: COOKIE_PATH,
      expires: session.refreshExpiresAt,
    });

  r.post('/api/auth/register', {
    config: { action: 'public', rateLimit },
    schema: { tags: ['auth'], body: registerBody, response: { 201: z.object({ user: userSchema }), ...errorResponses(400, 409, 429) } },
    handler: async (req, reply) => {
      const user = await auth.registerUser(ctx, req.body);
      return reply.code(201).send({ user: toUserDto(user) });
    },
  });

  r.post('/api/auth/confirm-email', {
    config: { action: 'public', rateLimit },
    schema: { tags: ['auth'], body: confirmEmailBody, response: { 204: noContent, ...errorResponses(400, 429) } },
    handler: async (req, reply) => {
      await auth.confirmEmail(ctx, req.body.token);
      return reply.code(204).send(null);
    },
  });

  r.post('/api/auth/resend-confirmation', {
    config: { action: 'public', rateLimit },
    schema: { tags: ['auth'], body: forgotPasswordBody, response: { 202: noContent, ...errorResponses(400, 429) } },
    handler: async (req, reply) => {
      await auth.resendConfirmation(ctx, req.body.email);
      return reply.code(202).send(null);
    },
  });

  r.post('/api/auth/login', {
    config: { action: 'public', rateLimit },
    schema: {
      tags: ['auth'],
      body: loginBody,
      response: { 200: z.object({ accessToken: z.string(), user: userSchema }), ...errorResponses(400, 401, 403, 429) },
    },
    handler: async (req, reply) => {
      const session = await auth.login(ctx, req.log, req.body);
      setRefreshCookie(reply, session);
      return { accessToken: session.accessToken, user: toUserDto(session.user) };
    },
  });

  r.post('/api/auth/refresh', {
    config: { action: 'public' },
    schema: { tags: ['auth'], response: { 200: z.object({ accessToken: z.string() }), ...errorResponses(401) } },
    handler: async (req, reply) => {
      const session = await auth.refreshSession(ctx, req.log, req.cookies[REFRESH_COOKIE]);
      setRefreshCookie(reply, session);
      return { accessToken: session.accessToken };
    },
  });

  r.post('/api/auth/logout', {
    config: { action: 'public' },
    schema: { tags: ['auth'], response: { 204: noContent } },
    handler: async (req, reply) => {
      await auth.logout(ctx, req.cookies[REFRESH_COOKIE]);
      reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
      return reply.code(204).send(null);
    },
  });

  r.post('/api/auth/forgot-password', {
    config: { action: 'public', rateLimit },
    schema: { tags: ['auth'], body: forgotPasswordBody, response: { 202: noContent, ...errorResponses(400, 429) } },
    handler: async (req, reply) => {
      await auth.requestPasswordReset(ctx, req.body.email);
      return reply.code(202).send(null);
    },
  });

  r.post('/api/auth/reset-password', {
    config: { action: 'public', rateLimit },
    schema: { tags: ['auth'], body: resetPasswordBody, response: { 204: noContent, ...errorResponses(400, 429) } },
    handler: async (req, reply) => {
      await auth.resetPassword(ctx, req.body);
      reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
      return reply.code(204).send(null);
    },
  });

  r.post('/api/auth/change-password', {
    config: { action: 'account:password-reset', rateLimit },
    schema: { tags: ['auth'], body: changePasswordBody, response: { 204: noContent, ...errorResponses(400, 401, 403, 429) } },
    handler: async (req, reply) => {
      const user = caller(req);
      const session = await auth.changePassword(ctx, user, req.body);
      setRefreshCookie(reply, session);
      return reply.code(204).send(null);
    },
  });
}
