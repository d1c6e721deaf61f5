/** Answers of the activity module (`GET /api/estates/:eid/activity`). */
import { z } from 'zod';

export const activityEventSchema = z.object({
  id: z.string(),
  actorName: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  field: z.string().nullable(),
  from: z.unknown(),
  to: z.unknown(),
  at: z.string(),
});
export type ActivityEvent = z.infer<typeof activityEventSchema>;

export const activityAnswer = z.object({ events: z.array(activityEventSchema), nextCursor: z.string().nullable() });
export type ActivityAnswer = z.infer<typeof activityAnswer>;
