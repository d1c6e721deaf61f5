/**
 * A person's sessions (issue 31; api.md `GET/DELETE /api/me/sessions`): where they are signed in,
 * since when, on which device and how, so they can end one that is not theirs.
 */
import { z } from 'zod';

export const SESSION_VIAS = ['password', 'link', 'reset'] as const;
export type SessionVia = (typeof SESSION_VIAS)[number];

export const sessionSchema = z.object({
  /** The session's id (`sid`): `DELETE /api/me/sessions/:sid` ends it. */
  id: z.string(),
  /** When it was signed in. */
  createdAt: z.string(),
  /** When it was last refreshed (the app opened or kept open). */
  lastUsedAt: z.string(),
  /** The browser's User-Agent at sign-in; `describeDevice` (devices.ts) words it. */
  userAgent: z.string(),
  /** The session this answer is read with. */
  current: z.boolean(),
  via: z.enum(SESSION_VIAS),
});
export type SessionInfo = z.infer<typeof sessionSchema>;

export const sessionsAnswer = z.object({ sessions: z.array(sessionSchema) });
export type SessionsAnswer = z.infer<typeof sessionsAnswer>;

/** A sign-in by an emailed link on another session than this one: the app tells the person. */
export const linkSignInSchema = z.object({ sessionId: z.string(), at: z.string(), userAgent: z.string() });
export type LinkSignInNotice = z.infer<typeof linkSignInSchema>;
