import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DRAW_STEPS, type DrawStep } from '@estate/domain/draw/inputs';
import {
  directiveAnswer,
  directivesAnswer,
  drawAnswer,
  drawLinesAnswer,
  drawsAnswer,
  entropyAnswer,
  fairnessAnswer,
  poolSummaryAnswer,
  publishAnswer,
  stepPreviewAnswer,
  stepRunAnswer,
  stepUndoAnswer,
  verifyAnswer,
} from '@estate/domain/schemas/draws';
import type { AppContext } from '../../platform/context.js';
import { caller, estateAccess } from '../../platform/route-access.js';
import { errorResponses, estateParams, noContent, router } from '../../platform/http.js';
import * as draws from './service.js';
import { verifyBytes } from './verify.js';

const errors = errorResponses(400, 401, 403, 404, 409);
const stepSchema = z.coerce
  .number()
  .int()
  .refine((s) => (DRAW_STEPS as readonly number[]).includes(s), { message: 'The automated steps are 14, 15, 21 and 31.' })
  .transform((s) => s as DrawStep);
const stepParams = estateParams.extend({ step: stepSchema });
const noBody = z.strictObject({}).nullish();
/** The step a `/steps/:step/…` route addresses, for the policy's stage window. */
const stepInPath = (req: FastifyRequest) => ({ step: (req.params as { step: number }).step });

/**
 * The largest record a real 5,000-item, 50-beneficiary estate produces, measured (2026-11-29,
 * `runPipeline` on generated inputs, compact JSON as the verify page sends it): with the benchmark's
 * spread of hearts (most items wanted by nobody or a few) a step's record is 1.6 MB; with each of the
 * 50 hearting a fifth of all items (1,000 hearts each, far more than any family) 7.2 MB. 16 MB is
 * twice that. Only a record where everyone hearted nearly every item is larger (32 MB when all 50
 * hearted all 5,000): the command-line checker (`verify-cli`) checks such a file on one's own computer.
 */
export const VERIFY_BODY_LIMIT = 16 * 1024 * 1024;
/** Re-running a large record takes a second of a worker's time: a few checks per person per minute. */
export const VERIFY_PER_MINUTE = 10;

export function drawRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = router(app);

  r.post('/api/estates/:eid/directives', {
    config: { action: 'directive.manage' },
    schema: {
      tags: ['draws'],
      params: estateParams,
      body: z.strictObject({
        itemId: z.uuid({ message: 'Not a valid item id.' }),
        memberId: z.uuid({ message: 'Not a valid member id.' }),
        clause: z.string().trim().min(1, { message: 'Quote the clause of the will or trust.' }).max(4000),
        documentId: z.uuid({ message: 'Not a valid document id.' }).optional(),
      }),
      response: { 201: directiveAnswer, ...errors },
    },
    handler: async (req, reply) => {
      const access = estateAccess(req);
      return reply.code(201).send({ directive: await draws.createDirective(ctx, access, req.body) });
    },
  });

  r.post('/api/estates/:eid/returns', {
    config: { action: 'directive.manage' },
    schema: {
      tags: ['draws'],
      params: estateParams,
      body: z.strictObject({
        itemId: z.uuid({ message: 'Not a valid item id.' }),
        memberId: z.uuid({ message: 'Not a valid member id.' }).optional(),
        note: z.string().trim().max(2000).default(''),
      }),
      response: { 201: directiveAnswer, ...errors },
    },
    handler: async (req, reply) => {
      const access = estateAccess(req);
      return reply.code(201).send({ directive: await draws.createReturn(ctx, access, req.body) });
    },
  });

  r.get('/api/estates/:eid/directives', {
    config: { action: 'directive.view' },
    schema: { tags: ['draws'], params: estateParams, response: { 200: directivesAnswer, ...errors } },
    handler: async (req) => {
      const access = estateAccess(req);
      return { directives: await draws.listDirectives(ctx, access) };
    },
  });

  r.delete('/api/estates/:eid/directives/:iid', {
    config: { action: 'directive.manage' },
    schema: { tags: ['draws'], params: estateParams.extend({ iid: z.uuid({ message: 'Not a valid item id.' }) }), response: { 204: noContent, ...errors } },
    handler: async (req, reply) => {
      const access = estateAccess(req);
      await draws.removeDirective(ctx, access, req.params.iid);
      return reply.code(204).send(null);
    },
  });

  r.put('/api/estates/:eid/steps/:step/entropy', {
    config: { action: 'step.entropy', resource: stepInPath },
    schema: {
      tags: ['draws'],
      params: stepParams,
      body: z.strictObject({ publicEntropy: z.string().trim().max(500, { message: 'At most 500 characters.' }) }),
      response: { 200: entropyAnswer, ...errors },
    },
    handler: async (req) => {
      const access = estateAccess(req);
      return draws.setPublicEntropy(ctx, access, req.params.step, req.body.publicEntropy);
    },
  });

  r.post('/api/estates/:eid/steps/:step/preview', {
    config: { action: 'step.preview', resource: stepInPath },
    schema: {
      tags: ['draws'],
      params: stepParams,
      body: noBody,
      response: { 200: stepPreviewAnswer, ...errors },
    },
    handler: async (req) => {
      const access = estateAccess(req);
      return draws.previewStep(ctx, access, req.params.step);
    },
  });

  r.post('/api/estates/:eid/steps/:step/run', {
    config: { action: 'step.run', resource: stepInPath },
    schema: { tags: ['draws'], params: stepParams, body: noBody, response: { 200: stepRunAnswer, ...errors } },
    handler: async (req) => {
      const access = estateAccess(req);
      return draws.runStep(ctx, access, req.params.step);
    },
  });

  r.post('/api/estates/:eid/steps/:step/undo', {
    config: { action: 'step.undo', resource: stepInPath },
    schema: {
      tags: ['draws'],
      params: stepParams,
      body: noBody,
      response: { 200: stepUndoAnswer, ...errors },
    },
    handler: async (req) => {
      const access = estateAccess(req);
      return draws.undoStep(ctx, access, req.params.step);
    },
  });

  r.get('/api/estates/:eid/draws', {
    config: { action: 'draw.list' },
    schema: {
      tags: ['draws'],
      params: estateParams,
      response: { 200: drawsAnswer, ...errors },
    },
    handler: async (req) => {
      const access = estateAccess(req);
      return { draws: await draws.listDraws(ctx, access) };
    },
  });

  r.get('/api/estates/:eid/draws/:step', {
    config: { action: 'draw.view' },
    schema: { tags: ['draws'], params: stepParams, response: { 200: drawAnswer, ...errors } },
    handler: async (req, reply) => {
      const access = estateAccess(req);
      const record = await draws.getDraw(ctx, access, req.params.step);
      return reply.header('Content-Disposition', `attachment; filename="estate-draw-step-${req.params.step}.json"`).send(record);
    },
  });

  r.get('/api/estates/:eid/draws/:step/lines', {
    config: { action: 'draw.viewFull' },
    schema: { tags: ['draws'], params: stepParams, response: { 200: drawLinesAnswer, ...errors } },
    handler: async (req) => draws.getDrawLines(ctx, estateAccess(req), req.params.step),
  });

  r.post('/api/estates/:eid/draws/publish', {
    config: { action: 'draw.publish' },
    schema: { tags: ['draws'], params: estateParams, body: noBody, response: { 200: publishAnswer, ...errors } },
    handler: async (req) => {
      const access = estateAccess(req);
      return draws.publishRecords(ctx, access);
    },
  });

  // The record is read and re-checked in a worker (verify.ts): this scope keeps the body's bytes
  // unread, so not even the JSON parse of a large record runs on the request loop.
  void app.register((scope, _opts, registered) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    router(scope).post('/api/draws/verify', {
      bodyLimit: VERIFY_BODY_LIMIT,
      config: {
        action: 'account',
        // Per signed-in person (not only per address), counted once the caller is known.
        rateLimit: { max: VERIFY_PER_MINUTE, timeWindow: '1 minute', hook: 'preHandler', keyGenerator: (req) => `verify:${req.callerResolved?.id ?? req.ip}` },
      },
      schema: {
        tags: ['draws'],
        description: `A full record or a beneficiary's copy (JSON); at most ${VERIFY_BODY_LIMIT / 1024 / 1024} MB, one check at a time and ${VERIFY_PER_MINUTE} a minute per person.`,
        // What the document says; the bytes are read in the worker (see the validator below).
        body: z.record(z.string(), z.unknown()),
        response: { 200: verifyAnswer, ...errorResponses(400, 401, 403, 413, 429, 503) },
      },
      // The body stays bytes here: the worker reads and checks it.
      validatorCompiler: () => (data: unknown) => ({ value: data }),
      errorHandler: (err, _req, reply) => {
        if (err.statusCode !== 413) throw err;
        void reply.code(413).send({
          error: {
            code: 'too_large',
            message: `This file is larger than any draw record can be (${VERIFY_BODY_LIMIT / 1024 / 1024} MB at most, enough for 5,000 items and 50 beneficiaries), so it was not checked. A larger file can be checked with the command-line checker on your own computer.`,
          },
        });
      },
      handler: (req) => verifyBytes(caller(req).id, req.body as unknown as Buffer),
    });
    registered();
  });

  r.get('/api/estates/:eid/pool-summary', {
    config: { action: 'pool.review' },
    schema: {
      tags: ['draws'],
      params: estateParams,
      response: { 200: poolSummaryAnswer, ...errors },
    },
    handler: async (req) => {
      const access = estateAccess(req);
      return draws.poolSummary(ctx, access);
    },
  });

  r.get('/api/estates/:eid/fairness', {
    config: { action: 'report.view' },
    schema: { tags: ['draws'], params: estateParams, response: { 200: fairnessAnswer, ...errors } },
    handler: async (req) => {
      const access = estateAccess(req);
      return draws.getFairness(ctx, access);
    },
  });
}
