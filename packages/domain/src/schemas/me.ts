/** Answers of the me module (`/api/me`): reading answers `meSchema` (account.ts), a change this. */
import { z } from 'zod';
import { settingsSchema, userSchema } from './account.js';

export const meUpdateAnswer = z.object({ user: userSchema, settings: settingsSchema });
export type MeUpdateAnswer = z.infer<typeof meUpdateAnswer>;
