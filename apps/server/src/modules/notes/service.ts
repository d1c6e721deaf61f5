/**
 * Personal notes: title, description, a checklist, labels, archive and a reminder. A note belongs
 * to one person and to no estate; every query is scoped to its owner, and anyone else's note is
 * "not found" (404), exactly as a note that does not exist.
 *
 * A reminder is sent once, by the scheduler (platform/jobs.ts, one process at a time): an in-app
 * notification on the owner's live stream, and a mail unless they switched notifications off.
 */
import { and, desc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { NOTES_PER_PERSON_MAX, uniqueLabels, type Note, type createNoteBody, type updateNoteBody } from '@estate/domain/schemas/notes';
import { notes, users } from '../../db/schema.js';
import type { UserRow } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { noteReminderMail, readerLanguage } from '../../platform/mail-texts.js';

type NoteRow = typeof notes.$inferSelect;

function toDto(row: NoteRow): Note {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    checklist: row.checklist.map((c) => ({ text: c.text, checked: c.checked })),
    labels: row.labels,
    archived: row.archived,
    reminderAt: row.reminderAt?.toISOString() ?? null,
    remindedAt: row.remindedAt?.toISOString() ?? null,
    imageUrl: null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A reminder set now must be in the future (an unchanged one may have passed). */
function futureReminder(ctx: AppContext, reminderAt: string | null | undefined): Date | null | undefined {
  if (reminderAt === undefined || reminderAt === null) return reminderAt;
  const at = new Date(reminderAt);
  if (at.getTime() <= ctx.now().getTime()) {
    throw new AppError('validation_failed', 'A reminder must be in the future.', { reminderAt: 'Choose a date and time in the future.' });
  }
  return at;
}

const mine = (user: UserRow, noteId: string) => and(eq(notes.userId, user.id), eq(notes.id, noteId));

export async function listNotes(ctx: AppContext, user: UserRow): Promise<Note[]> {
  const rows = await ctx.db.select().from(notes).where(eq(notes.userId, user.id)).orderBy(desc(notes.updatedAt), desc(notes.id));
  return rows.map(toDto);
}

export async function createNote(ctx: AppContext, user: UserRow, body: z.infer<typeof createNoteBody>): Promise<Note> {
  const reminderAt = futureReminder(ctx, body.reminderAt) ?? null;
  const [{ n } = { n: 0 }] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(notes).where(eq(notes.userId, user.id));
  if (n >= NOTES_PER_PERSON_MAX) throw new AppError('conflict', `You can keep up to ${NOTES_PER_PERSON_MAX} notes. Please delete some you no longer need.`);
  const now = ctx.now();
  const [row] = await ctx.db
    .insert(notes)
    .values({
      id: newId(),
      userId: user.id,
      title: body.title,
      description: body.description,
      checklist: body.checklist.map((c) => ({ text: c.text, checked: c.checked })),
      labels: uniqueLabels(body.labels),
      archived: body.archived,
      reminderAt,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return toDto(row!);
}

export async function updateNote(ctx: AppContext, user: UserRow, noteId: string, body: z.infer<typeof updateNoteBody>): Promise<Note> {
  const [current] = await ctx.db.select().from(notes).where(mine(user, noteId));
  if (!current) throw notFound('That note');
  const changes: Partial<typeof notes.$inferInsert> = { updatedAt: ctx.now() };
  if (body.title !== undefined) changes.title = body.title;
  if (body.description !== undefined) changes.description = body.description;
  if (body.checklist !== undefined) changes.checklist = body.checklist.map((c) => ({ text: c.text, checked: c.checked }));
  if (body.labels !== undefined) changes.labels = uniqueLabels(body.labels);
  if (body.archived !== undefined) changes.archived = body.archived;
  if (body.reminderAt !== undefined) {
    const unchanged = body.reminderAt !== null && current.reminderAt?.getTime() === new Date(body.reminderAt).getTime();
    if (!unchanged) {
      changes.reminderAt = futureReminder(ctx, body.reminderAt) ?? null;
      // A new time is a new reminder.
      changes.remindedAt = null;
    }
  }
  const [row] = await ctx.db.update(notes).set(changes).where(mine(user, noteId)).returning();
  if (!row) throw notFound('That note');
  return toDto(row);
}

export async function deleteNote(ctx: AppContext, user: UserRow, noteId: string): Promise<void> {
  const [row] = await ctx.db.delete(notes).where(mine(user, noteId)).returning({ id: notes.id });
  if (!row) throw notFound('That note');
}

/**
 * The scheduled job: each due reminder is claimed with a conditional update (so two processes or
 * two runs never send it twice), then announced in the app and, unless the owner turned
 * notifications off, by mail. Archived notes remind no one. Returns how many were sent.
 */
export async function sendNoteReminders(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const due = await ctx.db
    .select({ note: notes, email: users.email, firstName: users.firstName, settings: users.settings, status: users.accountStatus })
    .from(notes)
    .innerJoin(users, eq(users.id, notes.userId))
    .where(and(isNotNull(notes.reminderAt), isNull(notes.remindedAt), lte(notes.reminderAt, now), eq(notes.archived, false)))
    .limit(500);
  let sent = 0;
  for (const { note, email, firstName, settings, status } of due) {
    const [claimed] = await ctx.db
      .update(notes)
      .set({ remindedAt: now })
      .where(and(eq(notes.id, note.id), isNull(notes.remindedAt)))
      .returning({ id: notes.id });
    if (!claimed || status === 'disabled') continue;
    await ctx.events.publish({ type: 'notification', userId: note.userId, data: { kind: 'note-reminder', noteId: note.id, title: note.title } });
    if (settings['notifications'] !== false) {
      await ctx.mailer.send(noteReminderMail({ email, firstName, language: readerLanguage(settings) }, { title: note.title, description: note.description, url: `${ctx.config.PUBLIC_URL}/apps/notes` }));
    }
    sent += 1;
  }
  return sent;
}
