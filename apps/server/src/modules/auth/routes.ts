import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  changePasswordBody,
  confirmEmailBody,
  forgotPasswordBody,
  loginBody,
  registerBody,
  resetPasswordBody,
} from '@estate/domain/schemas/account';
import { loginAnswer, refreshAnswer, userAnswer } from '@estate/domain/schemas/auth';
import { requestLanguage } from '../../platform/refusals.js';
import type { AppContext } from '../../platform/context.js';
import { caller } from '../../platform/route-access.js';
import { AppError, says } from '../../platform/errors.js';
import { errorResponses, noContent, router } from '../../platform/http.js';
import { toUserDto } from '../../platform/user-dto.js';
import { networkOf } from '../../platform/networks.js';
import * as auth from './service.js';
import { getMe } from '../me/service.js';
import { consumeSignInLink, requestSignInLink } from './sign-in-link.js';
import { consumeSignInLinkBody, signInLinkAnswer, signInLinkBody } from '@estate/domain/schemas/people';

export const REFRESH_COOKIE = 'refresh_token';
const COOKIE_PATH = '/api/auth';
const ACCOUNT_WINDOW_MS = 15 * 60_000;

/** "45 seconds", "1 minute", "12 minutes": how long to wait, as the other limits say it. */
function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** How long a sign-in waits once an address, or a network, has been tried too often from everywhere. */
export const SLOW_DOWN_MS = 1_000;

/**
 * Limits next to the per-address one (per minute), in the rate-limit store (Redis when configured,
 * so every server process counts together), so that no stranger can lock a person out (issue 31):
 *
 * - sign-in attempts for one email address **from one network** (/24, /64): refused there for the
 *   rest of 15 minutes, with a pointer to the sign-in link; the person elsewhere is not affected;
 * - sign-in attempts for one address **from anywhere**, and wrong passwords from one network for
 *   any addresses: past the limit each attempt only waits a while, never a refusal, so a correct
 *   password still works;
 * - mails asked for one address from one network (and five times that from anywhere, so no one can
 *   flood a mailbox), and current-password checks of one signed-in account.
 *
 * Every attempt counts before the password is checked, so parallel guesses cannot slip past.
 */
function signInLimits(app: FastifyInstance, perAccount: number, perNetwork: number) {
  const keys = new WeakMap<FastifyRequest, string>();
  const counter = (kind: string, max: number) => {
    const limit = app.createRateLimit({ max, timeWindow: ACCOUNT_WINDOW_MS, keyGenerator: (req) => `account:${kind}:${keys.get(req)}` });
    return async (req: FastifyRequest, key: string) => {
      keys.set(req, key);
      const result = await limit(req);
      return result.isAllowed ? { exceeded: false, seconds: 0 } : { exceeded: result.isExceeded, seconds: result.ttlInSeconds };
    };
  };
  const refuse = (req: FastifyRequest, kind: string, seconds: number, signInLink: boolean): never => {
    req.log.warn({ kind }, 'refused: too many attempts');
    const minutes = Math.ceil(seconds / 60);
    const wait =
      signInLink && seconds >= 60
        ? says('rate.signInWaitMinutes', { minutes })
        : seconds < 60
          ? says('rate.wait', { seconds })
          : says('rate.waitMinutes', { minutes });
    const english = `Too many attempts. Please wait ${waitText(seconds)} and try again${signInLink ? ', or sign in with a link sent to your email' : ''}.`;
    throw new AppError('rate_limited', { ...wait, english });
  };
  const hardLimit = (kind: string, max: number) => {
    const count = counter(kind, max);
    return async (req: FastifyRequest, key: string) => {
      const { exceeded, seconds } = await count(req, key);
      if (exceeded) refuse(req, kind, seconds, false);
    };
  };
  const fromNetwork = counter('sign-in', perAccount);
  const fromAnywhere = counter('sign-in-anywhere', perAccount);
  // Wrong passwords from one network for any addresses: counted in the shared store; a process that
  // sees the count pass the limit slows that network's sign-ins until the window ends.
  const failuresInNetwork = counter('sign-in-failures-network', perNetwork);
  const slowNetworks = new Map<string, number>();
  const mailFromNetwork = hardLimit('mail', perAccount);
  const mailFromAnywhere = hardLimit('mail-anywhere', perAccount * 5);
  const pause = () => new Promise((resolve) => setTimeout(resolve, SLOW_DOWN_MS));
  return {
    /** A sign-in attempt for `email`: refused only from a network that tried it too often; slowed otherwise. */
    signIn: async (req: FastifyRequest, email: string) => {
      const network = networkOf(req.ip);
      const here = await fromNetwork(req, `${email}:${network}`);
      if (here.exceeded) refuse(req, 'sign-in', here.seconds, true);
      const anywhere = await fromAnywhere(req, email);
      const busyNetwork = (slowNetworks.get(network) ?? 0) > Date.now();
      if (anywhere.exceeded || busyNetwork) {
        req.log.warn({ account: anywhere.exceeded, network: busyNetwork }, 'sign-in slowed: many attempts');
        await pause();
      }
    },
    /** A wrong password (or unknown address) from this request's network. */
    failed: async (req: FastifyRequest) => {
      const network = networkOf(req.ip);
      const { exceeded, seconds } = await failuresInNetwork(req, network);
      if (!exceeded) return;
      if (slowNetworks.size > 10_000) slowNetworks.clear();
      slowNetworks.set(network, Date.now() + seconds * 1000);
    },
    /** Mails sent to one address (register, confirmation, reset, sign-in link). */
    mail: async (req: FastifyRequest, email: string) => {
      await mailFromNetwork(req, `${email}:${networkOf(req.ip)}`);
      await mailFromAnywhere(req, email);
    },
    /** Current-password checks for one signed-in account. */
    password: hardLimit('password', perAccount),
  };
}

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = router(app);
  const rateLimit = { max: ctx.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };
  const perAccount = signInLimits(app, ctx.config.AUTH_RATE_LIMIT_PER_ACCOUNT, ctx.config.AUTH_RATE_LIMIT_PER_NETWORK);

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
    schema: { tags: ['auth'], body: registerBody, response: { 201: userAnswer, ...errorResponses(400, 409, 429) } },
    handler: async (req, reply) => {
      await perAccount.mail(req, req.body.email);
      return reply.code(201).send({ user: await auth.registerUser(ctx, req.body, requestLanguage(req)) });
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
      await perAccount.mail(req, req.body.email);
      await auth.resendConfirmation(ctx, req.body.email);
      return reply.code(202).send(null);
    },
  });

  r.post('/api/auth/login', {
    // A session token is never sent compressed (its size could be made to tell it; BREACH).
    compress: false,
    config: { action: 'public', rateLimit },
    schema: {
      tags: ['auth'],
      body: loginBody,
      response: { 200: loginAnswer, ...errorResponses(400, 401, 403, 429) },
    },
    handler: async (req, reply) => {
      await perAccount.signIn(req, req.body.email);
      const session = await auth.login(ctx, req.log, req.body, req.headers['user-agent']).catch(async (err: unknown) => {
        if (err instanceof AppError && err.code === 'invalid_credentials') await perAccount.failed(req);
        throw err;
      });
      setRefreshCookie(reply, session);
      return { accessToken: session.accessToken, user: toUserDto(session.user) };
    },
  });

  r.post('/api/auth/refresh', {
    compress: false,
    config: { action: 'public' },
    schema: { tags: ['auth'], response: { 200: refreshAnswer, ...errorResponses(401) } },
    handler: async (req, reply) => {
      const session = await auth.refreshSession(ctx, req.log, req.cookies[REFRESH_COOKIE]);
      setRefreshCookie(reply, session);
      // Extension of api.md: the /api/me body too, so a page load restores the session in one call.
      return { accessToken: session.accessToken, me: await getMe(ctx, session.user, session.sessionId) };
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
      await perAccount.mail(req, req.body.email);
      await auth.requestPasswordReset(ctx, req.body.email);
      return reply.code(202).send(null);
    },
  });

  // Sign-in links (api.md "Sign-in links"): the request counts against the address's mail limit,
  // like a reset; the answer is 202 whether or not an account has the address.
  r.post('/api/auth/sign-in-link', {
    config: { action: 'public', rateLimit },
    schema: { tags: ['auth'], body: signInLinkBody, response: { 202: noContent, ...errorResponses(400, 429) } },
    handler: async (req, reply) => {
      await perAccount.mail(req, req.body.email);
      await requestSignInLink(ctx, req.body.email);
      return reply.code(202).send(null);
    },
  });

  r.post('/api/auth/sign-in-link/consume', {
    compress: false,
    config: { action: 'public', rateLimit },
    schema: {
      tags: ['auth'],
      body: consumeSignInLinkBody,
      response: { 200: signInLinkAnswer, ...errorResponses(400, 403, 429) },
    },
    handler: async (req, reply) => {
      const session = await consumeSignInLink(ctx, req.log, req.body.token, req.headers['user-agent']);
      setRefreshCookie(reply, session);
      return { accessToken: session.accessToken, user: toUserDto(session.user) };
    },
  });

  r.post('/api/auth/reset-password', {
    config: { action: 'public', rateLimit },
    schema: { tags: ['auth'], body: resetPasswordBody, response: { 204: noContent, ...errorResponses(400, 429) } },
    handler: async (req, reply) => {
      // The link proved the mailbox: this device is signed in afresh (every other session ended).
      const session = await auth.resetPassword(ctx, req.body, req.headers['user-agent']);
      if (session) setRefreshCookie(reply, session);
      else reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
      return reply.code(204).send(null);
    },
  });

  r.post('/api/auth/change-password', {
    config: { action: 'account:password-reset', rateLimit },
    schema: { tags: ['auth'], body: changePasswordBody, response: { 204: noContent, ...errorResponses(400, 401, 403, 429) } },
    handler: async (req, reply) => {
      const user = caller(req);
      await perAccount.password(req, user.id);
      const session = await auth.changePassword(ctx, user, req.body, req.headers['user-agent']);
      setRefreshCookie(reply, session);
      return reply.code(204).send(null);
    },
  });
}
