/** Answers of the estates module (`/api/estates`, `/api/estates/:eid`, `…/stage`). */
import { z } from 'zod';
import { estateSchema } from './estate.js';

export const estateAnswer = z.object({ estate: estateSchema });
export type EstateAnswer = z.infer<typeof estateAnswer>;

export const estatesAnswer = z.object({ estates: z.array(estateSchema) });
export type EstatesAnswer = z.infer<typeof estatesAnswer>;

/** The estate's current stage, its deadline if one is set, and the stage after it. */
export const stageAnswer = z.object({
  stage: z.number().int(),
  name: z.string(),
  deadline: z.string().optional(),
  next: z.object({ stage: z.number().int(), name: z.string() }).optional(),
});
export type StageAnswer = z.infer<typeof stageAnswer>;
