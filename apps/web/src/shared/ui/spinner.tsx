import { keyframes, styled } from '@mui/material/styles';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

const Ring = styled('span')<{ size: number }>(({ theme, size }) => ({
  display: 'inline-block',
  width: size,
  height: size,
  borderRadius: '50%',
  border: `${Math.max(2, Math.round(size / 10))}px solid ${theme.palette.action.disabledBackground}`,
  borderTopColor: theme.palette.primary.main,
  animation: `${spin} 0.9s linear infinite`,
  flexShrink: 0,
  '@media (prefers-reduced-motion: reduce)': { animationDuration: '3s' },
}));

/** A light, decorative loading ring (the text beside it says what is happening). */
export function Spinner({ size = 40 }: { size?: number }) {
  return <Ring size={size} aria-hidden="true" />;
}
