import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { queryKeys } from '../../shared/api/query-keys';

const base = (estateId: string) => `/api/estates/${encodeURIComponent(estateId)}`;

type ItemRef = { itemId: string; label: string; name: string };
export type Tokens = {
  used: number;
  budget: number;
  budgetRule: 'per-interest' | 'equal';
  allocations: { itemId: string; count: number }[];
  contested: (ItemRef & { interestCount: number; count: number })[];
};
export type Ranking = { itemIds: string[]; items: (ItemRef & { rank: number })[] };
export type Assigned = ItemRef & {
  status: string;
  reason: string;
  step: number | null;
  round: number | null;
  pick: number | null;
  tokens: number | null;
  tied: number | null;
  clause: string | null;
  note: string | null;
  assignedAt: string | null;
};
export type MyItems = {
  stage: number;
  stageName: string;
  deadline: { stage: number; dueAt: string; passed: boolean } | null;
  done: { stage: number; doneAt: string; automatic: boolean } | null;
  hearted: (ItemRef & { status: string; highInterest: boolean; interestCount: number })[];
  ranked: (ItemRef & { rank: number })[];
  tokens: { used: number; budget: number; allocations: (ItemRef & { count: number })[] };
  assigned: Assigned[];
};
export type Advice = { advice: (ItemRef & { status: string; from: { memberId: string; displayName: string }[] })[] };

export function useTokens(estateId: string | null, enabled = true) {
  return useQuery({
    queryKey: queryKeys.tokens(estateId),
    queryFn: () => api<Tokens>(`${base(estateId ?? '')}/tokens`),
    enabled: Boolean(estateId) && enabled,
    retry: false,
  });
}

export function useSaveTokens(estateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (allocations: { itemId: string; count: number }[]) =>
      api<Tokens>(`${base(estateId)}/tokens`, { method: 'PUT', body: { allocations } }),
    onSuccess: (data) => queryClient.setQueryData(queryKeys.tokens(estateId), data),
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.tokens(estateId) }),
  });
}

export function useRanking(estateId: string | null) {
  return useQuery({
    queryKey: queryKeys.ranking(estateId),
    queryFn: () => api<Ranking>(`${base(estateId ?? '')}/rankings`),
    enabled: Boolean(estateId),
    retry: false,
  });
}

export function useSaveRanking(estateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemIds: string[]) => api<Ranking>(`${base(estateId)}/rankings`, { method: 'PUT', body: { itemIds } }),
    onSuccess: (data) => queryClient.setQueryData(queryKeys.ranking(estateId), data),
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.ranking(estateId) }),
  });
}

export function useMyItems(estateId: string | null) {
  return useQuery({
    queryKey: queryKeys.myItems(estateId),
    queryFn: () => api<MyItems>(`${base(estateId ?? '')}/my-items`),
    enabled: Boolean(estateId),
    retry: false,
  });
}

export function useAdvice(estateId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.advice(estateId),
    queryFn: () => api<Advice>(`${base(estateId ?? '')}/advice`),
    enabled: Boolean(estateId) && enabled,
    retry: false,
  });
}

export function useMarkDone(estateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stage: number) => api(`${base(estateId)}/participation/${stage}/done`, { method: 'POST' }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.estate(estateId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.todos() });
    },
  });
}
