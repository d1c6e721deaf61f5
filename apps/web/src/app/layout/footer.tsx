import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../shared/i18n/use-translation';
import { RegionTheme } from '../../shared/theme/theme-provider';
import { visuallyHidden } from '../../shared/ui/visually-hidden';
import { FOOTER_MIN_HEIGHT, FOOTER_MIN_HEIGHT_MD } from '../../shared/theme/layout-constants';

const OUTBOUND = [
  { label: 'React', href: 'https://react.dev/' },
  { label: 'MUI', href: 'https://mui.com/' },
  { label: 'Vite', href: 'https://vite.dev/' },
];

/** Footer: documentation, and the technologies it is built with (opening in a new tab). */
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
        <Typography variant="body2" component="span" sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <span>{t('footer.builtWith')}</span>
          {OUTBOUND.map((link) => (
            <Link key={link.href} href={link.href} target="_blank" rel="noopener noreferrer" color="inherit">
              {link.label}
              <Box component="span" sx={visuallyHidden}>
                {` (${t('footer.newTab')})`}
              </Box>
            </Link>
          ))}
        </Typography>
      </Box>
    </RegionTheme>
  );
}
