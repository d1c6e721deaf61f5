import { useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { TextLink } from '../../../shared/ui/plain-controls';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useSession } from '../../../shared/session/session-context';
import { setRedirectUrl } from '../../../shared/session/redirect-url';
import { AuthFrame } from '../../../shared/ui/auth-frame';
import { isApiError } from '../../../shared/api/api-error';
import { registerAccount } from '../api';
import { NewAccountForm } from '../components/new-account-form';

/** Create an account; with `?invitation=TOKEN` the person joins that estate straight away. */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { signIn } = useSession();
  const invitation = params.get('invitation') ?? undefined;
  const invitedEmail = params.get('email') ?? '';

  return (
    <AuthFrame
      title={t('auth.register.title')}
      subtitle={invitation ? t('auth.register.invitedSubtitle') : t('auth.register.subtitle')}
    >
      {invitation && (
        <Alert severity="info" sx={{ mb: 2.5 }}>
          {t('auth.register.invitedNote')}
        </Alert>
      )}
      <NewAccountForm
        submitLabel={t('auth.register.submit')}
        defaultEmail={invitedEmail}
        onSubmit={async (values) => {
          await registerAccount({ ...values, ...(invitation ? { invitation } : {}) });
          // The server answers alike whether or not the address already had an account (then it
          // mails that account's owner instead), so "check your mail" is the next step for all.
          const checkMail = () =>
            navigate(`/pages/auth/mail-confirm?email=${encodeURIComponent(values.email)}`, { replace: true });
          if (!invitation) return checkMail();
          // The invitation link proved the address: sign in and open the estate.
          setRedirectUrl('/i/');
          try {
            await signIn({ email: values.email, password: values.password });
          } catch (error) {
            // No new account was made: the address already had one, with another password.
            if (isApiError(error) && error.status === 401) return checkMail();
            throw error;
          }
        }}
        footer={
          <Typography sx={{ textAlign: 'center' }}>
            <TextLink to="/login">{t('auth.register.haveAccount')}</TextLink>
          </Typography>
        }
      />
    </AuthFrame>
  );
}
