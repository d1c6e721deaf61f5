import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../i18n/use-translation';
import { usePageTitle } from '../hooks/use-page-title';
import { AppLogo } from './app-logo';
import { LanguageMenu } from './language-menu';

type Props = {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Wider card for pages with more to read (the invitation, the first-run screen). */
  wide?: boolean;
};

/** The frame of the pages without navigation: sign in, register, errors, invitations. */
export function AuthFrame({ title, subtitle, children, wide }: Props) {
  const { t } = useTranslation();
  usePageTitle(title);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box
        component="header"
        sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: { xs: 2, sm: 3 }, py: 1.5 }}
      >
        <AppLogo size={36} />
        <Typography component="span" sx={{ fontWeight: 700, fontSize: '1.1rem', flexGrow: 1 }}>
          {t('app.name')}
        </Typography>
        <LanguageMenu />
      </Box>
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        sx={{
          flexGrow: 1,
          display: 'flex',
          alignItems: { xs: 'flex-start', sm: 'center' },
          justifyContent: 'center',
          px: { xs: 1.5, sm: 3 },
          py: { xs: 1, sm: 4 },
          outline: 'none',
        }}
      >
        <Box
          sx={{
            width: '100%',
            maxWidth: wide ? 560 : 440,
            p: { xs: 2.5, sm: 4 },
            borderRadius: 2,
            border: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
          }}
        >
          <Typography component="h1" variant="h2" sx={{ mb: subtitle ? 1 : 3 }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {subtitle}
            </Typography>
          )}
          {children}
        </Box>
      </Box>
    </Box>
  );
}
