/** The estate's currency (its settings): what a new item's value, an appraisal and a sale are in. */
import { useQuery } from '@tanstack/react-query';
import type { EstateAnswer } from '@estate/domain/schemas/estates';
import { api } from './client';
import { queryKeys } from './query-keys';

/** Undefined until the estate is read (the same read, and cache, as the control panel's). */
export function useEstateCurrency(estateId: string | null): string | undefined {
  const { data } = useQuery({
    queryKey: queryKeys.estateDetail(estateId),
    queryFn: () => api<EstateAnswer>(`/api/estates/${encodeURIComponent(estateId ?? '')}`),
    enabled: Boolean(estateId),
    retry: false,
  });
  return data?.estate.settings.currency;
}
