/**
 * Hand-over and what becomes of unwanted items (api.md "Hand-over and closing"). Extensions: the
 * bulk "handed over" for one receiver's pick-up, the receipt sheet, the dispositions list, the
 * appraisal of an item to be disposed of and the sale record.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  bulkHandoverBody,
  dispositionAppraisalBody,
  dispositionBody,
  handoverBody,
  receiptBody,
  saleBody,
} from '@estate/domain/handover';
import { dispositionAnswer, dispositionsAnswer, handoverAnswer, handoverListAnswer, receiptAnswer } from '@estate/domain/schemas/handover';
import type { AppContext } from '../../platform/context.js';
import { estateAccess } from '../../platform/route-access.js';
import { errorResponses, estateParams, router } from '../../platform/http.js';
import { parseIfMatch } from '../items/service.js';
import * as handover from './service.js';
import * as dispositions from './dispositions.js';
import { pickupListPdf, pickupListXlsx, receiptSheetPdf } from './pickup-list.js';

const itemParams = estateParams.extend({ iid: z.uuid() });
const memberParams = estateParams.extend({ mid: z.uuid({ message: 'Not a valid member id.' }) });

const file = (reply: FastifyReply, bytes: Buffer, fileName: string, type: 'pdf' | 'xlsx') =>
  reply
    .header('Content-Type', type === 'pdf' ? 'application/pdf' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .send(bytes);

export function handoverRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = router(app);
  const tags = ['hand-over'];

  r.get('/api/estates/:eid/handover', {
    config: { action: 'handover.view' },
    schema: {
      tags,
      description: 'Every assigned item on its way to its receiver: trustees and observers see all, a beneficiary their own and their offspring’s.',
      params: estateParams,
      response: { 200: handoverListAnswer, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => ({ handover: await handover.listHandover(ctx, estateAccess(req)) }),
  });

  r.put('/api/estates/:eid/items/:iid/handover', {
    config: { action: 'handover.update' },
    schema: {
      tags,
      description: 'The trustee records the item as scheduled, handed over, shipped or returned (stage 41; If-Match of the item).',
      params: itemParams,
      body: handoverBody,
      response: { 200: handoverAnswer, ...errorResponses(400, 401, 403, 404, 409, 412, 428) },
    },
    handler: async (req, reply) => {
      const version = parseIfMatch(req.headers['if-match']);
      const entry = await handover.updateHandover(ctx, estateAccess(req), req.params.iid, version, req.body);
      return reply.header('ETag', `"${entry.item.version}"`).send({ handover: entry });
    },
  });

  r.put('/api/estates/:eid/handover', {
    config: { action: 'handover.update' },
    schema: {
      tags,
      description:
        'Extension: one receiver’s pick-up at once. Every listed item must be assigned to `memberId` and still at the version given (as If-Match would say); all are recorded, or none.',
      params: estateParams,
      body: bulkHandoverBody,
      response: { 200: handoverListAnswer, ...errorResponses(400, 401, 403, 404, 409, 412) },
    },
    handler: async (req) => ({ handover: await handover.bulkHandover(ctx, estateAccess(req), req.body) }),
  });

  r.post('/api/estates/:eid/items/:iid/receipt', {
    config: { action: 'handover.receipt' },
    schema: {
      tags,
      description: 'The receiver (or the parent who receives for them) confirms the item arrived; once (409 the second time).',
      params: itemParams,
      body: receiptBody.nullish(),
      response: {
        201: receiptAnswer,
        ...errorResponses(400, 401, 403, 404, 409),
      },
    },
    handler: async (req, reply) => {
      const receipt = await handover.confirmReceipt(ctx, estateAccess(req), req.params.iid, req.body?.note);
      return reply.code(201).send({ receipt });
    },
  });

  r.get('/api/estates/:eid/pickup-lists/:mid.pdf', {
    config: { action: 'handover.pickupList' },
    schema: {
      tags,
      description: 'A receiver’s pick-up list as a PDF, in the receiver’s language: trustees and observers for anyone, a beneficiary their own.',
      params: memberParams,
      produces: ['application/pdf'],
      response: { 200: z.any(), ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req, reply) => {
      const out = await pickupListPdf(ctx, estateAccess(req), req.params.mid);
      return file(reply, out.bytes, out.fileName, 'pdf');
    },
  });

  r.get('/api/estates/:eid/pickup-lists/:mid.xlsx', {
    config: { action: 'handover.pickupList' },
    schema: {
      tags,
      description: 'The same list as a spreadsheet (right to left for Arabic).',
      params: memberParams,
      produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      response: { 200: z.any(), ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req, reply) => {
      const out = await pickupListXlsx(ctx, estateAccess(req), req.params.mid);
      return file(reply, out.bytes, out.fileName, 'xlsx');
    },
  });

  r.get('/api/estates/:eid/receipts/:mid.pdf', {
    config: { action: 'handover.pickupList' },
    schema: {
      tags,
      description: 'Extension: a receiver’s receipt sheet: each item, whether and when it was received, and who confirmed it.',
      params: memberParams,
      produces: ['application/pdf'],
      response: { 200: z.any(), ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req, reply) => {
      const out = await receiptSheetPdf(ctx, estateAccess(req), req.params.mid);
      return file(reply, out.bytes, out.fileName, 'pdf');
    },
  });

  r.get('/api/estates/:eid/dispositions', {
    config: { action: 'disposition.view' },
    schema: {
      tags,
      description: 'Extension: every Unwanted or held item and what becomes of it (donate, sell, discard, family decision), its appraisal and sale.',
      params: estateParams,
      response: { 200: dispositionsAnswer, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => ({ dispositions: await dispositions.listDispositions(ctx, estateAccess(req)) }),
  });

  r.put('/api/estates/:eid/items/:iid/disposition', {
    config: { action: 'disposition.set' },
    schema: {
      tags,
      description: 'The trustee says what becomes of an Unwanted or held item (stage 40 on).',
      params: itemParams,
      body: dispositionBody,
      response: { 200: dispositionAnswer, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => ({ disposition: await dispositions.setDisposition(ctx, estateAccess(req), req.params.iid, req.body) }),
  });

  r.put('/api/estates/:eid/items/:iid/disposition/appraisal', {
    config: { action: 'disposition.appraise' },
    schema: {
      tags,
      description: 'Extension: the appraiser (or a trustee) values an item to be disposed of, with a note.',
      params: itemParams,
      body: dispositionAppraisalBody,
      response: { 200: dispositionAnswer, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => ({ disposition: await dispositions.appraiseDisposition(ctx, estateAccess(req), req.params.iid, req.body) }),
  });

  r.put('/api/estates/:eid/items/:iid/sale', {
    config: { action: 'disposition.sale' },
    schema: {
      tags,
      description: 'Extension: the seller or buyer (or a trustee) records the sale of an item marked "sell".',
      params: itemParams,
      body: saleBody,
      response: { 200: dispositionAnswer, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => ({ disposition: await dispositions.recordSale(ctx, estateAccess(req), req.params.iid, req.body) }),
  });
}
