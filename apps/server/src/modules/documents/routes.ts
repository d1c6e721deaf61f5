import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { previewable } from '@estate/domain/consent';
import { accessLevelSchema, documentAnswer, documentsAnswer, folderAnswer, folderBody, updateDocumentBody } from '@estate/domain/schemas/documents';
import { DOCUMENT_LIMITS } from '@estate/domain/uploads';
import type { AppContext } from '../../platform/context.js';
import { estateAccess } from '../../platform/route-access.js';
import { AppError, says } from '../../platform/errors.js';
import { contentDisposition } from '../../platform/download-name.js';
import { errorResponses, estateParams, noContent, router } from '../../platform/http.js';
import * as vault from './service.js';

const documentParams = estateParams.extend({ did: z.uuid() });
const folderParams = estateParams.extend({ fid: z.uuid() });
const errors = errorResponses(400, 401, 403, 404, 409);
const MB = 1024 * 1024;

/** Reads the one file and the form fields (before or after it, in any order). */
async function readUpload(req: FastifyRequest): Promise<vault.Upload> {
  if (!req.isMultipart()) throw new AppError('unsupported_type', says('documents.notMultipart'));
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; fileName: string } | undefined;
  for await (const part of req.parts({ limits: { fileSize: DOCUMENT_LIMITS.bytes } })) {
    if (part.type === 'file') {
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          const limit = DOCUMENT_LIMITS.bytes / MB;
          throw new AppError('too_large', says('documents.tooLarge', { limit }), { file: says('documents.tooLarge', { limit }) });
        }
        throw err;
      }
      if (part.fieldname === 'file') file = { bytes, fileName: part.filename };
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  if (!file || file.bytes.length === 0) throw new AppError('validation_failed', says('documents.noFile'), { file: says('documents.chooseFile') });
  const level = accessLevelSchema.safeParse(fields.accessLevel ?? 'trustees');
  if (!level.success) throw new AppError('validation_failed', says('code.validation_failed'), { accessLevel: says('documents.accessLevel') });
  const folder = fields.folderId ? z.uuid().safeParse(fields.folderId) : null;
  if (folder && !folder.success) throw new AppError('validation_failed', says('code.validation_failed'), { folderId: says('documents.folderField') });
  return { ...file, accessLevel: level.data, folderId: folder?.data ?? null };
}

export function documentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = router(app);

  r.get('/api/estates/:eid/documents', {
    config: { action: 'document.view' },
    schema: { tags: ['documents'], params: estateParams, response: { 200: documentsAnswer, ...errors } },
    handler: async (req) => vault.listDocuments(ctx, estateAccess(req)),
  });

  // Multipart: `file`, and optionally `accessLevel` (trustees when absent: the safest) and `folderId`.
  r.post('/api/estates/:eid/documents', {
    config: { action: 'document.manage' },
    schema: {
      tags: ['documents'],
      params: estateParams,
      consumes: ['multipart/form-data'],
      response: { 201: documentAnswer, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
    },
    handler: async (req, reply) => {
      const access = estateAccess(req);
      const upload = await readUpload(req);
      return reply.code(201).send({ document: await vault.addDocument(ctx, access, upload) });
    },
  });

  // Always a download, unless `?disposition=inline` asks to show a PDF or an image in the page.
  r.get('/api/estates/:eid/documents/:did/file', {
    config: { action: 'document.view' },
    schema: {
      tags: ['documents'],
      params: documentParams,
      querystring: z.strictObject({ disposition: z.enum(['attachment', 'inline']).optional() }),
      response: { 200: z.any(), ...errors },
    },
    handler: async (req, reply) => {
      const file = await vault.readDocument(ctx, estateAccess(req), req.params.did);
      const inline = req.query.disposition === 'inline' && previewable(file.contentType);
      reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', contentDisposition(file.fileName, inline ? 'inline' : 'attachment'))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Length', file.bytes.length);
      // A download never runs anything, even if opened directly: no scripts, no plugins, no frames.
      if (!inline) reply.header('Content-Security-Policy', "default-src 'none'; sandbox");
      return reply.send(file.bytes);
    },
  });

  r.patch('/api/estates/:eid/documents/:did', {
    config: { action: 'document.manage' },
    schema: { tags: ['documents'], params: documentParams, body: updateDocumentBody, response: { 200: documentAnswer, ...errors } },
    handler: async (req) => ({ document: await vault.updateDocument(ctx, estateAccess(req), req.params.did, req.body) }),
  });

  r.delete('/api/estates/:eid/documents/:did', {
    config: { action: 'document.manage' },
    schema: { tags: ['documents'], params: documentParams, response: { 204: noContent, ...errors } },
    handler: async (req, reply) => {
      await vault.deleteDocument(ctx, estateAccess(req), req.params.did);
      return reply.code(204).send(null);
    },
  });

  // Folders (one level). Extension of api.md, which lists `folders` in the answer.
  r.post('/api/estates/:eid/documents/folders', {
    config: { action: 'document.manage' },
    schema: { tags: ['documents'], params: estateParams, body: folderBody, response: { 201: folderAnswer, ...errors } },
    handler: async (req, reply) => reply.code(201).send({ folder: await vault.createFolder(ctx, estateAccess(req), req.body) }),
  });

  r.patch('/api/estates/:eid/documents/folders/:fid', {
    config: { action: 'document.manage' },
    schema: { tags: ['documents'], params: folderParams, body: folderBody, response: { 200: folderAnswer, ...errors } },
    handler: async (req) => ({ folder: await vault.renameFolder(ctx, estateAccess(req), req.params.fid, req.body) }),
  });

  r.delete('/api/estates/:eid/documents/folders/:fid', {
    config: { action: 'document.manage' },
    schema: { tags: ['documents'], params: folderParams, response: { 204: noContent, ...errors } },
    handler: async (req, reply) => {
      await vault.deleteFolder(ctx, estateAccess(req), req.params.fid);
      return reply.code(204).send(null);
    },
  });
}
