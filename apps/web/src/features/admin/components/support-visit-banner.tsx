import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Visibility from '@mui/icons-material/VisibilityOutlined';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { isVisiting } from '../../../shared/session/current-estate';
import { useSession } from '../../../shared/session/session-context';
import { useSupportVisit } from '../estates-api';

/**
 * On every page of an estate the installation's administrator is visiting to help (not a member):
 * a calm line that they can look but not change anything, and a way back. Every write button on
 * the page is disabled with the same reason (the policy's `support`, shared/ui/offer.ts).
 */
export function SupportVisitBanner() {
  const { t } = useTranslation('support');
  const { me } = useSession();
  const visit = useSupportVisit();
  const navigate = useNavigate();
  if (!isVisiting(me)) return null;
  return (
    <Alert
      severity="info"
      icon={<Visibility />}
      role="status"
      data-testid="support-visit-banner"
      // On a phone the way back goes under the sentence, on one line, rather than squeezed beside it.
      sx={{
        mx: { xs: 1, sm: 2 },
        mt: 2,
        alignItems: 'center',
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        '& .MuiAlert-message': { flex: { xs: '1 1 200px', sm: '1 1 auto' } },
        '& .MuiAlert-action': { py: 0, mr: { xs: 0, sm: -1 }, ml: { xs: 0, sm: 'auto' }, width: { xs: '100%', sm: 'auto' }, justifyContent: 'flex-end' },
      }}
      action={
        <Button color="inherit" variant="outlined" sx={{ minHeight: 48, whiteSpace: 'nowrap' }} disabled={visit.isPending} onClick={() => visit.mutate(null, { onSuccess: () => void navigate('/admin/estates') })}>
          {t('leave')}
        </Button>
      }
    >
      {t('banner')}
    </Alert>
  );
}
