import { useMutation, useQuery } from '@tanstack/react-query';
import type { Membership } from '@estate/domain/schemas/account';
import { api } from '../../shared/api/client';
import { queryKeys } from '../../shared/api/query-keys';
import { useSession } from '../../shared/session/session-context';

export type InvitationPreview = {
  estateName: string;
  email: string;
  roles: number[];
  invitedBy: string;
  expiresAt: string;
  accountExists: boolean;
};

export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: queryKeys.invitation(token),
    queryFn: async () =>
      (
        await api<{ invitation: InvitationPreview }>(`/api/invitations/${encodeURIComponent(token)}`, {
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
      const { membership } = await api<{ membership: Membership }>(
        `/api/invitations/${encodeURIComponent(token)}/accept`,
        { method: 'POST' },
      );
      // Open the estate just joined.
      await api('/api/me', { method: 'PATCH', body: { settings: { currentEstateId: membership.estateId } } });
      return membership;
    },
    onSuccess: () => reloadMe(),
  });
}
