/** Answers of the health module (`GET /api/health`). */
import { z } from 'zod';

export const healthAnswer = z.object({ status: z.literal('ok'), db: z.enum(['pglite', 'postgres']) });
export type HealthAnswer = z.infer<typeof healthAnswer>;
