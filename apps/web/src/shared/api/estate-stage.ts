/** The estate's current stage, read by the toolbar and by every feature that follows the stage. */
import { useQuery } from '@tanstack/react-query';
import type { StageAnswer } from '@estate/domain/schemas/estates';
import { api } from './client';
import { queryKeys } from './query-keys';

export function useEstateStage(estateId: string | null, enabled = true) {
  return useQuery({
    queryKey: queryKeys.stage(estateId),
    queryFn: () => api<StageAnswer>(`/api/estates/${encodeURIComponent(estateId ?? '')}/stage`),
    enabled: Boolean(estateId) && enabled,
    retry: false,
    staleTime: 60_000,
  });
}
