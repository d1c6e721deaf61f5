/** The estate's members (names for lists, records and reports), read by several features. */
import { useQuery } from '@tanstack/react-query';
import type { MembersAnswer } from '@estate/domain/schemas/members';
import { api } from './client';
import { queryKeys } from './query-keys';

export function useMembers(estateId: string | null, enabled = true) {
  return useQuery({
    queryKey: queryKeys.members(estateId),
    queryFn: async () =>
      (await api<MembersAnswer>(`/api/estates/${encodeURIComponent(estateId ?? '')}/members`)).members,
    enabled: Boolean(estateId) && enabled,
  });
}
