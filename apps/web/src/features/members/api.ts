import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { queryKeys } from '../../shared/api/query-keys';

export type Invitation = {
  id: string;
  email: string;
  roles: number[];
  expiresAt: string;
  acceptedAt: string | null;
  link?: string;
};

export type NewInvitation = { email: string; roles: number[]; receivesThrough?: string };
export type CreatedInvitation = { id: string; link: string; expiresAt: string };

const path = (estateId: string) => `/api/estates/${encodeURIComponent(estateId)}`;

// The member list itself is shared (several features name members): shared/api/members.ts.

export function useInvitations(estateId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.invitations(estateId),
    queryFn: async () =>
      (await api<{ invitations: Invitation[] }>(`${path(estateId ?? '')}/invitations`)).invitations,
    enabled: Boolean(estateId) && enabled,
  });
}

export function useCreateInvitation(estateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: NewInvitation) =>
      (
        await api<{ invitation: CreatedInvitation }>(`${path(estateId)}/invitations`, {
          method: 'POST',
          body,
        })
      ).invitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.invitations(estateId) }),
  });
}
