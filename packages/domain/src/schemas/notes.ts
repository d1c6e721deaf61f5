/**
 * Personal notes (seed entity Note; api.md "Conversations, notes, …"): title, description, a
 * checklist, labels, archive and a reminder. Only their owner ever sees them.
 */
import { z } from 'zod';
import { nameText, text } from './text.js';

export const NOTE_TITLE_MAX = 200;
export const NOTE_DESCRIPTION_MAX = 10_000;
export const NOTE_CHECKLIST_MAX = 100;
export const NOTE_CHECK_TEXT_MAX = 500;
export const NOTE_LABELS_MAX = 20;
export const NOTE_LABEL_MAX = 40;
/** How many notes one person may keep (a bound, not a goal). */
export const NOTES_PER_PERSON_MAX = 2000;

export const checklistEntrySchema = z.strictObject({
  text: text(NOTE_CHECK_TEXT_MAX, { trim: true, required: true }),
  checked: z.boolean().default(false),
});

const noteFields = {
  title: nameText(NOTE_TITLE_MAX),
  description: text(NOTE_DESCRIPTION_MAX),
  checklist: z.array(checklistEntrySchema).max(NOTE_CHECKLIST_MAX),
  /** Label names (the same name twice is kept once: `uniqueLabels`). */
  labels: z.array(text(NOTE_LABEL_MAX, { trim: true, required: true })).max(NOTE_LABELS_MAX),
  archived: z.boolean(),
  /** When to remind (ISO date and time); null clears the reminder. */
  reminderAt: z.iso.datetime({ offset: true, message: 'Use a date and time such as 2030-05-01T09:00:00Z.' }).nullable(),
};

export const createNoteBody = z.strictObject({
  title: noteFields.title,
  description: noteFields.description.default(''),
  checklist: noteFields.checklist.default([]),
  labels: noteFields.labels.default([]),
  archived: noteFields.archived.default(false),
  reminderAt: noteFields.reminderAt.optional(),
});

export const updateNoteBody = z
  .strictObject({
    title: noteFields.title.optional(),
    description: noteFields.description.optional(),
    checklist: noteFields.checklist.optional(),
    labels: noteFields.labels.optional(),
    archived: noteFields.archived.optional(),
    reminderAt: noteFields.reminderAt.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'validation.nothingToChange' });

/** Label names without repeats, ignoring case; the first spelling wins. */
export function uniqueLabels(names: readonly string[]): string[] {
  return [...new Map(names.map((n) => [n.toLocaleLowerCase(), n] as const).reverse()).values()].reverse();
}

export const noteSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  checklist: z.array(z.object({ text: z.string(), checked: z.boolean() })),
  labels: z.array(z.string()),
  archived: z.boolean(),
  reminderAt: z.string().nullable(),
  /** When the reminder was sent (null while it is still to come). */
  remindedAt: z.string().nullable(),
  /** A signed address of the note's picture, or null. */
  imageUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Note = z.infer<typeof noteSchema>;

// Answers (decision record 0010).
export const notesAnswer = z.object({ notes: z.array(noteSchema) });
export type NotesAnswer = z.infer<typeof notesAnswer>;
export const noteAnswer = z.object({ note: noteSchema });
export type NoteAnswer = z.infer<typeof noteAnswer>;
export type CreateNote = z.input<typeof createNoteBody>;
export type UpdateNote = z.input<typeof updateNoteBody>;
