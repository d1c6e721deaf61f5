import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslation } from '../../../shared/i18n/use-translation';

/** The style guide's gentle reminders (never errors). */
export function StyleWarnings({ warnings }: { warnings: readonly string[] }) {
  const { t } = useTranslation();
  if (warnings.length === 0) return null;
  return (
    <Alert severity="warning" variant="outlined" sx={{ mt: 2 }} role="status">
      <Box component="strong" sx={{ display: 'block', mb: 0.5 }}>
        {t('catalogue:warnings.title')}
      </Box>
      <Box component="ul" sx={{ m: 0, paddingInlineStart: 2.5 }}>
        {warnings.map((w) => (
          <li key={w}>{t(`catalogue:warnings.${w}`)}</li>
        ))}
      </Box>
    </Alert>
  );
}
