import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { AppLogo } from './app-logo';
import { Spinner } from './spinner';

/**
 * Shown while the session is being restored or a page is loading. With `mark`, the house mark
 * above the ring: the first screen index.html draws before the app's code arrives, kept in place.
 */
export function FullPageLoader({ label, mark }: { label?: string; mark?: boolean }) {
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
      {mark && <AppLogo size={48} />}
      <Spinner />
      {label && <Typography color="text.secondary">{label}</Typography>}
    </Box>
  );
}
