import Alert from '@mui/material/Alert';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useSession } from '../../../shared/session/session-context';
import { AuthFrame } from '../../../shared/ui/auth-frame';
import { createFirstAdmin } from '../api';
import { NewAccountForm } from '../components/new-account-form';

/** First run: no account exists yet, so this creates the installation's first admin. */
export function SetupPage() {
  const { t } = useTranslation();
  const { signIn, setupDone } = useSession();
  return (
    <AuthFrame title={t('auth.setup.title')} subtitle={t('auth.setup.subtitle')} wide>
      <Alert severity="info" sx={{ mb: 2.5 }}>
        {t('auth.setup.note')}
      </Alert>
      <NewAccountForm
        submitLabel={t('auth.setup.submit')}
        onSubmit={async (values) => {
          await createFirstAdmin(values);
          setupDone();
          await signIn({ email: values.email, password: values.password });
        }}
      />
    </AuthFrame>
  );
}
