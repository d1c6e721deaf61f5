/** Stage 2: approving an item, or flagging it with a comment and an optional suggested correction. */
import { z } from 'zod';
import { DISTRIBUTIONS } from '../item-status.js';
import { nameText, text } from './text.js';

const shortText = text(200, { trim: true });

export const suggestionSchema = z
  .strictObject({
    name: nameText(200).optional(),
    notes: text(10_000).optional(),
    categories: z.array(nameText(60)).max(20).optional(),
    giver: shortText.optional(),
    owners: shortText.optional(),
    brand: shortText.optional(),
    model: shortText.optional(),
    year: z.number().int().min(0).max(3000).nullable().optional(),
    distribution: z.enum(DISTRIBUTIONS).optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'validation.nothingToChange' });

export const approvalBody = z
  .strictObject({
    status: z.enum(['approved', 'flagged']),
    comment: text(2000, { trim: true }).default(''),
    suggestion: suggestionSchema.optional(),
  })
  .refine((v) => v.status === 'flagged' || v.suggestion === undefined, {
    message: 'validation.suggestionNeedsFlag',
    path: ['suggestion'],
  })
  .refine((v) => v.status === 'approved' || v.comment.length > 0 || v.suggestion !== undefined, {
    message: 'validation.flagNeedsReason',
    path: ['comment'],
  });

export const resolveBody = z.strictObject({ resolution: z.enum(['accepted', 'rejected']), note: text(2000, { trim: true }).optional() });

export const deadlineBody = z.strictObject({
  dueAt: z.iso.datetime({ offset: true }),
  autoAdvance: z.boolean().default(false),
});
