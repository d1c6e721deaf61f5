import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from '../../../shared/i18n/use-translation';

type Props = {
  title: string;
  label: string;
  initial?: string;
  busy?: boolean;
  error?: string;
  onSave: (name: string) => void;
  onClose: () => void;
};

/** A one-field dialog to name (or rename) a location or room. */
export function NameDialog({ title, label, initial = '', busy, error, onSave, onClose }: Props) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) onSave(name.trim());
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="name-dialog-title" maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id="name-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={label}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={Boolean(error)}
            helperText={error}
            slotProps={{ htmlInput: { maxLength: 120 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('catalogue:common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy || !name.trim()}>
            {t('catalogue:common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
