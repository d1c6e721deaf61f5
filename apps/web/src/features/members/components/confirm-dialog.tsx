import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from '../../../shared/i18n/use-translation';

type Props = {
  title: string;
  body: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void | Promise<void>;
  onCancel: () => void;
};

/** "Are you sure?" before something that takes away (a group, someone's access). */
export function ConfirmDialog({ title, body, confirmLabel, busy, onConfirm, onCancel }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onCancel} aria-labelledby="members-confirm-title" aria-describedby="members-confirm-body" maxWidth="xs" fullWidth>
      <DialogTitle id="members-confirm-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="members-confirm-body" sx={{ color: 'text.primary' }}>
          {body}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={onCancel} sx={{ minHeight: 48 }} autoFocus>
          {t('actions.cancel')}
        </Button>
        <Button variant="contained" color="error" onClick={() => void onConfirm()} disabled={busy} sx={{ minHeight: 48 }}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
