import { useMutation } from '@tanstack/react-query';
import type { MeUpdateAnswer } from '@estate/domain/schemas/me';
import { api } from '../../shared/api/client';
import { useSession } from '../../shared/session/session-context';

export function useUpdateNames() {
  const { reloadMe } = useSession();
  return useMutation({
    mutationFn: (body: { firstName: string; lastName: string }) =>
      api<MeUpdateAnswer>('/api/me', { method: 'PATCH', body }),
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
