/**
 * Hand-over as a resource (api.md "Hand-over and closing"): where each assigned item is on its way
 * to its receiver, the trustee's records, receipts, pick-up lists, and what becomes of unwanted or
 * held items. Shared because the hand-over board, My items and the item page all show it.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BulkHandoverBody, DispositionAppraisalBody, DispositionBody, HandoverBody, SaleBody } from '@estate/domain/handover';
import type {
  DispositionAnswer,
  DispositionsAnswer,
  HandoverAnswer,
  HandoverListAnswer,
  ReceiptAnswer,
} from '@estate/domain/schemas/handover';
import { api, apiFile, type DownloadedFile } from './client';
import { queryKeys } from './query-keys';
import { i18n } from '../i18n/i18n';
import { notify } from '../ui/notify';

export type { HandoverEntry, DispositionEntry } from '@estate/domain/schemas/handover';

const base = (estateId: string) => `/api/estates/${encodeURIComponent(estateId)}`;

export function useHandover(estateId: string | null, enabled = true) {
  return useQuery({
    queryKey: queryKeys.handover(estateId),
    queryFn: () => api<HandoverListAnswer>(`${base(estateId ?? '')}/handover`),
    enabled: Boolean(estateId) && enabled,
    retry: false,
  });
}

/** After any hand-over write: the list, the items (their version and status) and My items. */
function useRefresh(estateId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.handover(estateId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.items(estateId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.myItems(estateId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.dispositions(estateId) });
  };
}

export function useUpdateHandover(estateId: string) {
  const refresh = useRefresh(estateId);
  return useMutation({
    mutationFn: ({ itemId, version, body }: { itemId: string; version: number; body: HandoverBody }) =>
      api<HandoverAnswer>(`${base(estateId)}/items/${encodeURIComponent(itemId)}/handover`, {
        method: 'PUT',
        body,
        headers: { 'If-Match': String(version) },
      }),
    onSettled: refresh,
  });
}

/** One receiver's pick-up at once (all recorded, or none). */
export function useBulkHandover(estateId: string) {
  const refresh = useRefresh(estateId);
  return useMutation({
    mutationFn: (body: BulkHandoverBody) => api<HandoverListAnswer>(`${base(estateId)}/handover`, { method: 'PUT', body }),
    onSettled: refresh,
  });
}

/** "I have it": the receiver (or the parent for a grandchild), one tap. */
export function useConfirmReceipt(estateId: string) {
  const refresh = useRefresh(estateId);
  return useMutation({
    mutationFn: (itemId: string) =>
      api<ReceiptAnswer>(`${base(estateId)}/items/${encodeURIComponent(itemId)}/receipt`, { method: 'POST', body: {} }),
    onSettled: refresh,
  });
}

export function useDispositions(estateId: string | null, enabled = true) {
  return useQuery({
    queryKey: queryKeys.dispositions(estateId),
    queryFn: () => api<DispositionsAnswer>(`${base(estateId ?? '')}/dispositions`),
    enabled: Boolean(estateId) && enabled,
    retry: false,
  });
}

export function useSetDisposition(estateId: string) {
  const refresh = useRefresh(estateId);
  return useMutation({
    mutationFn: ({ itemId, body }: { itemId: string; body: DispositionBody }) =>
      api<DispositionAnswer>(`${base(estateId)}/items/${encodeURIComponent(itemId)}/disposition`, { method: 'PUT', body }),
    onSettled: refresh,
  });
}

export function useAppraiseDisposition(estateId: string) {
  const refresh = useRefresh(estateId);
  return useMutation({
    mutationFn: ({ itemId, body }: { itemId: string; body: DispositionAppraisalBody }) =>
      api<DispositionAnswer>(`${base(estateId)}/items/${encodeURIComponent(itemId)}/disposition/appraisal`, { method: 'PUT', body }),
    onSettled: refresh,
  });
}

export function useRecordSale(estateId: string) {
  const refresh = useRefresh(estateId);
  return useMutation({
    mutationFn: ({ itemId, body }: { itemId: string; body: SaleBody }) =>
      api<DispositionAnswer>(`${base(estateId)}/items/${encodeURIComponent(itemId)}/sale`, { method: 'PUT', body }),
    onSettled: refresh,
  });
}

export type HandoverFile = 'pickup-pdf' | 'pickup-xlsx' | 'receipts-pdf';

/** A receiver's pick-up list (PDF or spreadsheet) or receipt sheet, in the receiver's language. */
export function downloadHandoverFile(estateId: string, memberId: string, kind: HandoverFile): Promise<DownloadedFile> {
  const mid = encodeURIComponent(memberId);
  const path =
    kind === 'pickup-pdf' ? `pickup-lists/${mid}.pdf` : kind === 'pickup-xlsx' ? `pickup-lists/${mid}.xlsx` : `receipts/${mid}.pdf`;
  return apiFile(`${base(estateId)}/${path}`, path.split('/').pop()!);
}


/**
 * A hand-over notice from the event stream: the receiver's My items and the trustees' board
 * refresh, and the person is told in their language.
 */
export function applyHandoverEvent(queryClient: QueryClient, data: unknown): void {
  const { estateId, kind, status } = (data ?? {}) as { estateId?: unknown; kind?: unknown; status?: unknown };
  if (typeof estateId !== 'string') return;
  void queryClient.invalidateQueries({ queryKey: queryKeys.handover(estateId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.myItems(estateId) });
  const notice =
    kind === 'receipt-reminder'
      ? 'reminder'
      : kind === 'handover-received'
        ? 'received'
        : status === 'scheduled' || status === 'shipped' || status === 'returned'
          ? status
          : 'handedOver';
  notify(i18n.t(`handover:notice.${notice}`), 'info');
}

export const HANDOVER_EVENT_KINDS: readonly string[] = ['handover', 'receipt-reminder', 'handover-received'];
