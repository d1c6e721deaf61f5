/** Answers of the deadlines module (`/api/estates/:eid/deadlines`). */
import { z } from 'zod';

export const deadlineSchema = z.object({
  stage: z.number(),
  name: z.string(),
  dueAt: z.string(),
  autoAdvance: z.boolean(),
  passed: z.boolean(),
});
export type Deadline = z.infer<typeof deadlineSchema>;

export const deadlinesAnswer = z.object({ deadlines: z.array(deadlineSchema) });
export type DeadlinesAnswer = z.infer<typeof deadlinesAnswer>;

export const deadlineAnswer = z.object({ deadline: deadlineSchema });
export type DeadlineAnswer = z.infer<typeof deadlineAnswer>;
