/** Builds the Fastify instance: used by main.ts and by the tests (through `app.inject`). */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Redis } from 'ioredis';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { createContext } from './platform/context.js';
import { validationText } from '@estate/domain/schemas/messages';
import { AppError, ERROR_STATUS } from './platform/errors.js';
import { loggerOptions } from './platform/logging.js';
import { governRoutes } from './platform/route-access.js';
import { activityRoutes } from './modules/activity/routes.js';
import { adminRoutes } from './modules/admin/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { estateRoutes } from './modules/estates/routes.js';
import { eventRoutes } from './modules/events/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { invitationRoutes } from './modules/invitations/routes.js';
import { meRoutes } from './modules/me/routes.js';
import { memberRoutes } from './modules/members/routes.js';
import { setupRoutes } from './modules/setup/routes.js';
import { itemRoutes } from './modules/items/routes.js';
import { locationRoutes } from './modules/locations/routes.js';
import { photoRoutes } from './modules/photos/routes.js';
import { catalogueIoRoutes } from './modules/catalogue-io/routes.js';
import { stageRoutes } from './modules/stages/routes.js';
import { participationRoutes } from './modules/participation/routes.js';
import { drawRoutes } from './modules/draws/routes.js';
import { approvalRoutes } from './modules/approvals/routes.js';
import { deadlineRoutes } from './modules/deadlines/routes.js';
import { todoRoutes } from './modules/todos/routes.js';
import { processDueDeadlines, sendDueReminders } from './modules/deadlines/service.js';
import { Scheduler } from './platform/jobs.js';
import { refreshStatistics } from './db/maintenance.js';
import { sweepPhotoFilesWhenDue } from './modules/photos/sweep.js';
import multipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES } from './platform/images.js';

declare module 'fastify' {
  interface FastifyInstance {
    scheduler: Scheduler;
  }
}

/**
 * The schema-checked serialiser, remembering its text per answer object: an answer that comes
 * from the read cache is the same (never mutated) object each time and is checked and written once.
 */
const serializeOncePerObject: typeof serializerCompiler = (route) => {
  const serialize = serializerCompiler(route);
  const written = new WeakMap<object, string>();
  return (data: unknown) => {
    if (typeof data !== 'object' || data === null) return serialize(data);
    let text = written.get(data);
    if (text === undefined) {
      text = serialize(data);
      written.set(data, text);
    }
    return text;
  };
};

export type BuildOptions = { config: Config; database: Database; now?: () => Date };

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

const MODULES = [
  healthRoutes,
  setupRoutes,
  authRoutes,
  meRoutes,
  estateRoutes,
  memberRoutes,
  invitationRoutes,
  activityRoutes,
  adminRoutes,
  eventRoutes,
  locationRoutes,
  itemRoutes,
  photoRoutes,
  catalogueIoRoutes,
  stageRoutes,
  participationRoutes,
  drawRoutes,
  approvalRoutes,
  deadlineRoutes,
  todoRoutes,
];

export async function buildApp({ config, database, now = () => new Date() }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: loggerOptions(config.LOG_LEVEL) });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializeOncePerObject);
  // The API speaks JSON (and multipart for uploads); anything else is refused with 415.
  app.removeContentTypeParser('text/plain');

  const ctx = await createContext(config, database, app.log, now);
  const { events, mailer } = ctx;
  await events.start();
  const scheduler = new Scheduler(
    ctx,
    [
      { name: 'deadline-reminders', run: sendDueReminders },
      { name: 'deadlines', run: processDueDeadlines },
      { name: 'planner-statistics', run: refreshStatistics },
      { name: 'photo-files', run: sweepPhotoFilesWhenDue },
    ],
    app.log,
  );
  app.decorate('scheduler', scheduler);
  app.addHook('onReady', async () => {
    await refreshStatistics(ctx);
    scheduler.start(config.SCHEDULER_INTERVAL_SECONDS);
  });
  app.addHook('onClose', async () => {
    await scheduler.stop();
    await events.stop();
    mailer.close();
  });

  // Security headers on every answer. The middleware is built once (@fastify/helmet rebuilt it,
  // CSP parsing included, on every request: a measurable share of the API's time).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (req, reply, done) => {
    securityHeaders(req.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } });
  await app.register(rateLimit, {
    global: false,
    ...(config.REDIS_URL ? { redis: new Redis(config.REDIS_URL, { connectTimeout: 2000, maxRetriesPerRequest: 1 }) } : {}),
    errorResponseBuilder: (_req, context) =>
      new AppError('rate_limited', `Too many attempts. Please wait ${context.after} and try again.`),
  });

  app.addHook('onSend', async (req, reply) => {
    // API answers carry personal data: never cache them.
    if (req.url.startsWith('/api/') && !req.url.startsWith('/api/docs')) reply.header('Cache-Control', 'no-store');
  });

  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      return reply.code(err.status).send({ error: { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) } });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const v of err.validation) {
        const prefix = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const keys = (v.params as { keys?: unknown }).keys;
        if (v.keyword === 'unrecognized_keys' && Array.isArray(keys)) {
          for (const key of keys) fields[prefix ? `${prefix}.${String(key)}` : String(key)] = 'This field is not accepted here.';
          continue;
        }
        fields[prefix || (err.validationContext ?? 'body')] ??= validationText(v.message);
      }
      const where = err.validationContext === 'body' ? 'request' : (err.validationContext ?? 'request');
      return reply.code(400).send({ error: { code: 'validation_failed', message: `Some of the ${where} fields are not valid.`, fields } });
    }
    const status = err.statusCode ?? 500;
    if (status === 413) return reply.code(413).send({ error: { code: 'too_large', message: 'That is too large to upload.' } });
    if (status === 415) return reply.code(415).send({ error: { code: 'unsupported_type', message: 'That content type is not accepted here.' } });
    if (status === 429) return reply.code(429).send({ error: { code: 'rate_limited', message: 'Too many requests. Please wait a moment.' } });
    if (status >= 400 && status < 500) {
      return reply.code(400).send({ error: { code: 'validation_failed', message: 'The request could not be read. Please check it and try again.' } });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(ERROR_STATUS.internal).send({ error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } });
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Estate Portal API', version: '0.1.0', description: 'See shared/spec/api.md for conventions.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // Every API route must say what it does; the access it declares is checked before validation.
  governRoutes(app, ctx);
  for (const module of MODULES) {
    await app.register((scope, _options, done) => {
      module(scope, ctx);
      done();
    });
  }

  const webDist = config.WEB_DIST ?? DEFAULT_WEB_DIST;
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      // Look files up per request, so a rebuilt web app is served without restarting.
      wildcard: true,
      index: false,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
    app.get('/', { schema: { hide: true } }, (_req, reply) => reply.header('Cache-Control', 'no-cache').sendFile('index.html'));
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || (req.method !== 'GET' && req.method !== 'HEAD') || !hasWeb) {
      return reply.code(404).send({ error: { code: 'not_found', message: 'There is nothing at this address.' } });
    }
    // Client-side routes: the single-page app decides what to show (including its own 404 page).
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });

  return app;
}
