import Box from '@mui/material/Box';
import { useTranslation } from '../../shared/i18n/use-translation';

/** "Skip to main content", visible when focused with the keyboard. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <Box
      component="a"
      href="#main-content"
      sx={{
        position: 'fixed',
        insetInlineStart: 16,
        top: -100,
        zIndex: 'tooltip',
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        fontWeight: 600,
        '&:focus': { top: 12, outline: '3px solid', outlineColor: 'secondary.main' },
      }}
    >
      {t('layout.skipToContent')}
    </Box>
  );
}
