import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { importAnswer, importPreviewAnswer } from '@estate/domain/schemas/catalogue-io';
import type { AppContext } from '../../platform/context.js';
import { estateAccess } from '../../platform/route-access.js';
import { AppError } from '../../platform/errors.js';
import { errorResponses, estateParams, router } from '../../platform/http.js';
import { LABELS_PER_PAGE, renderLabelSheet } from './labels.js';
import { refreshStatistics } from '../../db/maintenance.js';
import * as catalogueIo from './service.js';
import { fileTooLarge, importLimits } from './sheet.js';

const itemIdList = z
  .string()
  .max(100_000)
  .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.uuid({ message: 'List item ids separated by commas.' })).min(1).max(catalogueIo.MAX_LABELS));

/** The uploaded spreadsheet: multipart field `file`, refused past the import's size limit. */
async function uploadedFile(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw new AppError('unsupported_type', 'Send the spreadsheet as multipart/form-data in a field named "file".');
  const file = await req.file({ limits: { fileSize: importLimits.bytes } });
  if (!file) throw new AppError('validation_failed', 'No file was sent.', { file: 'Choose a CSV or XLSX file to import.' });
  try {
    return await file.toBuffer();
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 413) throw fileTooLarge();
    throw err;
  }
}

const download = (name: string, disposition: 'attachment' | 'inline' = 'attachment') => `${disposition}; filename="${name}"`;

export function catalogueIoRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = router(app);

  r.get('/api/estates/:eid/items/export', {
    config: { action: 'item.export' },
    schema: {
      tags: ['catalogue'],
      description: 'The catalogue as a CSV or XLSX file, one row per item (never who is interested).',
      params: estateParams,
      querystring: z.strictObject({ format: z.enum(['csv', 'xlsx']).default('csv') }),
      produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      response: { 200: z.any(), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req, reply) => {
      const access = estateAccess(req);
      const file = await catalogueIo.exportItems(ctx, access, req.query.format);
      return reply.header('Content-Type', file.contentType).header('Content-Disposition', download(file.fileName)).send(file.bytes);
    },
  });

  r.post('/api/estates/:eid/items/import/preview', {
    config: { action: 'item.import' },
    schema: {
      tags: ['catalogue'],
      description: 'What importing this CSV or XLSX file would do, row by row. Nothing is stored.',
      params: estateParams,
      consumes: ['multipart/form-data'],
      response: { 200: importPreviewAnswer, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
    },
    handler: async (req) => {
      const access = estateAccess(req);
      return catalogueIo.previewImport(ctx, access, await uploadedFile(req));
    },
  });

  r.post('/api/estates/:eid/items/import', {
    config: { action: 'item.import' },
    schema: {
      tags: ['catalogue'],
      description: 'Imports the file in one transaction: every row applies, or none (400 names each bad row and column).',
      params: estateParams,
      consumes: ['multipart/form-data'],
      response: { 200: importAnswer, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
    },
    handler: async (req) => {
      const access = estateAccess(req);
      const result = await catalogueIo.applyImport(ctx, access, await uploadedFile(req));
      if (result.created + result.updated > 100) await refreshStatistics(ctx, { force: true });
      return result;
    },
  });

  r.get('/api/estates/:eid/items/labels.pdf', {
    config: { action: 'item.labels' },
    schema: {
      tags: ['catalogue'],
      description: 'A4 sheet of QR labels (3 × 8) for the given items, a room, a location, or the whole estate.',
      params: estateParams,
      querystring: z.strictObject({
        itemIds: itemIdList.optional(),
        roomId: z.uuid().optional(),
        locationId: z.uuid().optional(),
        skip: z.coerce.number().int().min(0).max(LABELS_PER_PAGE - 1).default(0),
      }),
      produces: ['application/pdf'],
      response: { 200: z.any(), ...errorResponses(400, 401, 403, 404, 413) },
    },
    handler: async (req, reply) => {
      const access = estateAccess(req);
      const entries = await catalogueIo.labelEntries(ctx, access, req.query);
      const pdf = await renderLabelSheet(entries, { title: `${access.estate.name}: item labels`, skip: req.query.skip });
      const name = `${catalogueIo.safeFileName(access.estate.name)}-labels.pdf`;
      return reply.header('Content-Type', 'application/pdf').header('Content-Disposition', download(name, 'inline')).send(pdf);
    },
  });
}
