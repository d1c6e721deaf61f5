/**
 * The to-do app's data: what the estates ask of the person (derived from the stages, read-only)
 * and their own to-dos, labels and folders. Every write refreshes everything under ['todos']
 * (lists, counts and the navigation badge).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TodosAnswer } from '@estate/domain/schemas/todos';
import type {
  CreateTodoBody,
  PersonalTodoAnswer,
  PersonalTodosAnswer,
  TodoFilter,
  TodoFolderAnswer,
  TodoFoldersAnswer,
  TodoLabelAnswer,
  TodoLabelColor,
  TodoLabelsAnswer,
  UpdateTodoBody,
} from '@estate/domain/schemas/personal-todos';
import { api } from '../../shared/api/client';
import { queryKeys } from '../../shared/api/query-keys';

/** Which list is shown: everything, one filter, one label or one folder (by handle). */
export type TodoView = { kind: 'all' } | { kind: 'filter'; filter: TodoFilter } | { kind: 'label'; handle: string } | { kind: 'folder'; handle: string };

export function useEstateTodos() {
  return useQuery({ queryKey: queryKeys.todos(), queryFn: async () => (await api<TodosAnswer>('/api/todos')).todos });
}

function viewQuery(view: TodoView): string {
  if (view.kind === 'filter') return `?filter=${encodeURIComponent(view.filter)}`;
  if (view.kind === 'label') return `?label=${encodeURIComponent(view.handle)}`;
  if (view.kind === 'folder') return `?folder=${encodeURIComponent(view.handle)}`;
  return '';
}

export function usePersonalTodos(view: TodoView) {
  return useQuery({
    queryKey: queryKeys.personalTodos(view),
    queryFn: async () => (await api<PersonalTodosAnswer>(`/api/todos/personal${viewQuery(view)}`)).todos,
  });
}

export function useTodoLabels() {
  return useQuery({ queryKey: queryKeys.todoLabels(), queryFn: async () => (await api<TodoLabelsAnswer>('/api/todos/labels')).labels });
}

export function useTodoFolders() {
  return useQuery({ queryKey: queryKeys.todoFolders(), queryFn: async () => (await api<TodoFoldersAnswer>('/api/todos/folders')).folders });
}

function useRefreshAfter<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.todos() }),
  });
}

const path = (id: string) => `/api/todos/personal/${encodeURIComponent(id)}`;

export const useCreateTodo = () =>
  useRefreshAfter(async (body: CreateTodoBody) => (await api<PersonalTodoAnswer>('/api/todos/personal', { method: 'POST', body })).todo);
export const useUpdateTodo = () =>
  useRefreshAfter(async ({ id, ...body }: UpdateTodoBody & { id: string }) => (await api<PersonalTodoAnswer>(path(id), { method: 'PATCH', body })).todo);
export const useDeleteTodo = () => useRefreshAfter(async (id: string) => (await api<PersonalTodoAnswer>(path(id), { method: 'DELETE' })).todo);
export const useRestoreTodo = () => useRefreshAfter(async (id: string) => (await api<PersonalTodoAnswer>(`${path(id)}/restore`, { method: 'POST' })).todo);
export const useDeleteTodoForGood = () => useRefreshAfter(async (id: string) => api<void>(`${path(id)}/permanent`, { method: 'DELETE' }));

export const useCreateLabel = () =>
  useRefreshAfter(async (body: { title: string; color: TodoLabelColor }) => (await api<TodoLabelAnswer>('/api/todos/labels', { method: 'POST', body })).label);
export const useDeleteLabel = () => useRefreshAfter(async (id: string) => api<void>(`/api/todos/labels/${encodeURIComponent(id)}`, { method: 'DELETE' }));
export const useCreateFolder = () =>
  useRefreshAfter(async (body: { title: string }) => (await api<TodoFolderAnswer>('/api/todos/folders', { method: 'POST', body })).folder);
export const useDeleteFolder = () => useRefreshAfter(async (id: string) => api<void>(`/api/todos/folders/${encodeURIComponent(id)}`, { method: 'DELETE' }));
