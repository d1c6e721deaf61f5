import { Suspense } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useSession } from '../../../shared/session/session-context';
import { takeRedirectUrl } from '../../../shared/session/redirect-url';
import { notify } from '../../../shared/ui/notify';
import { PageLayout } from '../../../shared/ui/page-layout';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { lazyNamed } from '../../../shared/ui/lazy-named';

// The form comes with its form and schema libraries, after the page's frame (ADR 0004).
const ChangePasswordForm = lazyNamed(() => import('../components/change-password-form'), 'ChangePasswordForm');

/** `/profile/reset`: an admin asked for a new password; nothing else opens until it is set. */
export function ProfileResetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { me, reloadMe } = useSession();
  const forced = me?.user.loginStatus === 'forced-reset';
  return (
    <PageLayout title={t('profile.reset.title')} maxWidth={720}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Alert severity={forced ? 'warning' : 'info'} sx={{ mb: 3 }}>
          {forced ? t('profile.reset.forced') : t('profile.reset.optional')}
        </Alert>
        <Suspense fallback={<FullPageLoader />}>
          <ChangePasswordForm
            submitLabel={t('profile.reset.submit')}
            onDone={async () => {
              await reloadMe();
              notify(t('profile.password.changed'), 'success');
              await navigate(takeRedirectUrl('/'), { replace: true });
            }}
          />
        </Suspense>
      </Paper>
    </PageLayout>
  );
}
