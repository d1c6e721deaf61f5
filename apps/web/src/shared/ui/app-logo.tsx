import Box from '@mui/material/Box';

/** The house mark; decorative (the app name is always written beside it). */
export function AppLogo({ size = 32 }: { size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 64 64"
      aria-hidden="true"
      sx={{ width: size, height: size, flexShrink: 0 }}
    >
      <rect width="64" height="64" rx="14" fill="#1d5a6c" />
      <path d="M14 32 32 16l18 16v16a2 2 0 0 1-2 2H38V38H26v12H16a2 2 0 0 1-2-2z" fill="#fff" />
    </Box>
  );
}
