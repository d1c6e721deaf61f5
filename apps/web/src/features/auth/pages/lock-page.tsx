import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ContainedButton, TextLink } from '../../../shared/ui/plain-controls';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { isApiError } from '../../../shared/api/api-error';
import { errorMessage } from '../../../shared/api/error-message';
import { useSession } from '../../../shared/session/session-context';
import { takeRedirectUrl } from '../../../shared/session/redirect-url';
import { AuthFrame } from '../../../shared/ui/auth-frame';
import { PasswordField } from '../../../shared/ui/password-field';
import { initials } from '../../../shared/ui/initials';
import { requestSignInLink } from '../sign-in-link-api';

/**
 * The idle lock: shows who is signed in and asks for the password again, or sends a sign-in link by
 * mail for those who find passwords hard (the invitation offered one too). Only the idle timer
 * locks: opening this address by hand while unlocked goes back to where one was.
 */
export function LockPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { me, locked, unlock } = useSession();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [linkSent, setLinkSent] = useState(false);

  // A direct visit does not lock the session: there is nothing to unlock, so back to the app.
  useEffect(() => {
    if (!locked && !busy) void navigate(takeRedirectUrl('/'), { replace: true });
  }, [locked, busy, navigate]);

  const sendLink = async () => {
    if (!me) return;
    setError(null);
    try {
      await requestSignInLink(me.user.email);
      setLinkSent(true);
    } catch (caught) {
      setError(errorMessage(caught, t));
    }
  };

  const name = me?.user.displayName ?? '';
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await unlock(password);
      await navigate(takeRedirectUrl('/'), { replace: true });
    } catch (caught) {
      setBusy(false);
      setError(
        isApiError(caught) && caught.code === 'invalid_credentials'
          ? t('auth.lock.wrongPassword')
          : errorMessage(caught, t),
      );
    }
  };

  return (
    <AuthFrame title={t('auth.lock.title')} subtitle={t('auth.lock.subtitle')}>
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
            <Avatar
              sx={{ width: 56, height: 56, bgcolor: 'primary.main', fontSize: '1.3rem' }}
              aria-hidden="true"
            >
              {initials(name)}
            </Avatar>
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
              <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {me?.user.email}
              </Typography>
            </Box>
          </Box>
          <PasswordField
            label={t('fields.password')}
            autoComplete="current-password"
            autoFocus
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={Boolean(error)}
            helperText={error}
          />
          <ContainedButton type="submit" disabled={!password || busy}>
            {t('auth.lock.submit')}
          </ContainedButton>
          {linkSent ? (
            <Typography role="status" sx={{ fontWeight: 600 }}>
              {t('auth.lock.linkSent', { email: me?.user.email ?? '' })}
            </Typography>
          ) : (
            <Button variant="outlined" size="large" onClick={() => void sendLink()} sx={{ minHeight: 48 }}>
              {t('auth.lock.sendLink')}
            </Button>
          )}
          <Typography sx={{ textAlign: 'center' }}>
            <TextLink to="/logout">{t('auth.lock.notYou')}</TextLink>
          </Typography>
        </Box>
      </Box>
    </AuthFrame>
  );
}
