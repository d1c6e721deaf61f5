/** The installation's estates and the read-only support view (closing). */
import { useMutation, useQuery } from '@tanstack/react-query';
import { isSupportVisit } from '@estate/domain/roles';
import type { AdminEstatesAnswer, SupportView } from '@estate/domain/schemas/closing';
import type { MeUpdateAnswer } from '@estate/domain/schemas/me';
import { api } from '../../shared/api/client';
import { queryKeys } from '../../shared/api/query-keys';
import { useSession } from '../../shared/session/session-context';

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

/**
 * Starts or ends a support visit of the estate's own pages: the chosen estate is saved, and /api/me
 * then lists it with the visit's only role (Admin, 99), read-only (issue 31). `null` ends the visit
 * (back to the person's own first estate, if any).
 */
export function useSupportVisit() {
  const { me, reloadMe } = useSession();
  return useMutation({
    mutationFn: async (estateId: string | null) => {
      const own = me?.memberships.find((m) => !isSupportVisit(m.roles))?.estateId ?? null;
      await api<MeUpdateAnswer>('/api/me', { method: 'PATCH', body: { settings: { currentEstateId: estateId ?? own } } });
      return reloadMe();
    },
  });
}
