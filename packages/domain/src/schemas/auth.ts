/** Answers of the auth module (`/api/auth/*`). */
import { z } from 'zod';
import { userSchema } from './account.js';

/**
 * `{user}`: the answer of registering, and also of creating the first administrator (setup) and of
 * an administrator's change to an account (admin).
 */
export const userAnswer = z.object({ user: userSchema });
export type UserAnswer = z.infer<typeof userAnswer>;

export const loginAnswer = z.object({ accessToken: z.string(), user: userSchema });
export type LoginAnswer = z.infer<typeof loginAnswer>;

export const refreshAnswer = z.object({ accessToken: z.string() });
export type RefreshAnswer = z.infer<typeof refreshAnswer>;
