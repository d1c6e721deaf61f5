/**
 * Personal to-dos, labels and folders (api.md style, account routes: each person's own). The
 * estate's derived to-dos stay at `GET /api/todos` (routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  createTodoBody,
  folderBody,
  folderPatch,
  labelBody,
  labelPatch,
  personalTodoAnswer,
  personalTodosAnswer,
  todoCountsAnswer,
  todoFolderAnswer,
  todoFoldersAnswer,
  todoLabelAnswer,
  todoLabelsAnswer,
  todoListQuery,
  updateTodoBody,
} from '@estate/domain/schemas/personal-todos';
import type { AppContext } from '../../platform/context.js';
import { caller } from '../../platform/route-access.js';
import { errorResponses, noContent, router } from '../../platform/http.js';
import * as personal from './personal.js';

/** A personal to-do's id, or an estate to-do's (which is refused with 409). */
const todoParams = z.strictObject({ tid: z.string().min(1).max(120) });
const labelParams = z.strictObject({ lid: z.uuid() });
const folderParams = z.strictObject({ fid: z.uuid() });
const tags = ['to-do'];
const errors = errorResponses(400, 401, 403, 404, 409);

export function personalTodoRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = router(app);
  const account = { action: 'account' } as const;

  r.get('/api/todos/counts', {
    config: account,
    schema: { tags, summary: 'Counts per filter, folder and label, and the badge’s open count', response: { 200: todoCountsAnswer, ...errors } },
    handler: async (req) => ({ counts: await personal.counts(ctx, caller(req)) }),
  });

  r.get('/api/todos/personal', {
    config: account,
    schema: { tags, summary: 'The caller’s own to-dos, by filter, label or folder', querystring: todoListQuery, response: { 200: personalTodosAnswer, ...errors } },
    handler: async (req) => ({ todos: await personal.listPersonal(ctx, caller(req), req.query) }),
  });

  r.post('/api/todos/personal', {
    config: account,
    schema: { tags, body: createTodoBody, response: { 201: personalTodoAnswer, ...errors } },
    handler: async (req, reply) => reply.code(201).send({ todo: await personal.createPersonal(ctx, caller(req), req.body) }),
  });

  r.patch('/api/todos/personal/:tid', {
    config: account,
    schema: { tags, params: todoParams, body: updateTodoBody, response: { 200: personalTodoAnswer, ...errors } },
    handler: async (req) => ({ todo: await personal.updatePersonal(ctx, caller(req), req.params.tid, req.body) }),
  });

  r.delete('/api/todos/personal/:tid', {
    config: account,
    schema: { tags, summary: 'Moves the to-do to Deleted (restorable); an estate to-do answers 409', params: todoParams, response: { 200: personalTodoAnswer, ...errors } },
    handler: async (req) => ({ todo: await personal.softDelete(ctx, caller(req), req.params.tid) }),
  });

  r.post('/api/todos/personal/:tid/restore', {
    config: account,
    schema: { tags, params: todoParams, response: { 200: personalTodoAnswer, ...errors } },
    handler: async (req) => ({ todo: await personal.restore(ctx, caller(req), req.params.tid) }),
  });

  r.delete('/api/todos/personal/:tid/permanent', {
    config: account,
    schema: { tags, summary: 'Deletes the to-do for good', params: todoParams, response: { 204: noContent, ...errors } },
    handler: async (req, reply) => {
      await personal.deleteForGood(ctx, caller(req), req.params.tid);
      return reply.code(204).send(null);
    },
  });

  r.get('/api/todos/labels', {
    config: account,
    schema: { tags, response: { 200: todoLabelsAnswer, ...errors } },
    handler: async (req) => ({ labels: await personal.listLabels(ctx, caller(req)) }),
  });
  r.post('/api/todos/labels', {
    config: account,
    schema: { tags, body: labelBody, response: { 201: todoLabelAnswer, ...errors } },
    handler: async (req, reply) => reply.code(201).send({ label: await personal.createLabel(ctx, caller(req), req.body) }),
  });
  r.patch('/api/todos/labels/:lid', {
    config: account,
    schema: { tags, params: labelParams, body: labelPatch, response: { 200: todoLabelAnswer, ...errors } },
    handler: async (req) => ({ label: await personal.updateLabel(ctx, caller(req), req.params.lid, req.body) }),
  });
  r.delete('/api/todos/labels/:lid', {
    config: account,
    schema: { tags, params: labelParams, response: { 204: noContent, ...errors } },
    handler: async (req, reply) => {
      await personal.deleteLabel(ctx, caller(req), req.params.lid);
      return reply.code(204).send(null);
    },
  });

  r.get('/api/todos/folders', {
    config: account,
    schema: { tags, response: { 200: todoFoldersAnswer, ...errors } },
    handler: async (req) => ({ folders: await personal.listFolders(ctx, caller(req)) }),
  });
  r.post('/api/todos/folders', {
    config: account,
    schema: { tags, body: folderBody, response: { 201: todoFolderAnswer, ...errors } },
    handler: async (req, reply) => reply.code(201).send({ folder: await personal.createFolder(ctx, caller(req), req.body) }),
  });
  r.patch('/api/todos/folders/:fid', {
    config: account,
    schema: { tags, params: folderParams, body: folderPatch, response: { 200: todoFolderAnswer, ...errors } },
    handler: async (req) => ({ folder: await personal.updateFolder(ctx, caller(req), req.params.fid, req.body) }),
  });
  r.delete('/api/todos/folders/:fid', {
    config: account,
    schema: { tags, params: folderParams, response: { 204: noContent, ...errors } },
    handler: async (req, reply) => {
      await personal.deleteFolder(ctx, caller(req), req.params.fid);
      return reply.code(204).send(null);
    },
  });
}
