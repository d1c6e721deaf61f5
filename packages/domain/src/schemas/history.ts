/**
 * An item's history and the estate's activity as sentences (issue 30; api.md "Settlement, history,
 * questions"). Each entry carries the sentence it becomes (`@estate/domain/timeline`: a kind and the
 * few values it names), so every reader sees it in their own language; the raw values stay as the
 * activity log has them, for trustees' and observers' eyes and the archive.
 */
import { z } from 'zod';

/** What a sentence is made of: its kind (`activity:kinds.<kind>` in the web's texts) and values. */
export const sentenceSchema = z.object({
  kind: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type SentenceDto = z.infer<typeof sentenceSchema>;

export const historyEventSchema = z.object({
  at: z.string(),
  actor: z.object({ id: z.string(), displayName: z.string() }).nullable(),
  action: z.string(),
  field: z.string().nullable().optional(),
  from: z.unknown().optional(),
  to: z.unknown().optional(),
  sentence: sentenceSchema,
});
export type HistoryEvent = z.infer<typeof historyEventSchema>;

/** `GET /api/estates/:eid/items/:iid/history`: oldest first. */
export const itemHistoryAnswer = z.object({ events: z.array(historyEventSchema) });
export type ItemHistoryAnswer = z.infer<typeof itemHistoryAnswer>;

/**
 * The Activity page's filters: what an entry is about. `support` is the administrator's support
 * visits (`estate.support-opened`).
 */
export const ACTIVITY_CATEGORIES = ['stages', 'items', 'people', 'handover', 'support'] as const;
export type ActivityCategory = (typeof ACTIVITY_CATEGORIES)[number];

/** Action prefixes per category (the server filters with `like '<prefix>%'`; `stages` leaves out `support`). */
export const CATEGORY_ACTIONS: Record<ActivityCategory, readonly string[]> = {
  support: ['estate.support-', 'support.'],
  stages: ['stage.', 'deadline.', 'inputs.', 'step.', 'draw.', 'participation.', 'high-interest.', 'estate.', 'agreement.published', 'reports.', 'archive.'],
  items: ['item.', 'items.', 'photo.', 'flag.', 'interest.', 'directive.', 'return.', 'location.', 'room.', 'rooms.', 'question.', 'document.'],
  people: ['member.', 'invitation.', 'agreement.accepted', 'profile.'],
  handover: ['handover.', 'disposition.'],
};
