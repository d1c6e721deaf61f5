import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ContainedLink, TextLink } from '../../../shared/ui/plain-controls';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { isApiError } from '../../../shared/api/api-error';
import { errorMessage } from '../../../shared/api/error-message';
import { takeRedirectUrl } from '../../../shared/session/redirect-url';
import { useSession } from '../../../shared/session/session-context';
import { AuthFrame } from '../../../shared/ui/auth-frame';
import { Callout } from '../../../shared/ui/callout';
import { Spinner } from '../../../shared/ui/spinner';

/** Each link is spent once, even when React mounts the page twice. */
const spent = new Map<string, Promise<unknown>>();

/**
 * `/pages/auth/link?token=…`, the link in the sign-in mail: signs the person in and opens where
 * they were going (or home; the route guard then sends an incomplete profile to /profile/edit).
 */
export function LinkPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { signInWithLink } = useSession();
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(() => {
    if (!token) return;
    let live = true;
    let pending = spent.get(token);
    if (!pending) {
      pending = signInWithLink(token);
      spent.set(token, pending);
    }
    pending.then(
      () => live && void navigate(takeRedirectUrl('/'), { replace: true }),
      (error: unknown) => live && setFailure(error),
    );
    return () => {
      live = false;
    };
  }, [token, signInWithLink, navigate]);

  const usedOrExpired = !token || (isApiError(failure) && failure.status === 400);
  return (
    <AuthFrame title={t('people:signInLink.linkTitle')}>
      {!failure && token ? (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }} role="status">
          <Spinner size={24} />
          <Typography>{t('people:signInLink.signingIn')}</Typography>
        </Box>
      ) : (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
          <Callout severity="error">{usedOrExpired ? t('people:signInLink.usedOrExpired') : errorMessage(failure, t)}</Callout>
          <ContainedLink to="/pages/auth/sign-in-link">{t('people:signInLink.askAgain')}</ContainedLink>
          <Typography sx={{ textAlign: 'center' }}>
            <TextLink to="/login">{t('people:signInLink.withPassword')}</TextLink>
          </Typography>
        </Box>
      )}
    </AuthFrame>
  );
}
