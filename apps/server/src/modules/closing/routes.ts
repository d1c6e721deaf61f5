import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { reportsAnswer } from '@estate/domain/schemas/closing';
import type { AppContext } from '../../platform/context.js';
import { estateAccess } from '../../platform/route-access.js';
import { contentDisposition } from '../../platform/download-name.js';
import { errorResponses, estateParams, router } from '../../platform/http.js';
import { estateArchive } from './archive.js';
import * as closing from './service.js';

const attachment = (name: string) => contentDisposition(name);

export function closingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = router(app);

  r.get('/api/estates/:eid/reports', {
    config: { action: 'report.view' },
    schema: {
      tags: ['closing'],
      description: 'The final accounting\'s report files (made when the estate reaches stage 90), each up to the caller\'s access level.',
      params: estateParams,
      response: { 200: reportsAnswer, ...errorResponses(401, 403, 404, 409) },
    },
    handler: async (req) => ({ reports: await closing.listReports(ctx, estateAccess(req)) }),
  });

  r.post('/api/estates/:eid/reports/generate', {
    config: { action: 'report.generate' },
    schema: {
      tags: ['closing'],
      description: 'Makes every report file again from the estate as it stands (trustee, stage 90). Extension of api.md.',
      params: estateParams,
      response: { 200: reportsAnswer, ...errorResponses(401, 403, 404, 409) },
    },
    handler: async (req) => {
      return { reports: await closing.regenerateReports(ctx, estateAccess(req)) };
    },
  });

  r.get('/api/estates/:eid/reports/:rid/file', {
    config: { action: 'report.view' },
    schema: {
      tags: ['closing'],
      description: 'One report file, as an attachment; 404 below its access level.',
      params: estateParams.extend({ rid: z.uuid({ message: 'Not a valid report id.' }) }),
      produces: ['application/pdf', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/json'],
      response: { 200: z.any(), ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req, reply) => {
      const { row, bytes } = await closing.reportFile(ctx, estateAccess(req), req.params.rid);
      return reply.header('Content-Type', row.contentType).header('Content-Disposition', attachment(row.fileName)).header('Cache-Control', 'private, no-store').send(bytes);
    },
  });

  r.get('/api/estates/:eid/archive.zip', {
    config: { action: 'archive.download' },
    schema: {
      tags: ['closing'],
      description: 'The whole estate as one ZIP, streamed: records, report files, receipts, the catalogue (CSV and XLSX) and photos (trustees and observers, stage 90 on).',
      params: estateParams,
      produces: ['application/zip'],
      response: { 200: z.any(), ...errorResponses(401, 403, 404, 409) },
    },
    handler: async (req, reply) => {
      const archive = await estateArchive(ctx, estateAccess(req));
      return reply.header('Content-Type', 'application/zip').header('Content-Disposition', attachment(archive.fileName)).header('Cache-Control', 'private, no-store').send(archive.stream);
    },
  });
}
