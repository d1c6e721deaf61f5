/** The to-do counts (navigation badge, to-do app): read by the shell and the to-do feature. */
import { useQuery } from '@tanstack/react-query';
import type { TodoCountsAnswer } from '@estate/domain/schemas/personal-todos';
import { api } from './client';
import { queryKeys } from './query-keys';

export function useTodoCounts(enabled = true) {
  return useQuery({
    queryKey: queryKeys.todoCounts(),
    queryFn: async () => (await api<TodoCountsAnswer>('/api/todos/counts')).counts,
    enabled,
    staleTime: 30_000,
  });
}
