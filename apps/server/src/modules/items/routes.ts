import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ITEM_STATUSES, appraisalBody, createItemBody, updateItemBody } from '@estate/domain/items';
import type { AppContext } from '../../platform/context.js';
import { estateAccess } from '../../platform/route-access.js';
import { errorResponses, estateParams, noContent, router } from '../../platform/http.js';
import * as items from './service.js';

const itemParams = estateParams.extend({ iid: z.uuid() });
const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

const listItemSchema = z.object({
  id: z.string(),
  number: z.number(),
  label: z.string(),
  name: z.string(),
  locationId: z.string().nullable(),
  roomId: z.string().nullable(),
  categories: z.array(z.string()),
  status: z.enum(ITEM_STATUSES),
  distribution: z.enum(['divide', 'return']),
  highInterest: z.boolean(),
  value: z.string().nullable(),
  currency: z.string(),
  photoCount: z.number(),
  thumbUrl: z.string().nullable(),
  interestCount: z.number(),
  interested: z.boolean(),
  assignedTo: z.string().nullable(),
  version: z.number(),
  updatedAt: z.string(),
});

const photoSchema = z.object({
  id: z.string(),
  width: z.number(),
  height: z.number(),
  thumbUrl: z.string(),
  previewUrl: z.string(),
  originalUrl: z.string(),
});

export const itemSchema = z.object({
  id: z.string(),
  number: z.number(),
  label: z.string(),
  name: z.string(),
  notes: z.string(),
  locationId: z.string().nullable(),
  roomId: z.string().nullable(),
  categories: z.array(z.string()),
  tags: z.array(z.string()),
  giver: z.string(),
  owners: z.string(),
  brand: z.string(),
  model: z.string(),
  year: z.number().nullable(),
  value: z.string().nullable(),
  currency: z.string(),
  distribution: z.enum(['divide', 'return']),
  status: z.enum(ITEM_STATUSES),
  highInterest: z.boolean(),
  highInterestSource: z.enum(['auto', 'trustee']).nullable(),
  assignment: z
    .object({
      memberId: z.string(),
      reason: z.string().nullable(),
      step: z.number().nullable(),
      detail: z.record(z.string(), z.unknown()).nullable(),
      at: z.string().nullable(),
    })
    .nullable(),
  unwantedOutcome: z.string().nullable(),
  featuredPhotoId: z.string().nullable(),
  photos: z.array(photoSchema),
  interestCount: z.number(),
  interested: z.boolean(),
  warnings: z.array(z.string()),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const errors = errorResponses(400, 401, 403, 404, 409);

export function itemRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = router(app);

  r.get('/api/estates/:eid/items', {
    config: { action: 'item.view' },
    schema: {
      tags: ['catalogue'],
      params: estateParams,
      querystring: z.strictObject({
        q: z.string().trim().max(200).optional(),
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
      response: {
        200: z.object({
          items: z.array(listItemSchema),
          nextCursor: z.string().nullable(),
          total: z.number(),
        }),
        ...errors,
      },
    },
    handler: async (req) => {
      const access = estateAccess(req);
      return items.listItems(ctx, access, req.query);
    },
  });

  r.post('/api/estates/:eid/items', {
    config: { action: 'item.create' },
    schema: {
      tags: ['catalogue'],
      params: estateParams,
      body: createItemBody,
      response: { 201: z.object({ item: itemSchema }), ...errors },
    },
    handler: async (req, reply) => {
      const access = estateAccess(req);
      const item = await items.createItem(ctx, access, req.body);
      return reply.code(201).header('ETag', `"${item.version}"`).send({ item });
    },
  });

  r.get('/api/estates/:eid/items/:iid', {
    config: { action: 'item.view' },
    schema: {
      tags: ['catalogue'],
      params: itemParams,
      response: { 200: z.object({ item: itemSchema }), ...errors },
    },
    handler: async (req, reply) => {
      const access = estateAccess(req);
      const view = await items.viewItem(ctx, access, req.params.iid);
      return reply.header('ETag', `"${view.item.version}"`).send(view);
    },
  });

  r.patch('/api/estates/:eid/items/:iid', {
    config: { action: 'item.update' },
    schema: {
      tags: ['catalogue'],
      params: itemParams,
      body: updateItemBody,
      response: { 200: z.object({ item: itemSchema }), ...errorResponses(400, 401, 403, 404, 409, 412, 428) },
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
        response: { 200: z.object({ item: itemSchema }), ...errorResponses(400, 401, 403, 404, 409, 412, 428) },
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
      response: { 200: z.object({ item: itemSchema }), ...errorResponses(400, 401, 403, 404, 409, 412, 428) },
    },
    handler: async (req, reply) => {
      const version = items.parseIfMatch(req.headers['if-match']);
      const item = await items.updateItem(ctx, estateAccess(req), req.params.iid, version, req.body);
      return reply.header('ETag', `"${item.version}"`).send({ item });
    },
  });

  r.delete('/api/estates/:eid/items/:iid', {
    config: { action: 'item.delete' },
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
      response: { 200: z.object({ categories: z.array(z.string()), tags: z.array(z.string()) }), ...errors },
    },
    handler: async (req) => {
      const access = estateAccess(req);
      return items.listLabels(ctx, access.estate.id);
    },
  });
}
