import { useMutation, useQuery } from '@tanstack/react-query';
import type { MeUpdateAnswer } from '@estate/domain/schemas/me';
import type { AcceptedInvitationAnswer, InvitationPreviewAnswer } from '@estate/domain/schemas/invitations';
import { api } from '../../shared/api/client';
import { queryKeys } from '../../shared/api/query-keys';
import { useSession } from '../../shared/session/session-context';

export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: queryKeys.invitation(token),
    queryFn: async () =>
      (
        await api<InvitationPreviewAnswer>(`/api/invitations/${encodeURIComponent(token)}`, {
          auth: false,
        })
      ).invitation,
    retry: false,
  });
}

export function useAcceptInvitation(token: string) {
  const { reloadMe } = useSession();
  return useMutation({
    mutationFn: async () => {
      const { membership } = await api<AcceptedInvitationAnswer>(
        `/api/invitations/${encodeURIComponent(token)}/accept`,
        { method: 'POST' },
      );
      // Open the estate just joined.
      await api<MeUpdateAnswer>('/api/me', { method: 'PATCH', body: { settings: { currentEstateId: membership.estateId } } });
      return membership;
    },
    onSuccess: () => reloadMe(),
  });
}
