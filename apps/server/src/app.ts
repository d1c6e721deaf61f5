/** Builds the Fastify instance: used by main.ts and by the tests (through `app.inject`). */
import { AsyncResource } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DestinationStream } from 'pino';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { runInWriteScope, type WriteScope } from './db/write-tracking.js';
import { createContext } from './platform/context.js';
import { AppError, refusalBody, says, type Says } from './platform/errors.js';
import { fieldSays } from './platform/field-says.js';
import { requestLanguage } from './platform/refusals.js';
import { loggerOptions, logsEachRequest } from './platform/logging.js';
import { webPages } from './platform/web-pages.js';
import {
  isDataException,
  isForeignKeyViolation,
  isUnreadableForm,
  jsonMayHoldUnstorableText,
  unstorableTextPath,
} from './platform/http.js';
import { governRoutes } from './platform/route-access.js';
import { openApiTransform } from './platform/openapi.js';
import { activityRoutes } from './modules/activity/routes.js';
import { questionRoutes } from './modules/questions/routes.js';
import { adminRoutes } from './modules/admin/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { estateRoutes } from './modules/estates/routes.js';
import { eventRoutes } from './modules/events/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { invitationRoutes } from './modules/invitations/routes.js';
import { meRoutes } from './modules/me/routes.js';
import { memberRoutes } from './modules/members/routes.js';
import { directoryRoutes } from './modules/members/directory-routes.js';
import { profileRoutes } from './modules/me/profile-routes.js';
import { setupRoutes } from './modules/setup/routes.js';
import { itemRoutes } from './modules/items/routes.js';
import { locationRoutes } from './modules/locations/routes.js';
import { photoRoutes } from './modules/photos/routes.js';
import { storyRoutes } from './modules/stories/routes.js';
import { catalogueIoRoutes } from './modules/catalogue-io/routes.js';
import { closingRoutes } from './modules/closing/routes.js';
import { installationRoutes } from './modules/closing/admin-routes.js';
import { stageRoutes } from './modules/stages/routes.js';
import { participationRoutes } from './modules/participation/routes.js';
import { drawRoutes } from './modules/draws/routes.js';
import { inputCommitmentRoutes } from './modules/input-commitments/routes.js';
import { approvalRoutes } from './modules/approvals/routes.js';
import { deadlineRoutes } from './modules/deadlines/routes.js';
import { todoRoutes } from './modules/todos/routes.js';
import { handoverRoutes } from './modules/handover/routes.js';
import { sendReceiptReminders } from './modules/handover/notify.js';
import { agreementRoutes } from './modules/agreements/routes.js';
import { documentRoutes } from './modules/documents/routes.js';
import { nextStepRoutes } from './modules/next-step/routes.js';
import { personalTodoRoutes } from './modules/todos/personal-routes.js';
import { lessonRoutes } from './modules/lessons/routes.js';
import { analyticsRoutes } from './modules/analytics/routes.js';
import { conversationRoutes } from './modules/conversations/routes.js';
import { noteRoutes } from './modules/notes/routes.js';
import { quickPanelRoutes } from './modules/quick-panel/routes.js';
import { settlementRoutes } from './modules/settlement/routes.js';
import { sendNoteReminders } from './modules/notes/service.js';
import { processDueDeadlines, sendDueReminders } from './modules/deadlines/service.js';
import { Scheduler } from './platform/jobs.js';
import type { ProcessRunner } from './platform/stage-process.js';
import { processHandlers } from './process-handlers.js';
import { refreshStatistics } from './db/maintenance.js';
import { sweepPhotoFilesWhenDue } from './modules/photos/sweep.js';
import multipart from '@fastify/multipart';
import { answerSerializer } from './platform/serializer.js';
import { MAX_UPLOAD_BYTES } from './platform/images.js';

declare module 'fastify' {
  interface FastifyInstance {
    scheduler: Scheduler;
    /** The process table at work; tests await `stageProcess.idle()` for the work a move sets off. */
    stageProcess: ProcessRunner;
  }
}

export type BuildOptions = {
  config: Config;
  database: Database;
  now?: () => Date;
  /** Where the log goes (tests read it); standard output by default. */
  logStream?: DestinationStream;
};

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

const MODULES = [
  healthRoutes,
  setupRoutes,
  authRoutes,
  meRoutes,
  estateRoutes,
  memberRoutes,
  directoryRoutes,
  profileRoutes,
  invitationRoutes,
  activityRoutes,
  adminRoutes,
  eventRoutes,
  locationRoutes,
  itemRoutes,
  photoRoutes,
  catalogueIoRoutes,
  closingRoutes,
  installationRoutes,
  stageRoutes,
  participationRoutes,
  drawRoutes,
  inputCommitmentRoutes,
  approvalRoutes,
  deadlineRoutes,
  todoRoutes,
  handoverRoutes,
  agreementRoutes,
  documentRoutes,
  nextStepRoutes,
  personalTodoRoutes,
  lessonRoutes,
  analyticsRoutes,
  conversationRoutes,
  noteRoutes,
  quickPanelRoutes,
  settlementRoutes,
  questionRoutes,
  storyRoutes,
];

/** The one shape of a refusal: `{ error: { code, message, reason?, params?, fields? } }`, in the request's language. */
function refuse(reply: FastifyReply, error: AppError) {
  if (error.refusedBy) reply.header('X-Refused-By', error.refusedBy);
  return reply.code(error.status).send({ error: refusalBody(error, requestLanguage(reply.request)) });
}

/** Text no column can hold (a NUL, half a surrogate pair), named by its field. */
function unstorableText(where: 'request' | 'querystring' | 'params', field: string): AppError {
  return new AppError('validation_failed', says(`validation.${where}`), {
    [field || (where === 'request' ? 'body' : where)]: says('validation.text'),
  });
}

/** How long after start the embedded database's planner statistics are refreshed (db/maintenance.ts). */
const STATISTICS_AFTER_START_MS = 5_000;

export async function buildApp({
  config,
  database,
  now = () => new Date(),
  logStream,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL, logStream),
    disableRequestLogging: !logsEachRequest(config.LOG_LEVEL),
    // A path that is not valid percent-encoding (or too long a path part) answers in the API's shape.
    frameworkErrors: (err, _req, reply) => {
      const field =
        err.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? says('validation.addressTooLong')
          : says('validation.addressInvalid');
      void refuse(reply, new AppError('validation_failed', says('validation.address'), { path: field }));
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializer({ check: config.NODE_ENV !== 'production' }));
  // The API speaks JSON (and multipart for uploads); anything else is refused with 415.
  app.removeContentTypeParser('text/plain');
  // JSON as Fastify reads it (prototype poisoning refused), then no text a column cannot hold,
  // anywhere in the body: every route is covered, whatever its schema says.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const raw = body as string;
    void parseJson(req, raw, (err, value) => {
      if (err) return done(err);
      const field = jsonMayHoldUnstorableText(raw) ? unstorableTextPath(value) : undefined;
      if (field !== undefined) return done(unstorableText('request', field));
      return done(null, value);
    });
  });

  const ctx = await createContext(config, database, app.log, now, processHandlers);
  const { events, mailer } = ctx;
  await events.start();
  const scheduler = new Scheduler(
    ctx,
    [
      { name: 'deadline-reminders', run: sendDueReminders },
      { name: 'deadlines', run: processDueDeadlines },
      { name: 'stage-jobs', run: (c) => c.process.runJobs(c) },
      { name: 'receipt-reminders', run: sendReceiptReminders },
      { name: 'note-reminders', run: sendNoteReminders },
      { name: 'planner-statistics', run: refreshStatistics },
      { name: 'photo-files', run: sweepPhotoFilesWhenDue },
    ],
    app.log,
  );
  app.decorate('scheduler', scheduler);
  app.decorate('stageProcess', ctx.process);
  // The embedded database's planner statistics are kept in its folder: refreshing them can wait
  // until the server has answered its first requests (it held the first answer by a few hundred
  // milliseconds, issue 35). A new folder's tables are empty, and the first import forces it.
  let statistics: NodeJS.Timeout | undefined;
  app.addHook('onReady', () => {
    statistics = setTimeout(() => {
      refreshStatistics(ctx).catch((err: unknown) => app.log.warn({ err }, 'planner statistics were not refreshed'));
    }, STATISTICS_AFTER_START_MS);
    statistics.unref();
    scheduler.start(config.SCHEDULER_INTERVAL_SECONDS);
    return Promise.resolve();
  });
  app.addHook('onClose', async () => {
    clearTimeout(statistics);
    await scheduler.stop();
    await ctx.process.idle();
    // Mail that follows an action may still publish its in-app notice.
    await mailer.idle();
    await events.stop();
    await mailer.close();
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
        // A story's recording is listened to before it is sent (a blob: address, issue 34).
        mediaSrc: ["'self'", 'blob:'],
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
  // Each request's writes are counted for the estate its route acts on (db/write-tracking.ts); body
  // parsing loses the async context, so it is entered again before validation.
  app.addHook('onRequest', (req, _reply, done) => {
    const scope: WriteScope = {};
    req.writeScope = scope;
    runInWriteScope(scope, () => {
      req.writeScopeResource = new AsyncResource('estate-write-scope');
      req.writeScopeResource.runInAsyncScope(done);
    });
  });
  app.addHook('preValidation', (req, _reply, done) => {
    if (req.writeScopeResource) req.writeScopeResource.runInAsyncScope(done);
    else done();
  });
  app.addHook('onRequest', (req, reply, done) => {
    securityHeaders(req.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });
  // After the headers, the same for the query string and the path (where NUL and surrogates
  // can only arrive percent-encoded, so most requests skip the check).
  app.addHook('onRequest', (req, _reply, done) => {
    if (!req.url.includes('%')) return done();
    const query = unstorableTextPath(req.query);
    if (query !== undefined) return done(unstorableText('querystring', query));
    const params = unstorableTextPath(req.params);
    return done(params === undefined ? undefined : unstorableText('params', params));
  });
  // Answers are compressed for browsers that accept it (the item list's 60 entries: about 40 kB of
  // JSON, a sixth of that in Brotli), which a slow phone connection feels. Brotli at quality 4
  // (the plugin's default) costs little time per answer; the web app's files have their own
  // compressed copies (below). Answers holding a session token are never compressed (auth routes).
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } });
  await app.register(rateLimit, {
    global: false,
    // ioredis is loaded only when a Redis is configured (a fast cold start, ADR 0018).
    ...(config.REDIS_URL
      ? {
          redis: new (await import('ioredis')).Redis(config.REDIS_URL, {
            connectTimeout: 2000,
            maxRetriesPerRequest: 1,
          }),
        }
      : {}),
    errorResponseBuilder: (_req, context) =>
      new AppError('rate_limited', {
        reason: 'rate.wait',
        params: { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) },
        english: `Too many attempts. Please wait ${context.after} and try again.`,
      }),
  });

  app.addHook('onSend', async (req, reply) => {
    // API answers carry personal data: never cache them, unless the route chose otherwise (a
    // photo's signed, hour-rounded link is kept by the browser it was shown to, photos/routes.ts).
    if (req.url.startsWith('/api/') && !req.url.startsWith('/api/docs') && !reply.hasHeader('Cache-Control'))
      reply.header('Cache-Control', 'no-store');
  });

  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) return refuse(reply, err);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string | Says> = {};
      for (const v of err.validation) {
        const prefix = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const keys = (v.params as { keys?: unknown }).keys;
        if (v.keyword === 'unrecognized_keys' && Array.isArray(keys)) {
          for (const key of keys)
            fields[prefix ? `${prefix}.${String(key)}` : String(key)] = says('field.notAccepted');
          continue;
        }
        fields[prefix || (err.validationContext ?? 'body')] ??= fieldSays(v.keyword, v.params, v.message);
      }
      const where =
        err.validationContext === 'body' || !err.validationContext ? 'request' : err.validationContext;
      return refuse(reply, new AppError('validation_failed', says(`validation.${where}`), fields));
    }
    if (isUnreadableForm(err, req.headers['content-type'])) {
      return refuse(
        reply,
        new AppError('validation_failed', says('validation.unreadableUpload'), {
          file: says('validation.unreadableFile'),
        }),
      );
    }
    if (err.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      return refuse(reply, new AppError('unsupported_type', says('validation.multipart')));
    }
    if (err.code === 'FST_FILES_LIMIT')
      return refuse(reply, new AppError('too_large', says('validation.oneFile')));
    const status = err.statusCode ?? 500;
    if (status === 413) return refuse(reply, new AppError('too_large', says('code.too_large')));
    if (status === 415)
      return refuse(reply, new AppError('unsupported_type', says('validation.contentType')));
    if (status === 429) return refuse(reply, new AppError('rate_limited', says('code.rate_limited')));
    if (status >= 400 && status < 500)
      return refuse(reply, new AppError('validation_failed', says('validation.unreadableRequest')));
    const route = req.routeOptions.url;
    if (isDataException(err)) {
      // A value the database refused reached it unchecked: the sender's input, and a schema to tighten.
      req.log.warn({ err, route }, 'a value reached the database unchecked');
      return refuse(reply, new AppError('validation_failed', says('validation.unusableValue')));
    }
    if (isForeignKeyViolation(err)) {
      // Something the request points to was removed by someone else while it was written.
      req.log.warn({ route }, 'refused: a row it refers to was removed meanwhile');
      return refuse(reply, new AppError('conflict', says('code.conflict')));
    }
    // The logger's serialisers keep this to the route pattern and a scrubbed error: no query
    // string, body, or the failing statement's parameters (see platform/logging.ts).
    req.log.error({ err, route }, 'unhandled error');
    return refuse(reply, new AppError('internal', says('code.internal')));
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Estate Portal API',
        version: '0.1.0',
        description: 'See shared/spec/api.md for conventions.',
      },
      servers: [{ url: config.PUBLIC_URL, description: 'this installation' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    // Each operation's name and summary (platform/openapi.ts).
    transform: openApiTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // Every API route must say what it does; one pre-handler checks the access it declares.
  governRoutes(app, ctx);
  for (const module of MODULES) {
    await app.register((scope, _options, done) => {
      module(scope, ctx);
      done();
    });
  }

  const webDist = config.WEB_DIST ?? DEFAULT_WEB_DIST;
  // Whether the web app is built is asked at every page request, not once at start: a server started
  // while `npm run build` rewrites the folder (or before the first build) serves it once it is there.
  const hasWeb = () => existsSync(path.join(webDist, 'index.html'));
  await app.register(fastifyStatic, {
    root: webDist,
    // Look files up per request, so a rebuilt web app is served without restarting.
    wildcard: true,
    index: false,
    // The build's Brotli and gzip copies (apps/web/scripts/compress-plugin.ts) when accepted.
    preCompressed: true,
    // Hashed assets never change; anything else (the app's page, also from the routes below) is
    // asked for again each time.
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const pageFor = webPages(webDist);
  const noSuchAddress = (reply: FastifyReply) => refuse(reply, new AppError('not_found', says('notFound.address')));
  app.get('/', { schema: { hide: true } }, (_req, reply) => (hasWeb() ? reply.sendFile('index.html') : noSuchAddress(reply)));
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || (req.method !== 'GET' && req.method !== 'HEAD') || !hasWeb()) return noSuchAddress(reply);
    // Client-side routes: the single-page app decides what to show (including its own 404 page).
    // The pages a visit most often opens first get a copy that names their code (ADR 0032).
    return reply.sendFile(pageFor(req.url));
  });

  return app;
}
