/**
 * The profile's routes (issue 12; an extension of api.md, listed in the README): phone and
 * picture, the person's own timeline and photos, and the signed picture URLs.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { myPhotosAnswer, phoneSchema, profileAnswer, timelineAnswer } from '@estate/domain/schemas/people';
import type { AppContext } from '../../platform/context.js';
import { caller } from '../../platform/route-access.js';
import { AppError } from '../../platform/errors.js';
import { errorResponses, router } from '../../platform/http.js';
import * as profile from './profile.js';

const page = (max: number, byDefault: number) =>
  z.strictObject({ cursor: z.uuid().optional(), limit: z.coerce.number().int().min(1).max(max).default(byDefault) });

export function profileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = router(app);

  r.get('/api/me/profile', {
    config: { action: 'account' },
    schema: { tags: ['account'], response: { 200: profileAnswer, ...errorResponses(401, 403) } },
    handler: (req) => Promise.resolve({ profile: profile.profileOf(ctx, caller(req)) }),
  });

  r.patch('/api/me/profile', {
    config: { action: 'account' },
    schema: { tags: ['account'], body: z.strictObject({ phone: phoneSchema.optional() }), response: { 200: profileAnswer, ...errorResponses(400, 401, 403) } },
    handler: async (req) => ({ profile: await profile.updateProfile(ctx, caller(req), req.body) }),
  });

  r.put('/api/me/avatar', {
    config: { action: 'account' },
    schema: {
      tags: ['account'],
      consumes: ['multipart/form-data'],
      response: { 200: profileAnswer, ...errorResponses(400, 401, 403, 413, 415) },
    },
    handler: async (req) => {
      const user = caller(req);
      if (!req.isMultipart()) throw new AppError('unsupported_type', 'Send the picture as multipart/form-data in a field named "file".');
      const file = await req.file();
      if (!file) throw new AppError('validation_failed', 'No picture was sent.', { file: 'Choose a picture to upload.' });
      const bytes = await file.toBuffer();
      return { profile: await profile.setAvatar(ctx, user, bytes) };
    },
  });

  r.delete('/api/me/avatar', {
    config: { action: 'account' },
    schema: { tags: ['account'], response: { 200: profileAnswer, ...errorResponses(401, 403) } },
    handler: async (req) => ({ profile: await profile.removeAvatar(ctx, caller(req)) }),
  });

  r.get('/api/me/timeline', {
    config: { action: 'account' },
    schema: {
      tags: ['account'],
      querystring: page(100, 30),
      response: { 200: timelineAnswer, ...errorResponses(400, 401, 403) },
    },
    handler: async (req) => profile.listTimeline(ctx, caller(req), req.query.cursor, req.query.limit),
  });

  r.get('/api/me/photos', {
    config: { action: 'account' },
    schema: {
      tags: ['account'],
      querystring: page(96, 48),
      response: { 200: myPhotosAnswer, ...errorResponses(400, 401, 403) },
    },
    handler: async (req) => profile.listMyPhotos(ctx, caller(req), req.query.cursor, req.query.limit),
  });

  // Signed, not bearer-authenticated: <img> cannot send a token (as photos, platform/file-urls.ts).
  r.get('/api/avatars/:uid', {
    config: { action: 'public' },
    schema: {
      tags: ['account'],
      security: [],
      params: z.strictObject({ uid: z.uuid() }),
      querystring: z.strictObject({ v: z.string().regex(/^[a-f0-9]{12}$/), expires: z.coerce.number().int(), sig: z.string().max(100) }),
      response: { 200: z.any(), ...errorResponses(400, 403, 404) },
    },
    handler: async (req, reply) => {
      const { uid } = req.params;
      if (!ctx.fileUrls.verifyAvatar(uid, req.query.v, req.query.expires, req.query.sig, ctx.now())) {
        throw new AppError('forbidden', 'This picture link has expired. Reload the page to see the picture.');
      }
      const bytes = await profile.readAvatar(ctx, uid, req.query.v);
      return reply
        .header('Content-Type', 'image/webp')
        // A person's picture is personal data: never kept (quality.md), unlike an item's photo.
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', `inline; filename="${uid}.webp"`)
        .send(bytes);
    },
  });
}
