/** Answers of the items module (the catalogue's items: list, detail, writes, labels). */
import { z } from 'zod';
import { DISTRIBUTIONS, ITEM_STATUSES } from '../item-status.js';
import { photoSchema } from './photos.js';

/** One row of the item list: what a card or a table row shows. */
export const listItemSchema = z.object({
  id: z.string(),
  number: z.number(),
  label: z.string(),
  name: z.string(),
  locationId: z.string().nullable(),
  roomId: z.string().nullable(),
  categories: z.array(z.string()),
  status: z.enum(ITEM_STATUSES),
  distribution: z.enum(DISTRIBUTIONS),
  highInterest: z.boolean(),
  value: z.string().nullable(),
  currency: z.string(),
  photoCount: z.number(),
  thumbUrl: z.string().nullable(),
  interestCount: z.number(),
  interested: z.boolean(),
  assignedTo: z.string().nullable(),
  version: z.number(),
  updatedAt: z.string(),
});
export type ListItem = z.infer<typeof listItemSchema>;

/** One page of the item list (`nextCursor` null on the last page). */
export const itemsPageAnswer = z.object({
  items: z.array(listItemSchema),
  nextCursor: z.string().nullable(),
  total: z.number(),
});
export type ItemsPageAnswer = z.infer<typeof itemsPageAnswer>;

/** The whole item, as its page shows it (the ETag is its `version`). */
export const itemSchema = z.object({
  id: z.string(),
  number: z.number(),
  label: z.string(),
  name: z.string(),
  notes: z.string(),
  locationId: z.string().nullable(),
  roomId: z.string().nullable(),
  categories: z.array(z.string()),
  tags: z.array(z.string()),
  giver: z.string(),
  owners: z.string(),
  brand: z.string(),
  model: z.string(),
  year: z.number().nullable(),
  value: z.string().nullable(),
  currency: z.string(),
  distribution: z.enum(DISTRIBUTIONS),
  status: z.enum(ITEM_STATUSES),
  highInterest: z.boolean(),
  highInterestSource: z.enum(['auto', 'trustee']).nullable(),
  assignment: z
    .object({
      memberId: z.string(),
      reason: z.string().nullable(),
      step: z.number().nullable(),
      detail: z.record(z.string(), z.unknown()).nullable(),
      at: z.string().nullable(),
    })
    .nullable(),
  unwantedOutcome: z.string().nullable(),
  featuredPhotoId: z.string().nullable(),
  photos: z.array(photoSchema),
  interestCount: z.number(),
  interested: z.boolean(),
  warnings: z.array(z.string()),
  /** Whether the caller added it (creators change only what they added: the policy's `addedByCaller`). */
  addedByYou: z.boolean(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Item = z.infer<typeof itemSchema>;

export const itemAnswer = z.object({ item: itemSchema });
export type ItemAnswer = z.infer<typeof itemAnswer>;

/** Every category and tag in use in the estate, for suggestions while typing. */
export const labelsAnswer = z.object({ categories: z.array(z.string()), tags: z.array(z.string()) });
export type LabelsAnswer = z.infer<typeof labelsAnswer>;
