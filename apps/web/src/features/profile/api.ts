import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import type { Settings, User } from '@estate/domain/schemas/account';
import { api } from '../../shared/api/client';
import { queryKeys } from '../../shared/api/query-keys';
import { useSession } from '../../shared/session/session-context';

export function useUpdateNames() {
  const { reloadMe } = useSession();
  return useMutation({
    mutationFn: (body: { firstName: string; lastName: string }) =>
      api<{ user: User; settings: Settings }>('/api/me', { method: 'PATCH', body }),
    onSuccess: () => reloadMe(),
  });
}

export function useChangePassword() {
  const { reloadMe } = useSession();
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      api<void>('/api/auth/change-password', { method: 'POST', body }),
    onSuccess: () => reloadMe(),
  });
}

export type ActivityEvent = {
  id: string;
  actorName: string;
  action: string;
  entity: string;
  entityId: string | null;
  field: string | null;
  from: unknown;
  to: unknown;
  at: string;
};

export function useActivity(estateId: string | null) {
  return useInfiniteQuery({
    queryKey: queryKeys.activity(estateId),
    queryFn: ({ pageParam }) =>
      api<{ events: ActivityEvent[]; nextCursor: string | null }>(
        `/api/estates/${encodeURIComponent(estateId ?? '')}/activity${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: Boolean(estateId),
    retry: false,
  });
}
