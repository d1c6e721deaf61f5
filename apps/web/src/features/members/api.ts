import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Member } from '@estate/domain/schemas/estate';
import { api } from '../../shared/api/client';

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

export function useMembers(estateId: string | null) {
  return useQuery({
    queryKey: ['estate', estateId, 'members'],
    queryFn: async () => (await api<{ members: Member[] }>(`${path(estateId ?? '')}/members`)).members,
    enabled: Boolean(estateId),
  });
}

export function useInvitations(estateId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['estate', estateId, 'invitations'],
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['estate', estateId, 'invitations'] }),
  });
}
