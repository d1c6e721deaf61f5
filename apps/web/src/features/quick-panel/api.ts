/** The quick panel's events of the current estate: coming deadlines and what happened lately. */
import { useQuery } from '@tanstack/react-query';
import type { QuickPanelAnswer } from '@estate/domain/schemas/quick-panel';
import { api } from '../../shared/api/client';
import { queryKeys } from '../../shared/api/query-keys';

export function useQuickPanelEvents(estateId: string | null) {
  return useQuery({
    queryKey: queryKeys.quickPanel(estateId),
    queryFn: async () => (await api<QuickPanelAnswer>(`/api/estates/${encodeURIComponent(estateId ?? '')}/quick-panel`)).events,
    enabled: Boolean(estateId),
  });
}
