import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { queryKeys } from '../../shared/api/query-keys';

const base = (estateId: string) => `/api/estates/${encodeURIComponent(estateId)}`;

export type DrawSummary = { step: number; name: string; commitment: string; inputHash: string; ranAt: string };
export type DrawAssignment = {
  itemId: string;
  memberId: string;
  reason: string;
  round?: number;
  pick?: number;
  tokens?: number;
  tied?: number;
};
export type DrawRecord = {
  format: string;
  estateId: string;
  step: number;
  mode: string;
  commitment: string;
  secret: string;
  publicEntropy: string;
  inputHash: string;
  assignments: DrawAssignment[];
  unwanted?: string[];
  ownInputLines?: string[];
  ranAt?: string;
} & Record<string, unknown>;
export type VerifyResult = { verified: boolean; differences: string[] };

export function useDraws(estateId: string | null) {
  return useQuery({
    queryKey: queryKeys.draws(estateId),
    queryFn: () => api<{ draws: DrawSummary[] }>(`${base(estateId ?? '')}/draws`),
    enabled: Boolean(estateId),
    retry: false,
  });
}

export function fetchRecord(estateId: string, step: number): Promise<DrawRecord> {
  return api<DrawRecord>(`${base(estateId)}/draws/${step}`);
}

export function verifyRecord(record: unknown): Promise<VerifyResult> {
  return api<VerifyResult>('/api/draws/verify', { method: 'POST', body: record });
}

/** Saves a record as `estate-draw-step-<step>.json`, byte for byte as the server sent it. */
export async function downloadRecord(estateId: string, step: number): Promise<void> {
  const record = await fetchRecord(estateId, step);
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
