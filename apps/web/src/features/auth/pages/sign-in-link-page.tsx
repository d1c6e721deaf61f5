import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { TextLink } from '../../../shared/ui/plain-controls';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { AuthFrame } from '../../../shared/ui/auth-frame';
import { requestSignInLink } from '../sign-in-link-api';
import { EmailRequestForm } from '../components/email-request-form';

/** `/pages/auth/sign-in-link`: sign in without a password, with a link sent by mail. */
export function SignInLinkPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <AuthFrame title={t('people:signInLink.title')} subtitle={t('people:signInLink.subtitle')}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <EmailRequestForm
          defaultEmail={params.get('email') ?? ''}
          submitLabel={t('people:signInLink.submit')}
          doneMessage={t('people:signInLink.sent')}
          onSubmit={requestSignInLink}
        />
        <Typography color="text.secondary">{t('people:signInLink.howLong')}</Typography>
        <Typography sx={{ textAlign: 'center' }}>
          <TextLink to="/login">{t('people:signInLink.withPassword')}</TextLink>
        </Typography>
      </Box>
    </AuthFrame>
  );
}
