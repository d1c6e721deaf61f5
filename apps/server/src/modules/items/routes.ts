import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ITEM_STATUSES } from '@estate/domain/item-status';
import { appraisalBody, createItemBody, updateItemBody } from '@estate/domain/items';
import { itemAnswer, itemsPageAnswer, labelsAnswer } from '@estate/domain/schemas/items';
import { itemAddedBy } from '../../platform/added-by.js';
import type { AppContext } from '../../platform/context.js';
import { estateAccess } from '../../platform/route-access.js';
import { errorResponses, estateParams, noContent, router } from '../../platform/http.js';
import { bodyFingerprint, createOnce, idempotencyKey } from '../../platform/idempotency.js';
import { sendJsonText } from '../../platform/serializer.js';
import * as items from './service.js';

const itemParams = estateParams.extend({ iid: z.uuid() });
const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

const errors = errorResponses(400, 401, 403, 404, 409);

export function itemRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = router(app);

  r.get('/api/estates/:eid/items', {
    config: { action: 'item.view' },
    schema: {
      tags: ['catalogue'],
      params: estateParams,
      querystring: z.strictObject({
        q: z.string().trim().max(200).optional().describe('Search: number, name, other text fields and (an extension of api.md) the room name'),
        locationId: z.uuid().optional(),
        roomId: z.uuid().optional(),
        category: z.string().max(60).optional(),
        status: z.enum(ITEM_STATUSES).optional(),
        highInterest: flag.optional(),
        mine: flag.optional(),
        noPhoto: flag.optional(),
        sort: z.enum(items.SORTS).default('number'),
        cursor: z.string().max(500).optional(),
        limit: z.coerce.number().int().min(1).max(200).default(50),
      }),
      response: { 200: itemsPageAnswer, ...errors },
    },
    handler: async (req, reply) => {
      const access = estateAccess(req);
      const page = await items.listItems(ctx, access, req.query);
      return sendJsonText(reply, page, itemsPageAnswer, ctx.config.NODE_ENV !== 'production');
    },
  });

  r.post('/api/estates/:eid/items', {
    config: { action: 'item.create' },
    schema: {
      tags: ['catalogue'],
      description: 'Takes an `Idempotency-Key` header (1–200 characters, api.md "Stories and offline creation"): a repeat by the same person in the same estate answers the first creation and creates nothing; the same key with another body answers 409; a refusal is not kept, so a repeat is asked again. Keys are kept 8 days.',
      params: estateParams,
      body: createItemBody,
      response: { 201: itemAnswer, ...errors },
    },
    handler: async (req, reply) => {
      const access = estateAccess(req);
      const key = idempotencyKey(req);
      const fingerprint = bodyFingerprint('item.create', JSON.stringify(req.body));
      const answer = await createOnce(ctx, access, key, 'item.create', fingerprint, async () => ({ item: await items.createItem(ctx, access, req.body) }));
      return reply.code(201).header('ETag', `"${answer.item.version}"`).send(answer);
    },
  });

  r.get('/api/estates/:eid/items/:iid', {
    config: { action: 'item.view' },
    schema: {
      tags: ['catalogue'],
      params: itemParams,
      response: { 200: itemAnswer, ...errors },
    },
    handler: async (req, reply) => {
      const access = estateAccess(req);
      const view = await items.viewItem(ctx, access, req.params.iid);
      return reply.header('ETag', `"${view.item.version}"`).send(view);
    },
  });

  r.patch('/api/estates/:eid/items/:iid', {
    config: { action: 'item.update', addedBy: itemAddedBy },
    schema: {
      tags: ['catalogue'],
      params: itemParams,
      body: updateItemBody,
      response: { 200: itemAnswer, ...errorResponses(400, 401, 403, 404, 409, 412, 428) },
    },
    handler: async (req, reply) => {
      const access = estateAccess(req);
      const version = items.parseIfMatch(req.headers['if-match']);
      const item = await items.updateItem(ctx, access, req.params.iid, version, req.body);
      return reply.header('ETag', `"${item.version}"`).send({ item });
    },
  });

  // Hold and release: the trustee takes an unassigned item out of the pool and puts it back.
  for (const [method, status] of [['PUT', 'hold'], ['DELETE', 'unassigned']] as const) {
    r.route({
      method,
      url: '/api/estates/:eid/items/:iid/hold',
      config: { action: 'item.hold' },
      schema: {
        tags: ['catalogue'],
        params: itemParams,
        response: { 200: itemAnswer, ...errorResponses(400, 401, 403, 404, 409, 412, 428) },
      },
      handler: async (req, reply) => {
        const version = items.parseIfMatch(req.headers['if-match']);
        const item = await items.updateItem(ctx, estateAccess(req), req.params.iid, version, { status });
        return reply.header('ETag', `"${item.version}"`).send({ item });
      },
    });
  }

  r.put('/api/estates/:eid/items/:iid/value', {
    config: { action: 'item.appraise' },
    schema: {
      tags: ['catalogue'],
      params: itemParams,
      body: appraisalBody,
      response: { 200: itemAnswer, ...errorResponses(400, 401, 403, 404, 409, 412, 428) },
    },
    handler: async (req, reply) => {
      const version = items.parseIfMatch(req.headers['if-match']);
      const item = await items.updateItem(ctx, estateAccess(req), req.params.iid, version, req.body);
      return reply.header('ETag', `"${item.version}"`).send({ item });
    },
  });

  r.delete('/api/estates/:eid/items/:iid', {
    config: { action: 'item.delete', addedBy: itemAddedBy },
    schema: { tags: ['catalogue'], params: itemParams, response: { 204: noContent, ...errors } },
    handler: async (req, reply) => {
      const access = estateAccess(req);
      await items.deleteItem(ctx, access, req.params.iid);
      return reply.code(204).send(null);
    },
  });

  r.get('/api/estates/:eid/labels', {
    config: { action: 'item.view' },
    schema: {
      tags: ['catalogue'],
      params: estateParams,
      response: { 200: labelsAnswer, ...errors },
    },
    handler: async (req) => {
      const access = estateAccess(req);
      return items.listLabels(ctx, access.estate.id);
    },
  });
}
