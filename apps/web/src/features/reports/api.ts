/** Stage 90's report files and the estate's archive (closing). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportsAnswer } from '@estate/domain/schemas/closing';
import { api, apiFile } from '../../shared/api/client';
import { queryKeys } from '../../shared/api/query-keys';

const base = (estateId: string) => `/api/estates/${encodeURIComponent(estateId)}`;

export function useReportFiles(estateId: string | null, enabled = true) {
  return useQuery({
    queryKey: queryKeys.reports(estateId),
    queryFn: async () => (await api<ReportsAnswer>(`${base(estateId ?? '')}/reports`)).reports,
    enabled: Boolean(estateId) && enabled,
  });
}

export function useRegenerateReports(estateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api<ReportsAnswer>(`${base(estateId)}/reports/generate`, { method: 'POST' })).reports,
    onSuccess: (reports) => queryClient.setQueryData(queryKeys.reports(estateId), reports),
  });
}

export const downloadReport = (estateId: string, reportId: string, fallbackName: string) =>
  apiFile(`${base(estateId)}/reports/${encodeURIComponent(reportId)}/file`, fallbackName);

export const downloadArchive = (estateId: string) => apiFile(`${base(estateId)}/archive.zip`, 'estate-archive.zip');

