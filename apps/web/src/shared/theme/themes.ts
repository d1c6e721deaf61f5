import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';
import type { THEMES } from '@estate/domain/schemas/account';

export type ThemeName = (typeof THEMES)[number];
export type Direction = 'ltr' | 'rtl';

const fontFamily = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Noto Sans"',
  '"Noto Naskh Arabic"',
  'Tahoma',
  'Arial',
  'sans-serif',
].join(',');

/** Colours chosen for calm and for WCAG AA contrast on their backgrounds. */
const palettes: Record<ThemeName, ThemeOptions['palette']> = {
  default: {
    mode: 'light',
    primary: { main: '#1d5a6c', contrastText: '#ffffff' },
    secondary: { main: '#8a4b2a', contrastText: '#ffffff' },
    background: { default: '#f6f4f0', paper: '#ffffff' },
    text: { primary: '#1f2328', secondary: '#4a525c' },
    divider: 'rgba(31,35,40,0.14)',
  },
  mainThemeLight: {
    mode: 'light',
    primary: { main: '#1d5a6c', contrastText: '#ffffff' },
    secondary: { main: '#8a4b2a', contrastText: '#ffffff' },
    background: { default: '#fbfaf8', paper: '#ffffff' },
    text: { primary: '#1f2328', secondary: '#4a525c' },
    divider: 'rgba(31,35,40,0.12)',
  },
  mainThemeDark: {
    mode: 'dark',
    primary: { main: '#8fcbdc', contrastText: '#0d1b21' },
    secondary: { main: '#e6b091', contrastText: '#24140b' },
    background: { default: '#141a1e', paper: '#1b2328' },
    text: { primary: '#eef1f3', secondary: '#b9c2c9' },
    divider: 'rgba(238,241,243,0.14)',
  },
};

const cache = new Map<string, Theme>();

/** The keyboard focus ring's colour: strong on both light and dark backgrounds. */
export function focusColor(theme: Theme): string {
  return theme.palette.mode === 'dark' ? '#ffd479' : '#b3541e';
}

export function createAppTheme(name: ThemeName, direction: Direction, animations: boolean): Theme {
  const key = `${name}|${direction}|${animations}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const palette = palettes[name];
  const focus = palette?.mode === 'dark' ? '#ffd479' : '#b3541e';
  const theme = createTheme({
    direction,
    palette,
    shape: { borderRadius: 8 },
    typography: {
      fontFamily,
      button: { textTransform: 'none', fontWeight: 600, fontSize: '0.95rem' },
      h1: { fontSize: '2rem', fontWeight: 600 },
      h2: { fontSize: '1.6rem', fontWeight: 600 },
      h3: { fontSize: '1.35rem', fontWeight: 600 },
      h4: { fontSize: '1.2rem', fontWeight: 600 },
      h5: { fontSize: '1.1rem', fontWeight: 600 },
      h6: { fontSize: '1rem', fontWeight: 600 },
    },
    ...(animations
      ? {}
      : {
          transitions: {
            create: () => 'none',
            duration: {
              shortest: 0,
              shorter: 0,
              short: 0,
              standard: 0,
              complex: 0,
              enteringScreen: 0,
              leavingScreen: 0,
            },
          },
        }),
    components: {
      MuiButtonBase: {
        defaultProps: { disableRipple: !animations },
        styleOverrides: {
          root: {
            '&.Mui-focusVisible': { outline: `3px solid ${focus}`, outlineOffset: 2 },
          },
        },
      },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiLink: {
        defaultProps: { underline: 'always' },
        styleOverrides: {
          root: { '&:focus-visible': { outline: `3px solid ${focus}`, outlineOffset: 2, borderRadius: 2 } },
        },
      },
      MuiDialog: { styleOverrides: { paper: { borderRadius: 8 } } },
      MuiTextField: { defaultProps: { variant: 'outlined' } },
      MuiTooltip: { defaultProps: { arrow: true } },
    },
  });
  cache.set(key, theme);
  return theme;
}
