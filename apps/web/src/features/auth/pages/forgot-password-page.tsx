import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { TextLink } from '../../../shared/ui/plain-controls';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { AuthFrame } from '../../../shared/ui/auth-frame';
import { forgotPassword } from '../api';
import { EmailRequestForm } from '../components/email-request-form';

/** Ask for a password-reset link by email. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <AuthFrame title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <EmailRequestForm
          submitLabel={t('auth.forgot.submit')}
          doneMessage={t('auth.forgot.sent')}
          onSubmit={forgotPassword}
        />
        <Typography sx={{ textAlign: 'center' }}>
          <TextLink to="/login">{t('auth.backToLogin')}</TextLink>
        </Typography>
      </Box>
    </AuthFrame>
  );
}
