import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { nameText } from '@estate/domain/schemas/text';
import { locationAnswer, locationsAnswer, roomAnswer, roomsAnswer } from '@estate/domain/schemas/locations';
import { locationAddedBy, roomAddedBy } from '../../platform/added-by.js';
import type { AppContext } from '../../platform/context.js';
import { estateAccess } from '../../platform/route-access.js';
import { errorResponses, estateParams, noContent, router } from '../../platform/http.js';
import * as locations from './service.js';

/** A place's name: bidirectional controls dropped, trimmed, something that shows (as every name). */
const name = nameText(120);
const settings = z.strictObject({
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: 'Bad Hex' }).optional(),
  subscribed: z.boolean().optional(),
  cardCoverImages: z.boolean().optional(),
});
const locationParams = estateParams.extend({ lid: z.uuid() });
const roomParams = estateParams.extend({ rid: z.uuid() });
const errors = errorResponses(400, 401, 403, 404, 409);

export function locationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = router(app);

  r.get('/api/estates/:eid/locations', {
    config: { action: 'location.view' },
    schema: { tags: ['catalogue'], params: estateParams, response: { 200: locationsAnswer, ...errors } },
    handler: async (req) => {
      const access = estateAccess(req);
      return { locations: await locations.listLocations(ctx, access.estate.id) };
    },
  });

  r.post('/api/estates/:eid/locations', {
    config: { action: 'location.create' },
    schema: { tags: ['catalogue'], params: estateParams, body: z.strictObject({ name, settings: settings.optional() }), response: { 201: locationAnswer, ...errors } },
    handler: async (req, reply) => {
      const access = estateAccess(req);
      return reply.code(201).send({ location: await locations.createLocation(ctx, access, req.body) });
    },
  });

  r.patch('/api/estates/:eid/locations/:lid', {
    config: { action: 'location.manage', addedBy: locationAddedBy },
    schema: {
      tags: ['catalogue'],
      params: locationParams,
      body: z.strictObject({ name: name.optional(), position: z.number().int().min(0).max(10_000).optional(), settings: settings.optional() }),
      response: { 200: locationAnswer, ...errors },
    },
    handler: async (req) => {
      const access = estateAccess(req);
      return { location: await locations.updateLocation(ctx, access, req.params.lid, req.body) };
    },
  });

  r.delete('/api/estates/:eid/locations/:lid', {
    config: { action: 'location.manage', addedBy: locationAddedBy },
    schema: { tags: ['catalogue'], params: locationParams, response: { 204: noContent, ...errors } },
    handler: async (req, reply) => {
      const access = estateAccess(req);
      await locations.deleteLocation(ctx, access, req.params.lid);
      return reply.code(204).send(null);
    },
  });

  r.get('/api/estates/:eid/rooms', {
    config: { action: 'location.view' },
    schema: { tags: ['catalogue'], params: estateParams, response: { 200: roomsAnswer, ...errors } },
    handler: async (req) => {
      const access = estateAccess(req);
      return { rooms: await locations.listAllRooms(ctx, access.estate.id) };
    },
  });

  r.get('/api/estates/:eid/locations/:lid/rooms', {
    config: { action: 'location.view' },
    schema: { tags: ['catalogue'], params: locationParams, response: { 200: roomsAnswer, ...errors } },
    handler: async (req) => {
      const access = estateAccess(req);
      return { rooms: await locations.listRooms(ctx, access.estate.id, req.params.lid) };
    },
  });

  r.post('/api/estates/:eid/locations/:lid/rooms', {
    config: { action: 'location.create' },
    schema: { tags: ['catalogue'], params: locationParams, body: z.strictObject({ name }), response: { 201: roomAnswer, ...errors } },
    handler: async (req, reply) => {
      const access = estateAccess(req);
      return reply.code(201).send({ room: await locations.createRoom(ctx, access, req.params.lid, req.body.name) });
    },
  });

  r.put('/api/estates/:eid/locations/:lid/rooms/order', {
    config: { action: 'location.manage', addedBy: locationAddedBy },
    schema: {
      tags: ['catalogue'],
      params: locationParams,
      body: z.strictObject({ roomIds: z.array(z.uuid()).max(500) }),
      response: { 200: roomsAnswer, ...errors },
    },
    handler: async (req) => {
      const access = estateAccess(req);
      return { rooms: await locations.reorderRooms(ctx, access, req.params.lid, req.body.roomIds) };
    },
  });

  r.patch('/api/estates/:eid/rooms/:rid', {
    config: { action: 'location.manage', addedBy: roomAddedBy },
    schema: {
      tags: ['catalogue'],
      params: roomParams,
      body: z.strictObject({ name: name.optional(), locationId: z.uuid().optional(), position: z.number().int().min(0).max(10_000).optional() }),
      response: { 200: roomAnswer, ...errors },
    },
    handler: async (req) => {
      const access = estateAccess(req);
      return { room: await locations.updateRoom(ctx, access, req.params.rid, req.body) };
    },
  });

  r.delete('/api/estates/:eid/rooms/:rid', {
    config: { action: 'location.manage', addedBy: roomAddedBy },
    schema: { tags: ['catalogue'], params: roomParams, response: { 204: noContent, ...errors } },
    handler: async (req, reply) => {
      const access = estateAccess(req);
      await locations.deleteRoom(ctx, access, req.params.rid);
      return reply.code(204).send(null);
    },
  });
}
