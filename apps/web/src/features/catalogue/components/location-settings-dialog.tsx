import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { Location, LocationSettings } from '@estate/domain/schemas/locations';

const SWATCHES = ['#5b7083', '#2e7d32', '#1565c0', '#6a1b9a', '#c62828', '#ef6c00', '#00838f', '#795548'];

type Props = {
  location: Location;
  busy?: boolean;
  error?: string;
  onSave: (settings: LocationSettings) => void;
  onClose: () => void;
};

/** Colour, cover images on board cards, and "subscribed" (notifications about this location). */
export function LocationSettingsDialog({ location, busy, error, onSave, onClose }: Props) {
  const { t } = useTranslation();
  const [color, setColor] = useState(location.settings.color ?? SWATCHES[0]!);
  const [subscribed, setSubscribed] = useState(location.settings.subscribed ?? false);
  const [covers, setCovers] = useState(location.settings.cardCoverImages ?? true);
  const badHex = !/^#[0-9a-fA-F]{6}$/.test(color);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!badHex) onSave({ color, subscribed, cardCoverImages: covers });
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="location-settings-title" maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id="location-settings-title">{t('catalogue:locations.settings.title')}</DialogTitle>
        <DialogContent>
          <Box role="radiogroup" aria-label={t('catalogue:locations.settings.color')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, my: 1 }}>
            {SWATCHES.map((swatch) => (
              <Box
                key={swatch}
                component="button"
                type="button"
                role="radio"
                aria-checked={color.toLowerCase() === swatch}
                aria-label={swatch}
                onClick={() => setColor(swatch)}
                sx={{
                  width: 40,
                  height: 40,
                  borderRadius: '50%',
                  bgcolor: swatch,
                  border: 3,
                  borderColor: color.toLowerCase() === swatch ? 'text.primary' : 'transparent',
                  cursor: 'pointer',
                }}
              />
            ))}
          </Box>
          <TextField
            fullWidth
            margin="dense"
            label={t('catalogue:locations.settings.hex')}
            value={color}
            onChange={(e) => setColor(e.target.value)}
            error={badHex}
            helperText={badHex ? t('catalogue:locations.settings.badHex') : undefined}
          />
          <FormControlLabel
            control={<Switch checked={covers} onChange={(e) => setCovers(e.target.checked)} />}
            label={t('catalogue:locations.settings.cardCoverImages')}
          />
          <FormControlLabel
            control={<Switch checked={subscribed} onChange={(e) => setSubscribed(e.target.checked)} />}
            label={t('catalogue:locations.settings.subscribed')}
          />
          {error && <Box sx={{ color: 'error.main', mt: 1 }}>{error}</Box>}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('catalogue:common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy || badHex}>
            {t('catalogue:common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
