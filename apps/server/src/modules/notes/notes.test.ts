/**
 * Personal notes through the real API: each person sees and changes only their own (anyone else's
 * note is "not found"), input is checked, and a reminder arrives once, as an in-app notification
 * and a mail (unless the owner turned notifications off).
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { call, useHarness } from '../../test/harness.js';
import { createAdmin, createUser, signIn, type TestUser } from '../../test/factories.js';
import { EVENTS_CHANNEL } from '../../platform/events.js';
import { outbox } from '../../db/schema.js';

const h = useHarness();

type Note = { id: string; title: string; description: string; checklist: { text: string; checked: boolean }[]; labels: string[]; archived: boolean; reminderAt: string | null; remindedAt: string | null };

const HOUR = 3600_000;
const inHours = (hours: number) => new Date(h.clock.now.getTime() + hours * HOUR).toISOString();

async function create(as: TestUser, body: Record<string, unknown>) {
  return call(h, 'POST', '/api/notes', { as, body });
}

async function list(as: TestUser): Promise<Note[]> {
  const res = await call(h, 'GET', '/api/notes', { as });
  expect(res.statusCode).toBe(200);
  return res.json<{ notes: Note[] }>().notes;
}

describe('notes', () => {
  it('creates, changes, archives and deletes a note', async () => {
    const anna = await createUser(h);
    const res = await create(anna, {
      title: '  Things for the move ',
      description: 'Ask Ben about the van.',
      checklist: [{ text: 'Boxes', checked: false }, { text: 'Tape' }],
      labels: ['House', 'house', 'Family'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const note = res.json<{ note: Note }>().note;
    expect(note).toMatchObject({
      title: 'Things for the move',
      checklist: [{ text: 'Boxes', checked: false }, { text: 'Tape', checked: false }],
      labels: ['House', 'Family'],
      archived: false,
      reminderAt: null,
    });
    const ticked = await call(h, 'PATCH', `/api/notes/${note.id}`, { as: anna, body: { checklist: [{ text: 'Boxes', checked: true }, { text: 'Tape', checked: false }] } });
    expect(ticked.statusCode).toBe(200);
    expect(ticked.json<{ note: Note }>().note).toMatchObject({ title: 'Things for the move', checklist: [{ text: 'Boxes', checked: true }, { text: 'Tape', checked: false }] });
    expect((await call(h, 'PATCH', `/api/notes/${note.id}`, { as: anna, body: { archived: true } })).json().note.archived).toBe(true);
    expect((await list(anna)).map((n) => [n.id, n.archived])).toEqual([[note.id, true]]);
    expect((await call(h, 'DELETE', `/api/notes/${note.id}`, { as: anna })).statusCode).toBe(204);
    expect(await list(anna)).toEqual([]);
    expect((await call(h, 'DELETE', `/api/notes/${note.id}`, { as: anna })).statusCode).toBe(404);
  });

  it("keeps each person's notes their own: another person's note is not found", async () => {
    const admin = await createAdmin(h, { email: 'root@example.com' });
    const anna = await createUser(h);
    const ben = await createUser(h);
    const annas = (await create(anna, { title: 'Private: what I hope for' })).json<{ note: Note }>().note;
    await create(ben, { title: "Ben's list" });
    expect((await list(ben)).map((n) => n.title)).toEqual(["Ben's list"]);
    for (const res of [
      await call(h, 'PATCH', `/api/notes/${annas.id}`, { as: ben, body: { title: 'Mine now' } }),
      await call(h, 'DELETE', `/api/notes/${annas.id}`, { as: ben }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Private');
    }
    expect((await list(anna)).map((n) => n.title)).toEqual(['Private: what I hope for']);
    // An administrator reads no one's notes either.
    expect((await list(admin)).map((n) => n.title)).toEqual([]);
    expect((await call(h, 'PATCH', `/api/notes/${annas.id}`, { as: admin, body: { archived: true } })).statusCode).toBe(404);
    expect((await call(h, 'GET', '/api/notes')).statusCode).toBe(401);
  });

  it('refuses a note without a title, an empty change and a reminder in the past', async () => {
    const anna = await createUser(h);
    expect((await create(anna, { title: '   ' })).json().error.fields).toHaveProperty('title');
    expect((await create(anna, { title: 'Old', reminderAt: inHours(-1) })).json().error.fields).toHaveProperty('reminderAt');
    expect((await create(anna, { title: 'Odd', reminderAt: 'next tuesday' })).statusCode).toBe(400);
    expect((await create(anna, { title: 'Long', checklist: Array.from({ length: 101 }, () => ({ text: 'x' })) })).statusCode).toBe(400);
    const note = (await create(anna, { title: 'Fine' })).json<{ note: Note }>().note;
    expect((await call(h, 'PATCH', `/api/notes/${note.id}`, { as: anna, body: {} })).statusCode).toBe(400);
    expect((await call(h, 'PATCH', `/api/notes/${note.id}`, { as: anna, body: { userId: 'someone' } })).statusCode).toBe(400);
  });

  it('reminds once, in the app and by mail, at the time asked', async () => {
    const anna = await createUser(h);
    const note = (await create(anna, { title: 'Call the appraiser', description: 'About the clock.', reminderAt: inHours(2) })).json<{ note: Note }>().note;
    const heard: { kind?: unknown; userId?: unknown; noteId?: unknown }[] = [];
    const unlisten = await h.database.notifier.listen(EVENTS_CHANNEL, (payload) => {
      const event = JSON.parse(payload) as { type: string; userId?: string; data: Record<string, unknown> };
      if (event.type === 'notification') heard.push({ kind: event.data.kind, userId: event.userId, noteId: event.data.noteId });
    });
    try {
      await h.app.scheduler.runDue();
      expect(heard).toEqual([]);
      h.clock.advance(2 * HOUR + 1000);
      await h.app.scheduler.runDue();
      await h.app.scheduler.runDue();
      await expect.poll(() => heard).toEqual([{ kind: 'note-reminder', userId: anna.id, noteId: note.id }]);
    } finally {
      await unlisten();
    }
    const reminders = (await h.database.db.select().from(outbox).where(eq(outbox.to, anna.email))).filter((m) => m.subject === 'Reminder: Call the appraiser');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({ to: anna.email });
    expect(reminders[0]!.text).toContain('About the clock.');
    expect(reminders[0]!.text).toContain('http://portal.test/apps/notes');
    expect((await list(await signIn(h, anna.email)))[0]!.remindedAt).not.toBeNull();
  });

  it('sends no mail to someone who turned notifications off, and reminds again at a new time', async () => {
    const anna = await createUser(h);
    await call(h, 'PATCH', '/api/me', { as: anna, body: { settings: { notifications: false, language: 'tr' } } });
    const note = (await create(anna, { title: 'Water the plants', reminderAt: inHours(1) })).json<{ note: Note }>().note;
    h.clock.advance(2 * HOUR);
    await h.app.scheduler.runDue();
    const sent = await h.database.db.select().from(outbox).where(eq(outbox.to, anna.email));
    expect(sent.filter((m) => m.subject.includes('Water the plants'))).toHaveLength(0);
    const back = await signIn(h, anna.email);
    expect((await list(back))[0]!.remindedAt).not.toBeNull();
    // Notifications on again, a new time: a new reminder, in the owner's language.
    await call(h, 'PATCH', '/api/me', { as: back, body: { settings: { notifications: true } } });
    const again = await call(h, 'PATCH', `/api/notes/${note.id}`, { as: back, body: { reminderAt: inHours(1) } });
    expect(again.json<{ note: Note }>().note.remindedAt).toBeNull();
    h.clock.advance(2 * HOUR);
    await h.app.scheduler.runDue();
    const after = await h.database.db.select().from(outbox).where(eq(outbox.to, anna.email));
    expect(after.filter((m) => m.subject === 'Hatırlatma: Water the plants')).toHaveLength(1);
    // Archived notes remind no one.
    const archived = (await create(await signIn(h, anna.email), { title: 'Archived one', reminderAt: inHours(1), archived: true })).json<{ note: Note }>().note;
    h.clock.advance(2 * HOUR);
    await h.app.scheduler.runDue();
    expect((await list(await signIn(h, anna.email))).find((n) => n.id === archived.id)?.remindedAt).toBeNull();
  });
});
