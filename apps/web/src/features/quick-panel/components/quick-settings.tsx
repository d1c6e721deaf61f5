import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useSettings } from '../../../shared/settings/settings-context';

/**
 * Quick settings that mean something here: reminder mails, larger text, less motion. They are the
 * profile's own settings (saved with it), applied at once to the whole app.
 */
export function QuickSettings() {
  const { t } = useTranslation('notes');
  const { settings, update } = useSettings();
  const rows = [
    { key: 'notifications', checked: settings.notifications, onChange: (on: boolean) => update({ notifications: on }), label: t('settings.notifications'), help: t('settings.notificationsHelp') },
    { key: 'largeText', checked: settings.largeText, onChange: (on: boolean) => update({ largeText: on }), label: t('settings.largeText'), help: t('settings.largeTextHelp') },
    { key: 'reduceMotion', checked: !settings.animations, onChange: (on: boolean) => update({ animations: !on }), label: t('settings.reduceMotion'), help: t('settings.reduceMotionHelp') },
  ];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {rows.map((row) => (
        <Box key={row.key}>
          <FormControlLabel
            control={<Switch checked={row.checked} onChange={(e) => row.onChange(e.target.checked)} slotProps={{ input: { 'aria-describedby': `quick-${row.key}-help` } }} />}
            label={row.label}
            sx={{ minHeight: 48, m: 0, gap: 1 }}
            data-testid={`quick-${row.key}`}
          />
          <Typography id={`quick-${row.key}-help`} variant="body2" color="text.secondary" sx={{ fontSize: '0.875rem', paddingInlineStart: 7 }}>
            {row.help}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
