/**
 * Live item changes from the event stream: a heart count is patched in place (so every open list
 * and detail shows it within a second); any other change refetches that estate's item queries.
 * Self-contained, so the shell does not load the catalogue's code to use it.
 */
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../shared/api/query-keys';

type ItemEvent = { estateId?: unknown; itemId?: unknown; interestCount?: unknown };
type Page = { items: { id: string; interestCount: number }[] };

export function applyItemEvent(queryClient: QueryClient, data: unknown): void {
  if (!data || typeof data !== 'object') return;
  const { estateId, itemId, interestCount } = data as ItemEvent;
  if (typeof estateId !== 'string') return;
  if (typeof itemId === 'string' && typeof interestCount === 'number') {
    queryClient.setQueriesData<{ interestCount: number }>(
      { queryKey: queryKeys.item(estateId, itemId) },
      (old) => (old ? { ...old, interestCount } : old),
    );
    queryClient.setQueriesData<{ pages: Page[] }>({ queryKey: queryKeys.itemLists(estateId) }, (old) =>
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
  void queryClient.invalidateQueries({ queryKey: queryKeys.items(estateId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.locations(estateId) });
}
