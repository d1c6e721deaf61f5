import type { z } from 'zod';
import type { createInvitationBody } from '@estate/domain/schemas/estate';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatedInvitationAnswer } from '@estate/domain/schemas/invitations';
import { api } from '../../shared/api/client';
import { queryKeys } from '../../shared/api/query-keys';

/** What an invitation asks for: the request schema of the API, as the server reads it. */
export type NewInvitation = z.input<typeof createInvitationBody>;

const path = (estateId: string) => `/api/estates/${encodeURIComponent(estateId)}`;

// The member list itself is shared (several features name members): shared/api/members.ts.

export function useCreateInvitation(estateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: NewInvitation) =>
      (
        await api<CreatedInvitationAnswer>(`${path(estateId)}/invitations`, {
          method: 'POST',
          body,
        })
      ).invitation,
    // The directory lists the invitations not yet accepted.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.directory(estateId) }),
  });
}
