import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import MarkEmailUnread from '@mui/icons-material/MarkEmailUnread';
import { ContainedLink, TextLink } from '../../../shared/ui/plain-controls';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { AuthFrame } from '../../../shared/ui/auth-frame';
import { Callout } from '../../../shared/ui/callout';
import { Spinner } from '../../../shared/ui/spinner';
import { confirmEmail, resendConfirmation } from '../api';
import { EmailRequestForm } from '../components/email-request-form';

type Confirmation = { state: 'pending' } | { state: 'done' } | { state: 'failed'; error: unknown };

/** Each confirmation token is sent once, even when React mounts the page twice. */
const confirmations = new Map<string, Promise<void>>();
function confirmOnce(token: string): Promise<void> {
  let pending = confirmations.get(token);
  if (!pending) {
    pending = confirmEmail(token);
    confirmations.set(token, pending);
  }
  return pending;
}

/**
 * Without a token: "check your inbox" and a resend form. With `?token=` (the link in the mail):
 * confirms the address and offers the sign-in page.
 */
export function MailConfirmPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const email = params.get('email') ?? '';
  const [confirmation, setConfirmation] = useState<Confirmation>({ state: 'pending' });

  useEffect(() => {
    if (!token) return;
    let live = true;
    confirmOnce(token).then(
      () => live && setConfirmation({ state: 'done' }),
      (error: unknown) => live && setConfirmation({ state: 'failed', error }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  const resendForm = (
    <EmailRequestForm
      defaultEmail={email}
      submitLabel={t('auth.mailConfirm.resend')}
      doneMessage={t('auth.mailConfirm.resent')}
      onSubmit={resendConfirmation}
    />
  );

  if (token) {
    return (
      <AuthFrame title={t('auth.mailConfirm.confirmTitle')}>
        {confirmation.state === 'pending' && (
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }} role="status">
            <Spinner size={24} />
            <Typography>{t('auth.mailConfirm.confirming')}</Typography>
          </Box>
        )}
        {confirmation.state === 'done' && (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
            <Callout severity="success">{t('auth.mailConfirm.confirmed')}</Callout>
            <ContainedLink to="/login">{t('auth.mailConfirm.toLogin')}</ContainedLink>
          </Box>
        )}
        {confirmation.state === 'failed' && (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
            <Callout severity="error">{errorMessage(confirmation.error, t)}</Callout>
            <Typography>{t('auth.mailConfirm.askAgain')}</Typography>
            {resendForm}
          </Box>
        )}
      </AuthFrame>
    );
  }

  return (
    <AuthFrame title={t('auth.mailConfirm.title')}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <MarkEmailUnread color="primary" sx={{ fontSize: 40 }} aria-hidden="true" />
          <Typography>
            {email ? t('auth.mailConfirm.sentTo', { email }) : t('auth.mailConfirm.sent')}
          </Typography>
        </Box>
        <Typography color="text.secondary">{t('auth.mailConfirm.notArrived')}</Typography>
        {resendForm}
        <Divider />
        <Typography sx={{ textAlign: 'center' }}>
          <TextLink to="/login">{t('auth.backToLogin')}</TextLink>
        </Typography>
      </Box>
    </AuthFrame>
  );
}
