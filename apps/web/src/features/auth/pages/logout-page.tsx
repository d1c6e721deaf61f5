import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useSession } from '../../../shared/session/session-context';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { usePageTitle } from '../../../shared/hooks/use-page-title';

/** Signs out, shows "Logging out..", then goes to the sign-in page. */
export function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signOut } = useSession();
  const started = useRef(false);
  usePageTitle(t('auth.logout.title'));

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signOut().finally(() => void navigate('/login', { replace: true }));
  }, [signOut, navigate]);

  return <FullPageLoader label={t('auth.logout.progress')} />;
}
