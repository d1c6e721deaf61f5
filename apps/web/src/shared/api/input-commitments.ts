/**
 * The sealed choices of the estate (api.md, "Inputs commitment"): the roots every member sees, and
 * a receiver's own lines, salt and proof. Read by the draws pages and the "what I received" tab.
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import type { CommitmentListAnswer, InclusionProofAnswer } from '@estate/domain/schemas/input-commitments';
import { isApiError } from './api-error';
import { api } from './client';
import { queryKeys } from './query-keys';

const base = (estateId: string) => `/api/estates/${encodeURIComponent(estateId)}`;

export function useInputCommitments(estateId: string | null, enabled = true) {
  return useQuery({
    queryKey: queryKeys.inputCommitments(estateId),
    queryFn: () => api<CommitmentListAnswer>(`${base(estateId ?? '')}/input-commitments`),
    enabled: Boolean(estateId) && enabled,
    retry: false,
  });
}

/** The caller's own proof for each of `stages` (404 when they have no leaf there: `null`). */
export function useMyInputProofs(estateId: string | null, stages: readonly number[]) {
  return useQueries({
    queries: stages.map((stage) => ({
      queryKey: queryKeys.myInputProof(estateId, stage),
      queryFn: async (): Promise<InclusionProofAnswer | null> => {
        try {
          return await api<InclusionProofAnswer>(`${base(estateId ?? '')}/input-commitments/${stage}/mine`);
        } catch (error) {
          if (isApiError(error) && error.status === 404) return null;
          throw error;
        }
      },
      enabled: Boolean(estateId),
      retry: false,
    })),
  });
}
