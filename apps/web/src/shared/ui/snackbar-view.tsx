import type { SyntheticEvent } from 'react';
import Snackbar from '@mui/material/Snackbar';
import Alert from '@mui/material/Alert';
import { useTranslation } from '../i18n/use-translation';
import { NOTIFY_AUTO_HIDE_MS, dismissNotice, type Notice } from './notify';

/** One snackbar (seed: success, warning, error, info; auto-hide after 6000 ms). */
export function SnackbarView({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  const close = (_event?: Event | SyntheticEvent | null, reason?: string) => {
    if (reason === 'clickaway') return;
    dismissNotice(notice.id);
  };
  return (
    <Snackbar
      key={notice.id}
      open
      autoHideDuration={NOTIFY_AUTO_HIDE_MS}
      onClose={close}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        onClose={close}
        severity={notice.variant}
        variant="filled"
        sx={{ width: '100%', alignItems: 'center' }}
        slotProps={{ closeButton: { title: t('actions.close'), 'aria-label': t('actions.close') } }}
      >
        {notice.message}
      </Alert>
    </Snackbar>
  );
}
