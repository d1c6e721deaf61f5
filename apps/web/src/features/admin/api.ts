import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '@estate/domain/schemas/account';
import type { OutboxAnswer, UsersAnswer } from '@estate/domain/schemas/admin';
import type { UserAnswer } from '@estate/domain/schemas/auth';
import { api } from '../../shared/api/client';
import { queryKeys } from '../../shared/api/query-keys';

export function useAdminUsers() {
  return useQuery({
    queryKey: queryKeys.adminUsers(),
    queryFn: async () => (await api<UsersAnswer>('/api/admin/users')).users,
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
    }) => api<UserAnswer>(`/api/admin/users/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers() }),
  });
}

export function useOutbox() {
  return useQuery({
    queryKey: queryKeys.adminOutbox(),
    queryFn: async () => (await api<OutboxAnswer>('/api/admin/outbox')).messages,
    refetchInterval: 15_000,
  });
}
