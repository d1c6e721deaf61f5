import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '@estate/domain/schemas/account';
import { api } from '../../shared/api/client';
import { queryKeys } from '../../shared/api/query-keys';

export type OutboxMessage = { id: string; to: string; subject: string; text: string; createdAt: string };

export function useAdminUsers() {
  return useQuery({
    queryKey: queryKeys.adminUsers(),
    queryFn: async () => (await api<{ users: User[] }>('/api/admin/users')).users,
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      ...body
    }: {
      id: string;
      accountStatus?: User['accountStatus'];
      loginStatus?: User['loginStatus'];
    }) => api<{ user: User }>(`/api/admin/users/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers() }),
  });
}

export function useOutbox() {
  return useQuery({
    queryKey: queryKeys.adminOutbox(),
    queryFn: async () => (await api<{ messages: OutboxMessage[] }>('/api/admin/outbox')).messages,
    refetchInterval: 15_000,
  });
}
