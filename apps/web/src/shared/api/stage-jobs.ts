/**
 * The slow work a stage move sets off (`GET …/stage/jobs`): stage 90's report files are made after
 * the move has answered. Shared because the control panel and the Trustee Reports page both say
 * how far it has got.
 */
import { useQuery } from '@tanstack/react-query';
import type { StageJob, StageJobsAnswer } from '@estate/domain/schemas/stages';
import { api } from './client';
import { queryKeys } from './query-keys';

/** The report files' job, read every few seconds while it is waiting or running. */
export function useReportFilesJob(estateId: string | null, enabled: boolean) {
  const query = useQuery({
    queryKey: queryKeys.stageJobs(estateId),
    queryFn: () => api<StageJobsAnswer>(`/api/estates/${encodeURIComponent(estateId ?? '')}/stage/jobs`),
    enabled: Boolean(estateId) && enabled,
    retry: false,
    refetchInterval: (q) =>
      q.state.data?.jobs.some((j) => j.status === 'waiting' || j.status === 'running') ? 3000 : false,
  });
  const job: StageJob | undefined = query.data?.jobs.find((j) => j.effect === 'make-report-files');
  return job;
}
