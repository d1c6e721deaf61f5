import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createNoteBody, noteAnswer, notesAnswer, updateNoteBody } from '@estate/domain/schemas/notes';
import type { AppContext } from '../../platform/context.js';
import { caller } from '../../platform/route-access.js';
import { errorResponses, noContent, router } from '../../platform/http.js';
import * as notes from './service.js';

const noteParams = z.strictObject({ nid: z.uuid({ message: 'Not a valid note id.' }) });

/** Personal notes: account-level routes; only the owner ever reads or changes a note. */
export function noteRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = router(app);

  r.get('/api/notes', {
    config: { action: 'account' },
    schema: { tags: ['notes'], response: { 200: notesAnswer, ...errorResponses(401, 403) } },
    handler: async (req) => ({ notes: await notes.listNotes(ctx, caller(req)) }),
  });

  r.post('/api/notes', {
    config: { action: 'account' },
    schema: { tags: ['notes'], body: createNoteBody, response: { 201: noteAnswer, ...errorResponses(400, 401, 403, 409) } },
    handler: async (req, reply) => reply.code(201).send({ note: await notes.createNote(ctx, caller(req), req.body) }),
  });

  r.patch('/api/notes/:nid', {
    config: { action: 'account' },
    schema: { tags: ['notes'], params: noteParams, body: updateNoteBody, response: { 200: noteAnswer, ...errorResponses(400, 401, 403, 404) } },
    handler: async (req) => ({ note: await notes.updateNote(ctx, caller(req), req.params.nid, req.body) }),
  });

  r.delete('/api/notes/:nid', {
    config: { action: 'account' },
    schema: { tags: ['notes'], params: noteParams, response: { 204: noContent, ...errorResponses(401, 403, 404) } },
    handler: async (req, reply) => {
      await notes.deleteNote(ctx, caller(req), req.params.nid);
      return reply.code(204).send(null);
    },
  });
}
