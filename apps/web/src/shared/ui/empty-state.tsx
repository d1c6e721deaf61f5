import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

type Props = { icon?: ReactNode; title: string; children?: ReactNode; action?: ReactNode };

/** A friendly "nothing here yet" message with an optional next step. */
export function EmptyState({ icon, title, children, action }: Props) {
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 4, sm: 6 }, px: 2, maxWidth: 560, mx: 'auto' }}>
      {icon && (
        <Box sx={{ color: 'primary.main', mb: 2, '& svg': { fontSize: 56 } }} aria-hidden="true">
          {icon}
        </Box>
      )}
      <Typography component="h2" variant="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children && (
        <Typography component="div" color="text.secondary" sx={{ mb: action ? 3 : 0 }}>
          {children}
        </Typography>
      )}
      {action}
    </Box>
  );
}
