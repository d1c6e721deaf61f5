/**
 * Personal to-dos, their labels and folders: each person's own, across estates (seed sections 3
 * and 7). Deleting moves a to-do to "Deleted" (restorable); deleting it there removes it for good.
 * The estate's own to-dos (`service.ts`) are derived from the stage, never stored, and cannot be
 * changed or deleted here: they go away when they are done.
 */
import { and, asc, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import {
  handleFor,
  type CreateTodoBody,
  type PersonalTodo,
  type TodoCounts,
  type TodoFolder,
  type TodoLabel,
  type TodoLabelColor,
  type TodoListQuery,
  type UpdateTodoBody,
} from '@estate/domain/schemas/personal-todos';
import { personalTodos, todoFolders, todoLabels } from '../../db/schema.js';
import type { UserRow } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { listTodos } from './service.js';

type TodoRow = typeof personalTodos.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function dto(row: TodoRow): PersonalTodo {
  return {
    id: row.id,
    title: row.title,
    notes: row.notes,
    startAt: row.startAt?.toISOString() ?? null,
    dueAt: row.dueAt?.toISOString() ?? null,
    completed: row.completedAt != null,
    completedAt: row.completedAt?.toISOString() ?? null,
    starred: row.starred,
    important: row.important,
    deleted: row.deletedAt != null,
    labelIds: row.labelIds,
    folderId: row.folderId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The to-do `tid` names, as the caller may change it: a personal one of theirs, or a refusal. An
 * estate to-do (its id is not a uuid) answers 409, saying why; anything else is 404.
 */
async function ownTodo(ctx: AppContext, user: UserRow, tid: string, lock = false): Promise<TodoRow> {
  if (!UUID.test(tid)) {
    const derived = (await listTodos(ctx, user)).find((t) => t.id === tid);
    if (derived) {
      throw new AppError(
        'conflict',
        derived.required
          ? 'This to-do is required by the estate: it cannot be changed or deleted, and it goes away once it is done.'
          : 'This to-do comes from the estate’s stage: it cannot be changed or deleted, and it goes away when the stage moves on.',
      );
    }
    throw notFound('That to-do');
  }
  const query = ctx.db.select().from(personalTodos).where(and(eq(personalTodos.id, tid), eq(personalTodos.userId, user.id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('That to-do');
  return row;
}

async function labelByHandle(ctx: AppContext, user: UserRow, handle: string) {
  const [row] = await ctx.db.select().from(todoLabels).where(and(eq(todoLabels.userId, user.id), eq(todoLabels.handle, handle)));
  return row;
}

async function folderByHandle(ctx: AppContext, user: UserRow, handle: string) {
  const [row] = await ctx.db.select().from(todoFolders).where(and(eq(todoFolders.userId, user.id), eq(todoFolders.handle, handle)));
  return row;
}

/** Labels and a folder named in a body must be the caller's own (400 otherwise). */
async function checkRefs(ctx: AppContext, user: UserRow, body: { labelIds?: string[]; folderId?: string | null }) {
  if (body.labelIds?.length) {
    const own = await ctx.db.select({ id: todoLabels.id }).from(todoLabels).where(eq(todoLabels.userId, user.id));
    const ids = new Set(own.map((l) => l.id));
    if (body.labelIds.some((id) => !ids.has(id))) {
      throw new AppError('validation_failed', 'A label was not found among your labels.', { labelIds: 'validation.notFound' });
    }
  }
  if (body.folderId) {
    const [folder] = await ctx.db
      .select({ id: todoFolders.id })
      .from(todoFolders)
      .where(and(eq(todoFolders.id, body.folderId), eq(todoFolders.userId, user.id)));
    if (!folder) throw new AppError('validation_failed', 'That folder was not found among your folders.', { folderId: 'validation.notFound' });
  }
}

/**
 * The seed's list: everything but the deleted, narrowed by one filter (important, starred, done,
 * or deleted, the only view of deleted ones), a label or a folder. Open first, then by due date.
 * An unknown label or folder is 404.
 */
export async function listPersonal(ctx: AppContext, user: UserRow, query: TodoListQuery): Promise<PersonalTodo[]> {
  const where: (SQL | undefined)[] = [eq(personalTodos.userId, user.id)];
  where.push(query.filter === 'deleted' ? isNotNull(personalTodos.deletedAt) : isNull(personalTodos.deletedAt));
  if (query.filter === 'important') where.push(eq(personalTodos.important, true));
  if (query.filter === 'starred') where.push(eq(personalTodos.starred, true));
  if (query.filter === 'done') where.push(isNotNull(personalTodos.completedAt));
  if (query.label) {
    const label = await labelByHandle(ctx, user, query.label);
    if (!label) throw notFound('That label');
    where.push(sql`${label.id}::uuid = any(${personalTodos.labelIds})`);
  }
  if (query.folder && query.folder !== 'all') {
    const folder = await folderByHandle(ctx, user, query.folder);
    if (!folder) throw notFound('That folder');
    where.push(eq(personalTodos.folderId, folder.id));
  }
  const rows = await ctx.db
    .select()
    .from(personalTodos)
    .where(and(...where))
    .orderBy(
      sql`${personalTodos.completedAt} is not null`,
      sql`${personalTodos.dueAt} asc nulls last`,
      desc(personalTodos.important),
      asc(personalTodos.createdAt),
    );
  return rows.map(dto);
}

export async function createPersonal(ctx: AppContext, user: UserRow, body: CreateTodoBody): Promise<PersonalTodo> {
  await checkRefs(ctx, user, body);
  const now = ctx.now();
  const [row] = await ctx.db
    .insert(personalTodos)
    .values({
      id: newId(),
      userId: user.id,
      title: body.title,
      notes: body.notes ?? '',
      startAt: body.startAt ? new Date(body.startAt) : null,
      dueAt: body.dueAt ? new Date(body.dueAt) : null,
      starred: body.starred ?? false,
      important: body.important ?? false,
      labelIds: [...new Set(body.labelIds ?? [])],
      folderId: body.folderId ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return dto(row!);
}

export async function updatePersonal(ctx: AppContext, user: UserRow, tid: string, body: UpdateTodoBody): Promise<PersonalTodo> {
  const row = await ownTodo(ctx, user, tid);
  if (row.deletedAt) throw new AppError('conflict', 'This to-do is deleted: restore it first to change it.');
  await checkRefs(ctx, user, body);
  const now = ctx.now();
  const set: Partial<typeof personalTodos.$inferInsert> = { updatedAt: now };
  if (body.title !== undefined) set.title = body.title;
  if (body.notes !== undefined) set.notes = body.notes;
  if (body.startAt !== undefined) set.startAt = body.startAt ? new Date(body.startAt) : null;
  if (body.dueAt !== undefined) set.dueAt = body.dueAt ? new Date(body.dueAt) : null;
  if (body.completed !== undefined) set.completedAt = body.completed ? (row.completedAt ?? now) : null;
  if (body.starred !== undefined) set.starred = body.starred;
  if (body.important !== undefined) set.important = body.important;
  if (body.labelIds !== undefined) set.labelIds = [...new Set(body.labelIds)];
  if (body.folderId !== undefined) set.folderId = body.folderId;
  const [updated] = await ctx.db.update(personalTodos).set(set).where(eq(personalTodos.id, row.id)).returning();
  return dto(updated!);
}

/** Moves a to-do to "Deleted" (idempotent). */
export async function softDelete(ctx: AppContext, user: UserRow, tid: string): Promise<PersonalTodo> {
  const row = await ownTodo(ctx, user, tid);
  if (row.deletedAt) return dto(row);
  const [updated] = await ctx.db.update(personalTodos).set({ deletedAt: ctx.now(), updatedAt: ctx.now() }).where(eq(personalTodos.id, row.id)).returning();
  return dto(updated!);
}

/** Brings a deleted to-do back (idempotent). */
export async function restore(ctx: AppContext, user: UserRow, tid: string): Promise<PersonalTodo> {
  const row = await ownTodo(ctx, user, tid);
  if (!row.deletedAt) return dto(row);
  const [updated] = await ctx.db.update(personalTodos).set({ deletedAt: null, updatedAt: ctx.now() }).where(eq(personalTodos.id, row.id)).returning();
  return dto(updated!);
}

/** Removes a to-do for good. */
export async function deleteForGood(ctx: AppContext, user: UserRow, tid: string): Promise<void> {
  const row = await ownTodo(ctx, user, tid);
  await ctx.db.delete(personalTodos).where(eq(personalTodos.id, row.id));
}

// ---- Labels and folders ----

const labelDto = (row: typeof todoLabels.$inferSelect): TodoLabel => ({
  id: row.id,
  handle: row.handle,
  title: row.title,
  color: row.color as TodoLabelColor,
});
const folderDto = (row: typeof todoFolders.$inferSelect): TodoFolder => ({ id: row.id, handle: row.handle, title: row.title, icon: row.icon });

export async function listLabels(ctx: AppContext, user: UserRow): Promise<TodoLabel[]> {
  const rows = await ctx.db.select().from(todoLabels).where(eq(todoLabels.userId, user.id)).orderBy(asc(todoLabels.createdAt));
  return rows.map(labelDto);
}

export async function createLabel(ctx: AppContext, user: UserRow, body: { title: string; color?: TodoLabelColor }): Promise<TodoLabel> {
  const taken = (await listLabels(ctx, user)).map((l) => l.handle);
  const [row] = await ctx.db
    .insert(todoLabels)
    .values({ id: newId(), userId: user.id, handle: handleFor(body.title, taken), title: body.title, color: body.color ?? 'blue', createdAt: ctx.now() })
    .returning();
  return labelDto(row!);
}

async function ownLabel(ctx: AppContext, user: UserRow, lid: string) {
  const [row] = await ctx.db.select().from(todoLabels).where(and(eq(todoLabels.id, lid), eq(todoLabels.userId, user.id)));
  if (!row) throw notFound('That label');
  return row;
}

/** A new title keeps the handle (links to the label's list keep working). */
export async function updateLabel(ctx: AppContext, user: UserRow, lid: string, body: { title?: string; color?: TodoLabelColor }): Promise<TodoLabel> {
  const row = await ownLabel(ctx, user, lid);
  const [updated] = await ctx.db
    .update(todoLabels)
    .set({ title: body.title ?? row.title, color: body.color ?? row.color })
    .where(eq(todoLabels.id, row.id))
    .returning();
  return labelDto(updated!);
}

/** Removes the label and takes it off every to-do, in one transaction. */
export async function deleteLabel(ctx: AppContext, user: UserRow, lid: string): Promise<void> {
  const row = await ownLabel(ctx, user, lid);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(personalTodos)
      .set({ labelIds: sql`array_remove(${personalTodos.labelIds}, ${row.id}::uuid)` })
      .where(and(eq(personalTodos.userId, user.id), sql`${row.id}::uuid = any(${personalTodos.labelIds})`));
    await tx.delete(todoLabels).where(eq(todoLabels.id, row.id));
  });
}

export async function listFolders(ctx: AppContext, user: UserRow): Promise<TodoFolder[]> {
  const rows = await ctx.db.select().from(todoFolders).where(eq(todoFolders.userId, user.id)).orderBy(asc(todoFolders.createdAt));
  return rows.map(folderDto);
}

export async function createFolder(ctx: AppContext, user: UserRow, body: { title: string; icon?: string }): Promise<TodoFolder> {
  const taken = (await listFolders(ctx, user)).map((f) => f.handle);
  const [row] = await ctx.db
    .insert(todoFolders)
    .values({ id: newId(), userId: user.id, handle: handleFor(body.title, taken), title: body.title, icon: body.icon ?? 'folder', createdAt: ctx.now() })
    .returning();
  return folderDto(row!);
}

async function ownFolder(ctx: AppContext, user: UserRow, fid: string) {
  const [row] = await ctx.db.select().from(todoFolders).where(and(eq(todoFolders.id, fid), eq(todoFolders.userId, user.id)));
  if (!row) throw notFound('That folder');
  return row;
}

export async function updateFolder(ctx: AppContext, user: UserRow, fid: string, body: { title?: string; icon?: string }): Promise<TodoFolder> {
  const row = await ownFolder(ctx, user, fid);
  const [updated] = await ctx.db
    .update(todoFolders)
    .set({ title: body.title ?? row.title, icon: body.icon ?? row.icon })
    .where(eq(todoFolders.id, row.id))
    .returning();
  return folderDto(updated!);
}

/** Removes the folder; its to-dos stay, in "All". */
export async function deleteFolder(ctx: AppContext, user: UserRow, fid: string): Promise<void> {
  const row = await ownFolder(ctx, user, fid);
  await ctx.db.delete(todoFolders).where(eq(todoFolders.id, row.id));
}

/**
 * The numbers beside each filter, folder and label, and the navigation badge's count: the open
 * estate to-dos and open personal ones together. Two queries plus the estate to-dos' one.
 */
export async function counts(ctx: AppContext, user: UserRow): Promise<TodoCounts> {
  const live = sql`${personalTodos.deletedAt} is null`;
  const [[totals], perFolder, perLabel, estateTodos] = await Promise.all([
    ctx.db
      .select({
        all: sql<number>`count(*) filter (where ${live})::int`,
        open: sql<number>`count(*) filter (where ${live} and ${personalTodos.completedAt} is null)::int`,
        important: sql<number>`count(*) filter (where ${live} and ${personalTodos.important})::int`,
        starred: sql<number>`count(*) filter (where ${live} and ${personalTodos.starred})::int`,
        done: sql<number>`count(*) filter (where ${live} and ${personalTodos.completedAt} is not null)::int`,
        deleted: sql<number>`count(*) filter (where ${personalTodos.deletedAt} is not null)::int`,
      })
      .from(personalTodos)
      .where(eq(personalTodos.userId, user.id)),
    ctx.db
      .select({ handle: todoFolders.handle, n: sql<number>`count(${personalTodos.id})::int` })
      .from(todoFolders)
      .leftJoin(personalTodos, and(eq(personalTodos.folderId, todoFolders.id), live))
      .where(eq(todoFolders.userId, user.id))
      .groupBy(todoFolders.handle),
    ctx.db
      .select({ handle: todoLabels.handle, n: sql<number>`count(${personalTodos.id})::int` })
      .from(todoLabels)
      .leftJoin(personalTodos, and(sql`${todoLabels.id} = any(${personalTodos.labelIds})`, eq(personalTodos.userId, user.id), live))
      .where(eq(todoLabels.userId, user.id))
      .groupBy(todoLabels.handle),
    listTodos(ctx, user),
  ]);
  const estateOpen = estateTodos.filter((t) => !t.done).length;
  const personalOpen = totals?.open ?? 0;
  return {
    estateOpen,
    personalOpen,
    open: estateOpen + personalOpen,
    all: totals?.all ?? 0,
    important: totals?.important ?? 0,
    starred: totals?.starred ?? 0,
    done: totals?.done ?? 0,
    deleted: totals?.deleted ?? 0,
    folders: Object.fromEntries(perFolder.map((f) => [f.handle, f.n])),
    labels: Object.fromEntries(perLabel.map((l) => [l.handle, l.n])),
  };
}
