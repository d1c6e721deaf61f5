/** Answers of the admin module (`/api/admin/*`); changing an account answers `userAnswer` (auth.ts). */
import { z } from 'zod';
import { userSchema } from './account.js';

export const usersAnswer = z.object({ users: z.array(userSchema) });
export type UsersAnswer = z.infer<typeof usersAnswer>;

export const outboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxAnswer = z.object({ messages: z.array(outboxMessageSchema) });
export type OutboxAnswer = z.infer<typeof outboxAnswer>;
