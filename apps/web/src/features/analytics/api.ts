/** The trustee's figures for the current estate (`GET /api/estates/:eid/analytics`). */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { queryKeys } from '../../shared/api/query-keys';
import type { AnalyticsAnswer } from '@estate/domain/schemas/analytics';

export type { Analytics } from '@estate/domain/schemas/analytics';

export function useAnalytics(estateId: string | null) {
  return useQuery({
    queryKey: queryKeys.analytics(estateId),
    queryFn: async () => (await api<AnalyticsAnswer>(`/api/estates/${encodeURIComponent(estateId ?? '')}/analytics`)).analytics,
    enabled: Boolean(estateId),
  });
}
