/** The member directory, the viewer's stars and groups, and a member's page (trustees). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Directory, GroupAnswer, MemberDetail, ResentInvitationAnswer, StarAnswer } from '@estate/domain/schemas/people';
import { api } from '../../shared/api/client';
import { queryKeys } from '../../shared/api/query-keys';

const path = (estateId: string) => `/api/estates/${encodeURIComponent(estateId)}`;

export function useDirectory(estateId: string | null) {
  return useQuery({
    queryKey: queryKeys.directory(estateId),
    queryFn: () => api<Directory>(`${path(estateId ?? '')}/directory`),
    enabled: Boolean(estateId),
  });
}

/** Every write here changes what the directory shows (and a member's page below it). */
function useDirectoryWrite<A, R>(estateId: string, write: (args: A) => Promise<R>, alsoMembers = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.directory(estateId) });
      // Roles and memberships are read by other pages too (names in lists, the stage's to-dos).
      if (alsoMembers) await queryClient.invalidateQueries({ queryKey: queryKeys.members(estateId) });
    },
  });
}

export function useSetStar(estateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, starred }: { memberId: string; starred: boolean }) =>
      api<StarAnswer>(`${path(estateId)}/members/${encodeURIComponent(memberId)}/star`, { method: starred ? 'PUT' : 'DELETE' }),
    // The star shows at once; the server's answer confirms it.
    onMutate: ({ memberId, starred }) => {
      queryClient.setQueryData<Directory>(queryKeys.directory(estateId), (old) =>
        old ? { ...old, members: old.members.map((m) => (m.id === memberId ? { ...m, starred } : m)) } : old,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.directory(estateId) }),
  });
}

export function useSaveGroup(estateId: string) {
  return useDirectoryWrite(estateId, async ({ id, name, memberIds }: { id?: string; name: string; memberIds: string[] }) =>
    id
      ? (await api<GroupAnswer>(`${path(estateId)}/member-groups/${encodeURIComponent(id)}`, { method: 'PATCH', body: { name, memberIds } })).group
      : (await api<GroupAnswer>(`${path(estateId)}/member-groups`, { method: 'POST', body: { name, memberIds } })).group,
  );
}

export function useDeleteGroup(estateId: string) {
  return useDirectoryWrite(estateId, (groupId: string) =>
    api<void>(`${path(estateId)}/member-groups/${encodeURIComponent(groupId)}`, { method: 'DELETE' }),
  );
}

export function useMemberDetail(estateId: string | null, memberId: string | null) {
  return useQuery({
    queryKey: queryKeys.memberDetail(estateId, memberId ?? ''),
    queryFn: () => api<MemberDetail>(`${path(estateId ?? '')}/members/${encodeURIComponent(memberId ?? '')}`),
    enabled: Boolean(estateId && memberId),
    retry: false,
  });
}

export function useChangeRoles(estateId: string, memberId: string) {
  return useDirectoryWrite(
    estateId,
    (body: { roles: number[]; receivesThrough?: string | null }) =>
      api<MemberDetail>(`${path(estateId)}/members/${encodeURIComponent(memberId)}/roles`, { method: 'PUT', body }),
    true,
  );
}

export function useDisableMember(estateId: string) {
  return useDirectoryWrite(
    estateId,
    (memberId: string) => api<void>(`${path(estateId)}/members/${encodeURIComponent(memberId)}/disable`, { method: 'POST' }),
    true,
  );
}

export function useEnableMember(estateId: string) {
  return useDirectoryWrite(
    estateId,
    (memberId: string) => api<void>(`${path(estateId)}/members/${encodeURIComponent(memberId)}/enable`, { method: 'POST' }),
    true,
  );
}

export function useResendInvitation(estateId: string) {
  return useDirectoryWrite(estateId, async (invitationId: string) =>
    (
      await api<ResentInvitationAnswer>(
        `${path(estateId)}/invitations/${encodeURIComponent(invitationId)}/resend`,
        { method: 'POST' },
      )
    ).invitation,
  );
}
