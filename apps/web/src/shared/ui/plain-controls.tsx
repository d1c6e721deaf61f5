/**
 * Buttons and links for the pages without navigation (sign in, register, invitations, errors).
 * Native elements styled like the rest of the app: they skip the ripple machinery, which keeps
 * the sign-in page within its size budget. The app shell uses MUI's buttons.
 */
import { Link as RouterLink } from 'react-router';
import { styled, type Theme } from '@mui/material/styles';
import { focusColor } from '../theme/themes';

const common = (theme: Theme) => ({
  font: 'inherit',
  fontWeight: 600,
  fontSize: '1rem',
  lineHeight: 1.5,
  borderRadius: theme.shape.borderRadius,
  border: 0,
  cursor: 'pointer',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 8,
  textDecoration: 'none',
  transition: theme.transitions.create(['background-color', 'box-shadow']),
  '&:focus-visible': { outline: `3px solid ${focusColor(theme)}`, outlineOffset: 2 },
  '&:disabled': { cursor: 'default' },
});

const contained = ({ theme }: { theme: Theme }) => ({
  ...common(theme),
  width: '100%',
  minHeight: 48,
  padding: '10px 22px',
  backgroundColor: theme.palette.primary.main,
  color: theme.palette.primary.contrastText,
  '&:hover': { backgroundColor: theme.palette.primary.dark },
  '&:disabled': {
    cursor: 'default',
    backgroundColor: theme.palette.action.disabledBackground,
    color: theme.palette.action.disabled,
  },
});

const outlined = ({ theme }: { theme: Theme }) => ({
  ...common(theme),
  width: '100%',
  minHeight: 48,
  padding: '9px 21px',
  backgroundColor: 'transparent',
  color: theme.palette.primary.main,
  border: `1px solid ${theme.palette.primary.main}`,
  '&:hover': { backgroundColor: theme.palette.action.hover },
});

/** The page's main action: full width, filled. */
export const ContainedButton = styled('button')(contained);
export const ContainedLink = styled(RouterLink)(contained);
/** A secondary action: full width, outlined. */
export const OutlinedButton = styled('button')(outlined);
export const OutlinedLink = styled(RouterLink)(outlined);

/** A quiet button (e.g. the language choice in the header). */
export const TextButton = styled('button')(({ theme }) => ({
  ...common(theme),
  minHeight: 48,
  padding: '6px 10px',
  backgroundColor: 'transparent',
  color: theme.palette.text.primary,
  '&:hover': { backgroundColor: theme.palette.action.hover },
}));

/** A round icon-only button (give it an aria-label). */
export const PlainIconButton = styled('button')(({ theme }) => ({
  ...common(theme),
  width: 40,
  height: 40,
  padding: 0,
  borderRadius: '50%',
  flexShrink: 0,
  backgroundColor: 'transparent',
  color: theme.palette.text.secondary,
  '&:hover': { backgroundColor: theme.palette.action.hover },
  '& svg': { width: 24, height: 24, fill: 'currentColor' },
}));

/** An underlined in-app link. */
export const TextLink = styled(RouterLink)(({ theme }) => ({
  color: theme.palette.primary.main,
  textDecoration: 'underline',
  textUnderlineOffset: 3,
  fontWeight: 500,
  borderRadius: 2,
  '&:hover': { textDecorationThickness: 2 },
  '&:focus-visible': { outline: `3px solid ${focusColor(theme)}`, outlineOffset: 2 },
}));
