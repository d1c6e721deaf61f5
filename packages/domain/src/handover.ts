/**
 * Hand-over (stages 41–42), receipts and what becomes of unwanted or held items: the words, the
 * bodies the API takes, and the rules the server and the web share (api.md "Hand-over and closing").
 */
import { z } from 'zod';
import { text } from './schemas/text.js';

/** What a trustee records about an assigned item on its way to its receiver. */
export const HANDOVER_STATUSES = ['scheduled', 'handed-over', 'shipped', 'returned'] as const;
export type HandoverStatus = (typeof HANDOVER_STATUSES)[number];

/**
 * What everyone sees: "assigned" until the trustee says anything, "received" once the receiver
 * (or their parent) confirmed it, "returned" when it came back.
 */
export const HANDOVER_VIEW_STATUSES = ['assigned', 'scheduled', 'handed-over', 'shipped', 'received', 'returned'] as const;
export type HandoverViewStatus = (typeof HANDOVER_VIEW_STATUSES)[number];

export const HANDOVER_METHODS = ['pickup', 'shipping', 'in-person'] as const;
export type HandoverMethod = (typeof HANDOVER_METHODS)[number];

/** What becomes of an Unwanted or held item (product.md "Item statuses"). */
export const DISPOSITIONS = ['donate', 'sell', 'discard', 'family'] as const;
export type Disposition = (typeof DISPOSITIONS)[number];

/** The status a person sees, from the trustee's record (if any) and whether a receipt exists. */
export function handoverViewStatus(recorded: HandoverStatus | null | undefined, received: boolean): HandoverViewStatus {
  if (recorded === 'returned') return 'returned';
  if (received) return 'received';
  return recorded ?? 'assigned';
}

/**
 * Whether an assigned item has an outcome, so hand-over can close (stage 42): a receipt, or the
 * trustee's record that it was handed over, shipped or returned.
 */
export function hasOutcome(recorded: HandoverStatus | null | undefined, received: boolean): boolean {
  return received || recorded === 'handed-over' || recorded === 'shipped' || recorded === 'returned';
}

/** Why a trustee may not record `next` now, or null. After a receipt only "returned" still applies. */
export function handoverChangeRefusal(current: HandoverViewStatus, next: HandoverStatus): string | null {
  if (current === 'received' && next !== 'returned') {
    return 'The receiver has already confirmed they received this item; it can only be marked as returned now.';
  }
  if (current === 'returned' && next === 'returned') return 'This item is already marked as returned.';
  return null;
}

/** A receipt may be confirmed once an item is on its way or has arrived: not after it came back. */
export function receiptRefusal(current: HandoverViewStatus): string | null {
  if (current === 'received') return 'You have already confirmed that you received this item.';
  if (current === 'returned') return 'This item was returned, so there is nothing to confirm.';
  return null;
}

const note = text(1000, { trim: true });
const when = z.iso.datetime({ offset: true });

export const handoverBody = z.strictObject({
  status: z.enum(HANDOVER_STATUSES),
  method: z.enum(HANDOVER_METHODS).optional(),
  scheduledAt: when.optional(),
  note: note.optional(),
});

/**
 * One receiver's pick-up at once (the helper ticks off what went into the car): the items with the
 * versions they were seen at (as `If-Match` for each), all applied or none.
 */
export const bulkHandoverBody = z.strictObject({
  memberId: z.uuid(),
  status: z.enum(['scheduled', 'handed-over', 'shipped']),
  method: z.enum(HANDOVER_METHODS).optional(),
  scheduledAt: when.optional(),
  note: note.optional(),
  items: z
    .array(z.strictObject({ itemId: z.uuid(), version: z.number().int().min(1) }))
    .min(1)
    .max(500)
    .refine((list) => new Set(list.map((i) => i.itemId)).size === list.length, { message: 'validation.duplicate' }),
});

export const receiptBody = z.strictObject({ note: note.optional() });

export const dispositionBody = z.strictObject({ disposition: z.enum(DISPOSITIONS), note: text(2000, { trim: true }).optional() });

const money = z.number().min(0).max(1e12).multipleOf(0.01);
const currency = z.string().regex(/^[A-Z]{3}$/, { message: 'validation.currency' });

/** The appraiser's word on an item to be sold or given away: its value and a note. */
export const dispositionAppraisalBody = z.strictObject({ value: money.nullable(), currency: currency.optional(), note: text(2000, { trim: true }).optional() });

/** A sale of an item marked "sell", as the seller or the buyer records it. */
export const saleBody = z.strictObject({
  price: money,
  currency: currency.optional(),
  soldAt: when.optional(),
  buyer: text(200, { trim: true }).optional(),
  note: note.optional(),
});

export type HandoverBody = z.infer<typeof handoverBody>;
export type BulkHandoverBody = z.infer<typeof bulkHandoverBody>;
export type DispositionBody = z.infer<typeof dispositionBody>;
export type SaleBody = z.infer<typeof saleBody>;
export type DispositionAppraisalBody = z.infer<typeof dispositionAppraisalBody>;
