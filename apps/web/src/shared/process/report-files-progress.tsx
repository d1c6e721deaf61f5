/**
 * How far the making of stage 90's report files has got, in plain words: being made, tried again,
 * or not made (with what to do). Nothing once they are made.
 */
import Alert from '@mui/material/Alert';
import { JOB_ATTEMPTS } from '@estate/domain/process';
import { useTranslation } from '../i18n/use-translation';
import { useReportFilesJob } from '../api/stage-jobs';


export function ReportFilesProgress({ estateId, enabled }: { estateId: string; enabled: boolean }) {
  const { t } = useTranslation('closing');
  const job = useReportFilesJob(estateId, enabled);
  if (!job || job.status === 'done') return null;
  if (job.status === 'failed') {
    return (
      <Alert severity="warning" sx={{ mb: 2 }} data-testid="report-files-progress">
        {job.attempts < JOB_ATTEMPTS ? t('reports.jobRetrying') : t('reports.jobGaveUp')}
      </Alert>
    );
  }
  return (
    <Alert severity="info" sx={{ mb: 2 }} role="status" data-testid="report-files-progress">
      {t('reports.beingMade')}
    </Alert>
  );
}
