import { useMutation } from '@tanstack/react-query';
import type { Estate } from '@estate/domain/schemas/estate';
import type { Settings, User } from '@estate/domain/schemas/account';
import { api } from '../../shared/api/client';
import { useSession } from '../../shared/session/session-context';

export function useCreateEstateMutation() {
  const { reloadMe } = useSession();
  return useMutation({
    mutationFn: async (name: string) => {
      const { estate } = await api<{ estate: Estate }>('/api/estates', { method: 'POST', body: { name } });
      // The new estate becomes the current one (saved before /api/me is read again).
      await api<{ user: User; settings: Settings }>('/api/me', {
        method: 'PATCH',
        body: { settings: { currentEstateId: estate.id } },
      });
      return estate;
    },
    onSuccess: () => reloadMe(),
  });
}
