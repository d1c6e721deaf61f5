/** The installation's estates and the read-only support view (closing). */
import { useQuery } from '@tanstack/react-query';
import type { AdminEstatesAnswer, SupportView } from '@estate/domain/schemas/closing';
import { api } from '../../shared/api/client';
import { queryKeys } from '../../shared/api/query-keys';

export function useAdminEstates() {
  return useQuery({
    queryKey: queryKeys.adminEstates(),
    queryFn: async () => (await api<AdminEstatesAnswer>('/api/admin/estates')).estates,
  });
}

/** Opening an estate for support is recorded in its activity log once per visit of the page. */
export function useSupportView(estateId: string) {
  return useQuery({
    queryKey: [...queryKeys.adminEstates(), estateId, 'support'],
    queryFn: () => api<SupportView>(`/api/admin/estates/${encodeURIComponent(estateId)}/support`, { method: 'POST' }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
