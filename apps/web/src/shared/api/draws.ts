/**
 * The estate's draw records as a resource: the list (which steps have run) and a record's download.
 * Read by the draws pages and by the control panel's step runner.
 */
import { useQuery } from '@tanstack/react-query';
import type { DrawAnswer, DrawsAnswer } from '@estate/domain/schemas/draws';
import { api } from './client';
import { queryKeys } from './query-keys';

const base = (estateId: string) => `/api/estates/${encodeURIComponent(estateId)}`;

export function useDrawList(estateId: string | null, enabled = true) {
  return useQuery({
    queryKey: queryKeys.draws(estateId),
    queryFn: () => api<DrawsAnswer>(`${base(estateId ?? '')}/draws`),
    enabled: Boolean(estateId) && enabled,
    retry: false,
  });
}

/** Saves a record as `estate-draw-step-<step>.json`, byte for byte as the server sent it. */
export async function downloadDrawRecord(estateId: string, step: number): Promise<void> {
  const record = await api<DrawAnswer>(`${base(estateId)}/draws/${step}`);
  const blob = new Blob([JSON.stringify(record, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `estate-draw-step-${step}.json`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
