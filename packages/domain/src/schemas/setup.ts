/** Answers of the setup module (`/api/setup`); creating the first administrator answers `userAnswer` (auth.ts). */
import { z } from 'zod';

export const setupStatusAnswer = z.object({ needsSetup: z.boolean() });
export type SetupStatusAnswer = z.infer<typeof setupStatusAnswer>;
