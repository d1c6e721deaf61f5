import Box from '@mui/material/Box';
import { HOUSE_MARK } from './house-mark';

/** The house mark; decorative (the app name is always written beside it). */
export function AppLogo({ size = 32 }: { size?: number }) {
  return (
    <Box
      component="svg"
      viewBox={HOUSE_MARK.viewBox}
      aria-hidden="true"
      sx={{ width: size, height: size, flexShrink: 0 }}
    >
      <rect width="64" height="64" rx={HOUSE_MARK.radius} fill={HOUSE_MARK.background} />
      <path d={HOUSE_MARK.house} fill="#fff" />
    </Box>
  );
}
