import { useMutation } from '@tanstack/react-query';
import type { EstateAnswer } from '@estate/domain/schemas/estates';
import type { MeUpdateAnswer } from '@estate/domain/schemas/me';
import { api } from '../../shared/api/client';
import { useSession } from '../../shared/session/session-context';

export function useCreateEstateMutation() {
  const { reloadMe } = useSession();
  return useMutation({
    mutationFn: async (name: string) => {
      const { estate } = await api<EstateAnswer>('/api/estates', { method: 'POST', body: { name, timeZone: browserTimeZone() } });
      // The new estate becomes the current one (saved before /api/me is read again).
      await api<MeUpdateAnswer>('/api/me', {
        method: 'PATCH',
        body: { settings: { currentEstateId: estate.id } },
      });
      return estate;
    },
    onSuccess: () => reloadMe(),
  });
}

/** The creating trustee's zone: the new estate's time zone until they change it (api.md). */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
