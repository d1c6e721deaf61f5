import { Suspense } from 'react';
import Alert from '@mui/material/Alert';
import CloudOff from '@mui/icons-material/CloudOffOutlined';
import { useTranslation } from '../i18n/use-translation';
import { lazyNamed } from '../ui/lazy-named';
import { useOnline } from './online';

const WaitingChanges = lazyNamed(() => import('./waiting-changes'), 'WaitingChanges');

/**
 * Under the toolbar: "You are offline — …" while there is no network, and what waits to be sent
 * (loaded after the page: the queue's code is not part of the first load).
 */
export function OfflineStatus() {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <>
      {!online && (
        <Alert severity="info" icon={<CloudOff />} role="status" sx={{ borderRadius: 0 }} data-testid="offline-banner">
          {t('stories:offline.banner')}
        </Alert>
      )}
      <Suspense fallback={null}>
        <WaitingChanges />
      </Suspense>
    </>
  );
}
