import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Spinner } from './spinner';

/** Shown while the session is being restored or a page is loading. */
export function FullPageLoader({ label }: { label?: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      data-loading=""
      sx={{
        minHeight: '60vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        p: 3,
      }}
    >
      <Spinner />
      {label && <Typography color="text.secondary">{label}</Typography>}
    </Box>
  );
}
