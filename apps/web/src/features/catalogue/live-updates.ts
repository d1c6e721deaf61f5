/**
 * Live item changes from the event stream: a heart count is patched in place (so every open list
 * and detail shows it within a second); any other change refetches that estate's item queries.
 * Self-contained, so the shell does not load the catalogue's code to use it.
 */
import type { QueryClient } from '@tanstack/react-query';

type ItemEvent = { estateId?: unknown; itemId?: unknown; interestCount?: unknown };
type Page = { items: { id: string; interestCount: number }[] };

export function applyItemEvent(queryClient: QueryClient, data: unknown): void {
  if (!data || typeof data !== 'object') return;
  const { estateId, itemId, interestCount } = data as ItemEvent;
  if (typeof estateId !== 'string') return;
  if (typeof itemId === 'string' && typeof interestCount === 'number') {
    queryClient.setQueriesData<{ interestCount: number }>(
      { queryKey: ['estate', estateId, 'items', 'detail', itemId] },
      (old) => (old ? { ...old, interestCount } : old),
    );
    queryClient.setQueriesData<{ pages: Page[] }>({ queryKey: ['estate', estateId, 'items', 'list'] }, (old) =>
      old
        ? {
            ...old,
            pages: old.pages.map((page) => ({
              ...page,
              items: page.items.map((item) => (item.id === itemId ? { ...item, interestCount } : item)),
            })),
          }
        : old,
    );
    return;
  }
  void queryClient.invalidateQueries({ queryKey: ['estate', estateId, 'items'] });
  void queryClient.invalidateQueries({ queryKey: ['estate', estateId, 'locations'] });
}
