import Box from '@mui/material/Box';
import type { NavBadge as Badge } from './navigation-config';

export function NavBadge({ badge }: { badge: Badge }) {
  return (
    <Box
      component="span"
      sx={{
        minWidth: 22,
        height: 22,
        px: 0.75,
        borderRadius: 11,
        fontSize: '0.875rem',
        fontWeight: 700,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: badge.bg ?? 'secondary.main',
        color: badge.fg ?? 'secondary.contrastText',
        flexShrink: 0,
      }}
    >
      {badge.title}
    </Box>
  );
}
