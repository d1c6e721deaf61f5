import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { queryKeys } from '../../shared/api/query-keys';

const base = (estateId: string) => `/api/estates/${encodeURIComponent(estateId)}`;

/** `inputHash` only for trustees and observers (and everyone once published): it is unsalted. */
export type DrawSummary = { step: number; name: string; commitment: string; inputCommitment?: string; inputHash?: string; ranAt: string };
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
  /** Full records only. */
  inputHash?: string;
  inputCommitment?: string;
  assignments: DrawAssignment[];
  unwanted?: string[];
  /** A beneficiary's copy: their own lines, salt and proof. */
  lines?: string;
  ranAt?: string;
} & Record<string, unknown>;
export type VerifyCheck = 'rerun' | 'commitment' | 'inputCommitment' | 'inclusion' | 'ownResults';
/** `scope: 'own'` is a beneficiary's copy, checked as far as it goes (it is never re-run). */
export type VerifyResult = { verified: boolean; scope: 'full' | 'own'; checks: VerifyCheck[]; differences: string[] };

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
