import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { Stage } from '@estate/domain/stages';
import { useTranslation } from '../i18n/use-translation';
import { currentMembership } from '../session/current-estate';
import { useSession } from '../session/session-context';

/** Whether the current estate is closed (stage 99): everything reads, nothing changes. */
export function useEstateClosed(): boolean {
  const { me } = useSession();
  return currentMembership(me)?.stage === Stage.Completed;
}

/**
 * The calm word at the top of every page of a closed estate (stage 99). Buttons that would change
 * something are refused by the policy with reason "closed" and say so themselves.
 */
export function ClosedEstateBanner() {
  const { t } = useTranslation('closing');
  const closed = useEstateClosed();
  if (!closed) return null;
  return (
    <Alert severity="info" icon={<LockOutlined />} sx={{ mb: 3, fontSize: '1rem' }} data-testid="estate-closed">
      <AlertTitle sx={{ fontSize: '1.05rem', fontWeight: 700 }}>{t('closed.title')}</AlertTitle>
      {t('closed.text')}
    </Alert>
  );
}
