import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { storiesAnswer, storyAnswer } from '@estate/domain/schemas/stories';
import { STORY_LIMITS } from '@estate/domain/stories';
import type { AppContext } from '../../platform/context.js';
import { estateAccess } from '../../platform/route-access.js';
import { AppError, says } from '../../platform/errors.js';
import { errorResponses, estateParams, noContent, router } from '../../platform/http.js';
import { bodyFingerprint, createOnce, idempotencyKey } from '../../platform/idempotency.js';
import * as stories from './service.js';

const itemParams = estateParams.extend({ iid: z.uuid() });
const MB = 1024 * 1024;

/** The form: `text`, `audio` (a file; `file` is taken too) and `durationSeconds` (what the recorder measured), in any order. */
async function readStory(req: FastifyRequest): Promise<stories.StoryUpload> {
  if (!req.isMultipart()) throw new AppError('unsupported_type', says('stories.multipart'));
  const upload: stories.StoryUpload = {};
  // One byte over the limit is enough to know it is too large.
  for await (const part of req.parts({ limits: { fileSize: STORY_LIMITS.bytes + 1, files: 1, fields: 4 } })) {
    if (part.type === 'file') {
      // `audio`, or `file` as the photo and document uploads name theirs.
      if (part.fieldname !== 'audio' && part.fieldname !== 'file') {
        await part.toBuffer();
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated || bytes.length > STORY_LIMITS.bytes) {
        throw new AppError('too_large', says('stories.tooLarge', { max: STORY_LIMITS.bytes / MB }), { audio: says('stories.tooLarge', { max: STORY_LIMITS.bytes / MB }) });
      }
      if (bytes.length > 0) upload.audio = bytes;
    } else if (typeof part.value === 'string') {
      if (part.fieldname === 'text') upload.text = part.value;
      if (part.fieldname === 'durationSeconds') {
        const seconds = Number(part.value);
        if (!Number.isFinite(seconds) || seconds < 0) throw new AppError('validation_failed', says('code.validation_failed'), { durationSeconds: says('field.invalid') });
        upload.declaredSeconds = seconds;
      }
    }
  }
  return upload;
}

export function storyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = router(app);

  r.get('/api/estates/:eid/items/:iid/stories', {
    config: { action: 'story.view' },
    schema: { tags: ['stories'], params: itemParams, response: { 200: storiesAnswer, ...errorResponses(400, 401, 403, 404) } },
    handler: async (req) => ({ stories: await stories.listStories(ctx, estateAccess(req), req.params.iid) }),
  });

  // Multipart: `text` and/or `audio`, and `durationSeconds` from the recorder. `Idempotency-Key` as on items.
  r.post('/api/estates/:eid/items/:iid/stories', {
    config: { action: 'story.add' },
    schema: {
      tags: ['stories'],
      description:
        'Multipart `text` (≤ 4,000 characters) and/or `audio` (WebM, Ogg, MP4/M4A, MP3 or WAV, checked by its first bytes; ≤ 12 MB and ≤ 5 minutes), and `durationSeconds` (what the recorder measured). ' +
        'Differences from api.md: WAV is taken too; the length is the longer of what the bytes say (WAV) and `durationSeconds`, since a browser\'s MediaRecorder writes WebM without one; the file may also be named `file`; the answer also carries `removable`. ' +
        '`Idempotency-Key` (1–200 characters): a repeat by the same person answers the first story; another body under the same key answers 409; a refusal is not kept, so a repeat is asked again.',
      params: itemParams,
      consumes: ['multipart/form-data'],
      response: { 201: storyAnswer, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
    },
    handler: async (req, reply) => {
      const access = estateAccess(req);
      const key = idempotencyKey(req);
      const upload = await readStory(req);
      const fingerprint = bodyFingerprint('story.add', req.params.iid, upload.text, upload.audio, String(upload.declaredSeconds ?? ''));
      const answer = await createOnce(ctx, access, key, 'story.add', fingerprint, async () => ({ story: await stories.addStory(ctx, access, req.params.iid, upload) }));
      return reply.code(201).send(answer);
    },
  });

  r.delete('/api/estates/:eid/items/:iid/stories/:sid', {
    config: { action: 'story.remove', addedBy: (c, req, eid) => stories.storyAuthor(c.db, eid, (req.params as { iid: string }).iid, (req.params as { sid: string }).sid) },
    schema: { tags: ['stories'], params: itemParams.extend({ sid: z.uuid() }), response: { 204: noContent, ...errorResponses(400, 401, 403, 404, 409) } },
    handler: async (req, reply) => {
      await stories.removeStory(ctx, estateAccess(req), req.params.iid, req.params.sid);
      return reply.code(204).send(null);
    },
  });

  // Signed, not bearer-authenticated: <audio> cannot send a token (like photos, platform/file-urls.ts).
  r.get('/api/estates/:eid/stories/:sid/audio', {
    config: { action: 'public' },
    schema: {
      tags: ['stories'],
      security: [],
      params: estateParams.extend({ sid: z.uuid() }),
      querystring: z.strictObject({ expires: z.coerce.number().int(), sig: z.string().max(100) }),
      response: { 200: z.any(), ...errorResponses(400, 403, 404) },
    },
    handler: async (req, reply) => {
      const { eid, sid } = req.params;
      if (!ctx.fileUrls.verifyStoryAudio(sid, req.query.expires, req.query.sig, ctx.now())) throw new AppError('forbidden', says('stories.linkExpired'));
      const file = await stories.readStoryAudio(ctx, eid, sid);
      return reply
        .header('Content-Type', file.contentType)
        .header('Cache-Control', 'private, max-age=3600')
        .header('X-Content-Type-Options', 'nosniff')
        .send(file.bytes);
    },
  });
}
