/** Answers of the stories module (issue 34, api.md "Stories and offline creation"). */
import { z } from 'zod';

export const storySchema = z.object({
  id: z.string(),
  itemId: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  text: z.string().nullable(),
  /** A signed, expiring link to the recording (an <audio> cannot send a token). */
  audioUrl: z.string().optional(),
  durationSeconds: z.number().optional(),
  createdAt: z.string(),
  /** Whether the caller may remove it: its author, or a trustee while the estate is open. */
  removable: z.boolean(),
});
export type Story = z.infer<typeof storySchema>;

export const storyAnswer = z.object({ story: storySchema });
export type StoryAnswer = z.infer<typeof storyAnswer>;
export const storiesAnswer = z.object({ stories: z.array(storySchema) });
export type StoriesAnswer = z.infer<typeof storiesAnswer>;
