import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdviceAnswer, DoneAnswer, MyItemsAnswer, RankingAnswer, TokensAnswer } from '@estate/domain/schemas/participation';
import { api } from '../../shared/api/client';
import { queryKeys } from '../../shared/api/query-keys';

const base = (estateId: string) => `/api/estates/${encodeURIComponent(estateId)}`;

export function useTokens(estateId: string | null, enabled = true) {
  return useQuery({
    queryKey: queryKeys.tokens(estateId),
    queryFn: () => api<TokensAnswer>(`${base(estateId ?? '')}/tokens`),
    enabled: Boolean(estateId) && enabled,
    retry: false,
  });
}

export function useSaveTokens(estateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (allocations: { itemId: string; count: number }[]) =>
      api<TokensAnswer>(`${base(estateId)}/tokens`, { method: 'PUT', body: { allocations } }),
    onSuccess: (data) => queryClient.setQueryData(queryKeys.tokens(estateId), data),
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.tokens(estateId) }),
  });
}

export function useRanking(estateId: string | null) {
  return useQuery({
    queryKey: queryKeys.ranking(estateId),
    queryFn: () => api<RankingAnswer>(`${base(estateId ?? '')}/rankings`),
    enabled: Boolean(estateId),
    retry: false,
  });
}

export function useSaveRanking(estateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemIds: string[]) => api<RankingAnswer>(`${base(estateId)}/rankings`, { method: 'PUT', body: { itemIds } }),
    onSuccess: (data) => queryClient.setQueryData(queryKeys.ranking(estateId), data),
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.ranking(estateId) }),
  });
}

export function useMyItems(estateId: string | null) {
  return useQuery({
    queryKey: queryKeys.myItems(estateId),
    queryFn: () => api<MyItemsAnswer>(`${base(estateId ?? '')}/my-items`),
    enabled: Boolean(estateId),
    retry: false,
  });
}

export function useAdvice(estateId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.advice(estateId),
    queryFn: () => api<AdviceAnswer>(`${base(estateId ?? '')}/advice`),
    enabled: Boolean(estateId) && enabled,
    retry: false,
  });
}

export function useMarkDone(estateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stage: number) => api<DoneAnswer>(`${base(estateId)}/participation/${stage}/done`, { method: 'POST' }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.estate(estateId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.todos() });
    },
  });
}
