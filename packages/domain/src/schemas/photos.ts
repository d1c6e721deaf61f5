/** Answers of the photos module; an item's photos (items.ts) have the same shape. */
import { z } from 'zod';

/** Signed, expiring links to the three sizes of one photo. */
export const photoSchema = z.object({
  id: z.string(),
  width: z.number(),
  height: z.number(),
  thumbUrl: z.string(),
  previewUrl: z.string(),
  originalUrl: z.string(),
  /** On an item's photos: whether the caller added it (creators delete only their own). */
  addedByYou: z.boolean().optional(),
});
export type Photo = z.infer<typeof photoSchema>;

export const photoAnswer = z.object({ photo: photoSchema });
export type PhotoAnswer = z.infer<typeof photoAnswer>;
