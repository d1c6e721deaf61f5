/**
 * Personal to-dos (seed sections 3 and 7: "Todo: id, title, notes, enabled, required, startDate,
 * dueDate, completed, starred, important, deleted, labels, folder. Folder/filter: id, handle,
 * title, icon. Label: id, handle, title, color."). They belong to one person, across estates; the
 * estate's own to-dos are derived from the stage (`../todos.ts`) and are never stored.
 */
import { z } from 'zod';
import { nameText, text } from './text.js';

/** The seed's filters: the boolean fields a list can be narrowed to. */
export const TODO_FILTERS = ['important', 'starred', 'done', 'deleted'] as const;
export type TodoFilter = (typeof TODO_FILTERS)[number];

/** Label colours, names of the theme's palette (so they follow light and dark themes). */
export const TODO_LABEL_COLORS = ['red', 'orange', 'green', 'blue', 'purple', 'grey'] as const;
export type TodoLabelColor = (typeof TODO_LABEL_COLORS)[number];

/** Folder icons the app can draw. */
export const TODO_FOLDER_ICONS = ['folder', 'home', 'paperwork', 'family', 'truck', 'heart'] as const;

const isoDate = z.iso.datetime({ offset: true, message: 'validation.date' });
const id = z.uuid({ message: 'validation.id' });

export const todoFields = {
  title: nameText(200),
  notes: text(4000, { trim: true }),
  startAt: isoDate.nullable(),
  dueAt: isoDate.nullable(),
  completed: z.boolean(),
  starred: z.boolean(),
  important: z.boolean(),
  labelIds: z.array(id).max(20),
  folderId: id.nullable(),
};

export const createTodoBody = z.strictObject({
  title: todoFields.title,
  notes: todoFields.notes.optional(),
  startAt: todoFields.startAt.optional(),
  dueAt: todoFields.dueAt.optional(),
  starred: todoFields.starred.optional(),
  important: todoFields.important.optional(),
  labelIds: todoFields.labelIds.optional(),
  folderId: todoFields.folderId.optional(),
});
export type CreateTodoBody = z.infer<typeof createTodoBody>;

export const updateTodoBody = z
  .strictObject({
    title: todoFields.title.optional(),
    notes: todoFields.notes.optional(),
    startAt: todoFields.startAt.optional(),
    dueAt: todoFields.dueAt.optional(),
    completed: todoFields.completed.optional(),
    starred: todoFields.starred.optional(),
    important: todoFields.important.optional(),
    labelIds: todoFields.labelIds.optional(),
    folderId: todoFields.folderId.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'validation.required' });
export type UpdateTodoBody = z.infer<typeof updateTodoBody>;

export const todoListQuery = z.strictObject({
  filter: z.enum(TODO_FILTERS).optional(),
  /** A label's handle. */
  label: text(60).optional(),
  /** A folder's handle; "all" (or none) is every folder. */
  folder: text(60).optional(),
});
export type TodoListQuery = z.infer<typeof todoListQuery>;

export const labelBody = z.strictObject({ title: nameText(40), color: z.enum(TODO_LABEL_COLORS).optional() });
export const labelPatch = z.strictObject({ title: nameText(40).optional(), color: z.enum(TODO_LABEL_COLORS).optional() });
export const folderBody = z.strictObject({ title: nameText(40), icon: z.enum(TODO_FOLDER_ICONS).optional() });
export const folderPatch = z.strictObject({ title: nameText(40).optional(), icon: z.enum(TODO_FOLDER_ICONS).optional() });

/** A handle for a title: lower case letters, digits and dashes, unique among the person's own (`-2`, `-3` …). */
export function handleFor(title: string, taken: readonly string[]): string {
  const base =
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .normalize('NFC')
      .toLowerCase()
      .replace(/ı/g, 'i')
      .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'list';
  // "all" is the folder of everything; "filter" and "label" begin the app's other paths.
  const reserved = new Set(['all', 'filter', 'label', ...taken]);
  if (!reserved.has(base)) return base;
  for (let n = 2; ; n++) if (!reserved.has(`${base}-${n}`)) return `${base}-${n}`;
}

export const personalTodoSchema = z.object({
  id: z.string(),
  title: z.string(),
  notes: z.string(),
  startAt: z.string().nullable(),
  dueAt: z.string().nullable(),
  completed: z.boolean(),
  completedAt: z.string().nullable(),
  starred: z.boolean(),
  important: z.boolean(),
  deleted: z.boolean(),
  labelIds: z.array(z.string()),
  folderId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PersonalTodo = z.infer<typeof personalTodoSchema>;

export const todoLabelSchema = z.object({ id: z.string(), handle: z.string(), title: z.string(), color: z.enum(TODO_LABEL_COLORS) });
export type TodoLabel = z.infer<typeof todoLabelSchema>;
export const todoFolderSchema = z.object({ id: z.string(), handle: z.string(), title: z.string(), icon: z.string() });
export type TodoFolder = z.infer<typeof todoFolderSchema>;

export const todoCountsSchema = z.object({
  /** Open to-dos the estates ask of the person (derived from the stages). */
  estateOpen: z.number(),
  /** Personal to-dos, not done and not deleted. */
  personalOpen: z.number(),
  /** What the navigation badge shows: both together. */
  open: z.number(),
  all: z.number(),
  important: z.number(),
  starred: z.number(),
  done: z.number(),
  deleted: z.number(),
  folders: z.record(z.string(), z.number()),
  labels: z.record(z.string(), z.number()),
});
export type TodoCounts = z.infer<typeof todoCountsSchema>;

export const personalTodosAnswer = z.object({ todos: z.array(personalTodoSchema) });
export type PersonalTodosAnswer = z.infer<typeof personalTodosAnswer>;
export const personalTodoAnswer = z.object({ todo: personalTodoSchema });
export type PersonalTodoAnswer = z.infer<typeof personalTodoAnswer>;
export const todoCountsAnswer = z.object({ counts: todoCountsSchema });
export type TodoCountsAnswer = z.infer<typeof todoCountsAnswer>;
export const todoLabelsAnswer = z.object({ labels: z.array(todoLabelSchema) });
export type TodoLabelsAnswer = z.infer<typeof todoLabelsAnswer>;
export const todoLabelAnswer = z.object({ label: todoLabelSchema });
export type TodoLabelAnswer = z.infer<typeof todoLabelAnswer>;
export const todoFoldersAnswer = z.object({ folders: z.array(todoFolderSchema) });
export type TodoFoldersAnswer = z.infer<typeof todoFoldersAnswer>;
export const todoFolderAnswer = z.object({ folder: todoFolderSchema });
export type TodoFolderAnswer = z.infer<typeof todoFolderAnswer>;
