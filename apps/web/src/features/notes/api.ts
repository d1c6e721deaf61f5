/** Personal notes (`/api/notes`): only their owner reads them. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateNote, Note, NoteAnswer, NotesAnswer, UpdateNote } from '@estate/domain/schemas/notes';
import { api } from '../../shared/api/client';
import { queryKeys } from '../../shared/api/query-keys';

export function useNotes(enabled = true) {
  return useQuery({
    queryKey: queryKeys.notes(),
    queryFn: async () => (await api<NotesAnswer>('/api/notes')).notes,
    enabled,
  });
}

/** Newest change first, as the server lists them; the list updates at once after each change. */
function put(list: Note[] | undefined, note: Note): Note[] | undefined {
  if (!list) return list;
  return [note, ...list.filter((n) => n.id !== note.id)];
}

export function useCreateNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateNote) => (await api<NoteAnswer>('/api/notes', { method: 'POST', body })).note,
    onSuccess: (note) => queryClient.setQueryData<Note[]>(queryKeys.notes(), (list) => put(list, note)),
  });
}

export function useUpdateNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: UpdateNote & { id: string }) =>
      (await api<NoteAnswer>(`/api/notes/${encodeURIComponent(id)}`, { method: 'PATCH', body })).note,
    onSuccess: (note) => queryClient.setQueryData<Note[]>(queryKeys.notes(), (list) => put(list, note)),
  });
}

export function useDeleteNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api<void>(`/api/notes/${encodeURIComponent(id)}`, { method: 'DELETE' });
      return id;
    },
    onSuccess: (id) => queryClient.setQueryData<Note[]>(queryKeys.notes(), (list) => list?.filter((n) => n.id !== id)),
  });
}

/** "2 of 5 done" for a checklist, or null without one. */
export function checklistProgress(note: Note): { done: number; total: number } | null {
  if (note.checklist.length === 0) return null;
  return { done: note.checklist.filter((c) => c.checked).length, total: note.checklist.length };
}
