import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import { ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from './plain-icons';

type Severity = 'error' | 'warning' | 'info' | 'success';

const ICONS = { error: ErrorIcon, warning: WarningIcon, info: InfoIcon, success: SuccessIcon };

/** A message box in a form or a page (lighter than MUI's Alert, for the sign-in pages). */
export function Callout({ severity, children }: { severity: Severity; children: ReactNode }) {
  const Icon = ICONS[severity];
  const urgent = severity === 'error' || severity === 'warning';
  return (
    <Box
      role={urgent ? 'alert' : 'status'}
      sx={(theme) => ({
        display: 'flex',
        gap: 1.5,
        alignItems: 'flex-start',
        p: 1.5,
        borderRadius: 1,
        border: 1,
        borderColor: `${severity}.main`,
        borderInlineStartWidth: 4,
        bgcolor: alpha(theme.palette[severity].main, theme.palette.mode === 'dark' ? 0.16 : 0.08),
        color: 'text.primary',
      })}
    >
      <Box component="span" sx={{ color: `${severity}.main`, display: 'flex', mt: '1px' }}>
        <Icon />
      </Box>
      <Box sx={{ minWidth: 0, lineHeight: 1.5 }}>{children}</Box>
    </Box>
  );
}
