/** Stage 2: approving an item, or flagging it with a comment and an optional suggested correction. */
import { z } from 'zod';
import { DISTRIBUTIONS } from '../items.js';

const shortText = z.string().trim().max(200);

export const suggestionSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(200).optional(),
    notes: z.string().max(10_000).optional(),
    categories: z.array(z.string().trim().min(1).max(60)).max(20).optional(),
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
    comment: z.string().trim().max(2000).default(''),
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

export const resolveBody = z.strictObject({ resolution: z.enum(['accepted', 'rejected']), note: z.string().trim().max(2000).optional() });

export const deadlineBody = z.strictObject({
  dueAt: z.iso.datetime({ offset: true }),
  autoAdvance: z.boolean().default(false),
});
