import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { photoAnswer } from '@estate/domain/schemas/photos';
import { itemAddedBy, photoAddedBy } from '../../platform/added-by.js';
import type { AppContext } from '../../platform/context.js';
import { estateAccess } from '../../platform/route-access.js';
import { AppError, says } from '../../platform/errors.js';
import { PHOTO_VARIANTS } from '../../platform/file-urls.js';
import { bodyFingerprint, createOnce, idempotencyKey } from '../../platform/idempotency.js';
import { errorResponses, estateParams, noContent, router } from '../../platform/http.js';
import * as photos from './service.js';

const itemParams = estateParams.extend({ iid: z.uuid() });

export function photoRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = router(app);

  r.post('/api/estates/:eid/items/:iid/photos', {
    config: { action: 'photo.add' },
    schema: {
      tags: ['catalogue'],
      description: 'Takes an `Idempotency-Key` header (1–200 characters, api.md "Stories and offline creation"): a repeat by the same person in the same estate answers the first creation and creates nothing; the same key with another body answers 409; a refusal is not kept, so a repeat is asked again. Keys are kept 8 days.',
      params: itemParams,
      consumes: ['multipart/form-data'],
      response: { 201: photoAnswer, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
    },
    handler: async (req, reply) => {
      const access = estateAccess(req);
      if (!req.isMultipart()) throw new AppError('unsupported_type', says('photos.multipart'));
      const file = await req.file();
      if (!file) throw new AppError('validation_failed', says('photos.none'), { file: says('photos.choose') });
      const bytes = await file.toBuffer();
      const key = idempotencyKey(req);
      const fingerprint = bodyFingerprint('photo.add', req.params.iid, bytes);
      const answer = await createOnce(ctx, access, key, 'photo.add', fingerprint, async () => ({ photo: await photos.addPhoto(ctx, access, req.params.iid, bytes) }));
      return reply.code(201).send(answer);
    },
  });

  r.delete('/api/estates/:eid/items/:iid/photos/:pid', {
    config: { action: 'photo.manage', addedBy: photoAddedBy },
    schema: { tags: ['catalogue'], params: itemParams.extend({ pid: z.uuid() }), response: { 204: noContent, ...errorResponses(400, 401, 403, 404, 409) } },
    handler: async (req, reply) => {
      const access = estateAccess(req);
      await photos.removePhoto(ctx, access, req.params.iid, req.params.pid);
      return reply.code(204).send(null);
    },
  });

  r.put('/api/estates/:eid/items/:iid/photos/order', {
    config: { action: 'photo.manage', addedBy: itemAddedBy },
    schema: {
      tags: ['catalogue'],
      params: itemParams,
      body: z.strictObject({ photoIds: z.array(z.uuid()).max(photos.MAX_PHOTOS_PER_ITEM) }),
      response: { 204: noContent, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req, reply) => {
      const access = estateAccess(req);
      await photos.reorderPhotos(ctx, access, req.params.iid, req.body.photoIds);
      return reply.code(204).send(null);
    },
  });

  // Signed, not bearer-authenticated: <img> cannot send a token. See platform/file-urls.ts.
  r.get('/api/estates/:eid/photos/:pid/:variant', {
    config: { action: 'public' },
    schema: {
      tags: ['catalogue'],
      security: [],
      params: estateParams.extend({ pid: z.uuid(), variant: z.enum(PHOTO_VARIANTS) }),
      querystring: z.strictObject({ expires: z.coerce.number().int(), sig: z.string().max(100) }),
      response: { 200: z.any(), ...errorResponses(400, 403, 404) },
    },
    handler: async (req, reply) => {
      const { eid, pid, variant } = req.params;
      if (!ctx.fileUrls.verify(pid, variant, req.query.expires, req.query.sig, ctx.now())) {
        throw new AppError('forbidden', says('photos.linkExpired'));
      }
      const file = await photos.readPhoto(ctx, eid, pid, variant);
      return reply
        .header('Content-Type', file.contentType)
        // Kept by the browser it was shown to, so the list does not fetch its photos again on every
        // visit: the link is rounded to the hour (platform/file-urls.ts) and expires with it.
        .header('Cache-Control', 'private, max-age=3600')
        .header('Content-Disposition', `inline; filename="${pid}-${variant}.${variant === 'original' ? 'jpg' : 'webp'}"`)
        .send(file.bytes);
    },
  });
}
