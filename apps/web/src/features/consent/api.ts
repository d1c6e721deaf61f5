import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgreementKind } from '@estate/domain/consent';
import type { AcceptanceAnswer, ConsentOverview, PublishedAgreementAnswer } from '@estate/domain/schemas/agreements';
import { api } from '../../shared/api/client';
import { queryKeys } from '../../shared/api/query-keys';

const base = (estateId: string) => `/api/estates/${encodeURIComponent(estateId)}/agreements`;

export function useAccept(estateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: { kind: AgreementKind; version: number }) =>
      api<AcceptanceAnswer>(`${base(estateId)}/${vars.kind}/accept`, { method: 'POST', body: { version: vars.version } }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.agreements(estateId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.todos() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.nextStep(estateId) });
    },
  });
}

export function useConsentOverview(estateId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.consentOverview(estateId),
    queryFn: () => api<ConsentOverview>(`${base(estateId ?? '')}/acceptances`),
    enabled: Boolean(estateId) && enabled,
  });
}

export function usePublishAgreement(estateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notes: Record<string, string>) => api<PublishedAgreementAnswer>(`${base(estateId)}/agreement/versions`, { method: 'POST', body: { notes } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.agreements(estateId) }),
  });
}
