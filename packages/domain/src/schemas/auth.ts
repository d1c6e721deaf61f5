/** Answers of the auth module (`/api/auth/*`). */
import { z } from 'zod';
import { meSchema, userSchema } from './account.js';

/**
 * `{user}`: the answer of registering, and also of creating the first administrator (setup) and of
 * an administrator's change to an account (admin).
 */
export const userAnswer = z.object({ user: userSchema });
export type UserAnswer = z.infer<typeof userAnswer>;

export const loginAnswer = z.object({ accessToken: z.string(), user: userSchema });
export type LoginAnswer = z.infer<typeof loginAnswer>;

/**
 * `{accessToken}` (api.md), and, an extension, `me`: the same body as `GET /api/me`, so restoring a
 * session on page load takes one round trip instead of two (`GET /api/me` stays for other clients).
 */
export const refreshAnswer = z.object({
  accessToken: z.string(),
  me: meSchema.describe('Extension of api.md: the signed-in person, as GET /api/me answers'),
});
export type RefreshAnswer = z.infer<typeof refreshAnswer>;
