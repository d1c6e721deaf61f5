/** The settlement statement and the trustee's weights (api.md "Settlement, history, questions"). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SettlementAnswer, SettlementWeightsBody } from '@estate/domain/schemas/settlement';
import { api } from '../../shared/api/client';
import { queryKeys } from '../../shared/api/query-keys';

const path = (estateId: string) => `/api/estates/${encodeURIComponent(estateId)}/settlement`;
/** Under the estate's key: a stage move or an estate-wide change refreshes it. */
export const settlementKey = (estateId: string | null) => [...queryKeys.estate(estateId), 'settlement'] as const;

export function useSettlement(estateId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: settlementKey(estateId),
    queryFn: () => api<SettlementAnswer>(path(estateId ?? '')),
    enabled: Boolean(estateId) && enabled,
    retry: false,
  });
}

export function useSetWeights(estateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SettlementWeightsBody) => api<SettlementAnswer>(`${path(estateId)}/weights`, { method: 'PUT', body }),
    onSuccess: (answer) => queryClient.setQueryData(settlementKey(estateId), answer),
  });
}
