import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Visibility from '@mui/icons-material/VisibilityOutlined';
import type { ActivityAnswer } from '@estate/domain/schemas/activity';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { formatDate } from '../../../shared/i18n/format';
import { useTranslation } from '../../../shared/i18n/use-translation';

/** The log's action for the installation's administrator visiting to help (server: platform/support-visits.ts). */
const SUPPORT_VISIT = 'estate.support-opened';

/**
 * The family sees when the installation's administrator last looked at the estate to help (each
 * visit is one line of the estate's activity, which every member reads). Nothing when there was
 * none, or while the answer is on its way: the home page never waits for it.
 */
export function SupportVisitsNote({ estateId }: { estateId: string }) {
  const { t, i18n } = useTranslation('support');
  const visits = useQuery({
    queryKey: [...queryKeys.estate(estateId), 'activity', SUPPORT_VISIT],
    queryFn: () => api<ActivityAnswer>(`/api/estates/${encodeURIComponent(estateId)}/activity?action=${SUPPORT_VISIT}&limit=1`),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const last = visits.data?.events[0];
  if (!last) return null;
  return (
    <Alert severity="info" icon={<Visibility />} variant="outlined" sx={{ mb: 2 }} data-testid="support-visits-note">
      {t('familyNote', { name: last.actorName ?? t('someone'), date: formatDate(last.at, i18n.language, true) })}
    </Alert>
  );
}
