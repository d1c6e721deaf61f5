import { Suspense, lazy, useSyncExternalStore } from 'react';
import { getNotices, subscribeNotices } from './notify';

const SnackbarView = lazy(async () => ({ default: (await import('./snackbar-view')).SnackbarView }));

/** Renders snackbars; their code loads with the first message. */
export function SnackbarHost() {
  const notices = useSyncExternalStore(subscribeNotices, getNotices, getNotices);
  const current = notices[0];
  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <SnackbarView notice={current} />
    </Suspense>
  );
}
