/** Answers of the activity module (`GET /api/estates/:eid/activity`). */
import { z } from 'zod';
import { sentenceSchema } from './history.js';

export const activityEventSchema = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  field: z.string().nullable(),
  from: z.unknown(),
  to: z.unknown(),
  at: z.string(),
  /** The entry as a sentence (issue 30), and the item it links to (when it still exists). */
  sentence: sentenceSchema,
  itemId: z.string().nullable(),
});
export type ActivityEvent = z.infer<typeof activityEventSchema>;

export const activityAnswer = z.object({ events: z.array(activityEventSchema), nextCursor: z.string().nullable() });
export type ActivityAnswer = z.infer<typeof activityAnswer>;
