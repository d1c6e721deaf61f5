/**
 * Answers of the hand-over module (api.md "Hand-over and closing"): where each assigned item is on
 * its way to its receiver, receipts, and what becomes of unwanted or held items.
 */
import { z } from 'zod';
import { DISPOSITIONS, HANDOVER_METHODS, HANDOVER_VIEW_STATUSES } from '../handover.js';
import { ITEM_STATUSES } from '../item-status.js';

export const handoverEntrySchema = z.object({
  itemId: z.string(),
  /** The receiver (null for an item going back to an owner outside the estate). */
  memberId: z.string().nullable(),
  status: z.enum(HANDOVER_VIEW_STATUSES),
  method: z.enum(HANDOVER_METHODS).nullable(),
  scheduledAt: z.string().nullable(),
  handedOverAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  note: z.string().nullable(),
  receipt: z.object({ id: z.string(), receivedAt: z.string(), confirmedBy: z.string(), note: z.string() }).nullable(),
  item: z.object({
    number: z.number(),
    label: z.string(),
    name: z.string(),
    locationId: z.string().nullable(),
    locationName: z.string().nullable(),
    roomId: z.string().nullable(),
    roomName: z.string().nullable(),
    reason: z.string().nullable(),
    thumbUrl: z.string().nullable(),
    version: z.number(),
  }),
});
export type HandoverEntry = z.infer<typeof handoverEntrySchema>;

export const handoverListAnswer = z.object({ handover: z.array(handoverEntrySchema) });
export type HandoverListAnswer = z.infer<typeof handoverListAnswer>;
export const handoverAnswer = z.object({ handover: handoverEntrySchema });
export type HandoverAnswer = z.infer<typeof handoverAnswer>;

export const receiptAnswer = z.object({ receipt: z.object({ id: z.string(), itemId: z.string(), memberId: z.string(), receivedAt: z.string() }) });
export type ReceiptAnswer = z.infer<typeof receiptAnswer>;

export const dispositionSchema = z.object({
  itemId: z.string(),
  label: z.string(),
  name: z.string(),
  itemStatus: z.enum(ITEM_STATUSES),
  version: z.number(),
  disposition: z.enum(DISPOSITIONS).nullable(),
  note: z.string(),
  appraisal: z.object({ value: z.string().nullable(), currency: z.string(), note: z.string(), at: z.string() }).nullable(),
  sale: z.object({ price: z.string(), currency: z.string(), soldAt: z.string().nullable(), buyer: z.string(), note: z.string() }).nullable(),
  updatedAt: z.string().nullable(),
});
export type DispositionEntry = z.infer<typeof dispositionSchema>;

export const dispositionsAnswer = z.object({ dispositions: z.array(dispositionSchema) });
export type DispositionsAnswer = z.infer<typeof dispositionsAnswer>;
export const dispositionAnswer = z.object({ disposition: dispositionSchema });
export type DispositionAnswer = z.infer<typeof dispositionAnswer>;
