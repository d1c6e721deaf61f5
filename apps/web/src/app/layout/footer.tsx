import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../shared/i18n/use-translation';
import { RegionTheme } from '../../shared/theme/theme-provider';
import { FOOTER_MIN_HEIGHT, FOOTER_MIN_HEIGHT_MD } from '../../shared/theme/layout-constants';

/** Footer: the product's name and version, and the way to its documentation. */
export function Footer() {
  const { t } = useTranslation();
  return (
    <RegionTheme region="footer">
      <Box
        component="footer"
        sx={{
          minHeight: { xs: FOOTER_MIN_HEIGHT, md: FOOTER_MIN_HEIGHT_MD },
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: { xs: 1, sm: 2 },
          px: { xs: 2, sm: 3 },
          py: 1,
          bgcolor: 'background.paper',
          color: 'text.primary',
          borderTop: 1,
          borderColor: 'divider',
        }}
      >
        <Typography variant="body2" sx={{ flexGrow: 1 }}>
          {t('app.name')} · {t('footer.version', { version: '0.0.80' })}
        </Typography>
        <Link component={RouterLink} to="/documentation" color="inherit" variant="body2">
          {t('nav.documentation')}
        </Link>
      </Box>
    </RegionTheme>
  );
}
