import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ContainedLink } from '../../../shared/ui/plain-controls';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { AuthFrame } from '../../../shared/ui/auth-frame';

type Props = { code?: string; title: string; message: string; icon: ReactNode };

export function ErrorFrame({ code, title, message, icon }: Props) {
  const { t } = useTranslation();
  return (
    <AuthFrame title={title}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, alignItems: 'flex-start' }}>
        <Box
          sx={{
            display: 'flex',
            gap: 2,
            alignItems: 'center',
            color: 'primary.main',
            '& svg': { fontSize: 48 },
          }}
        >
          {icon}
          {code && (
            <Typography
              component="p"
              sx={{ fontSize: '2.5rem', fontWeight: 700, lineHeight: 1 }}
              aria-hidden="true"
            >
              {code}
            </Typography>
          )}
        </Box>
        <Typography>{message}</Typography>
        <ContainedLink to="/">{t('errors.goHome')}</ContainedLink>
      </Box>
    </AuthFrame>
  );
}
