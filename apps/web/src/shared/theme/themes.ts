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
    // MUI's own orange (#ed6c02) and light blue (#0288d1) pass AA neither with white text nor as text
    // on white: these darker ones do (6.0:1 and 7.4:1), so every chip ("Required") reads at AA.
    warning: { main: '#a14a00', contrastText: '#ffffff' },
    info: { main: '#01579b', contrastText: '#ffffff' },
    success: { main: '#1e6b23', contrastText: '#ffffff' },
    error: { main: '#b3261e', contrastText: '#ffffff' },
    background: { default: '#f6f4f0', paper: '#ffffff' },
    text: { primary: '#1f2328', secondary: '#4a525c' },
    divider: 'rgba(31,35,40,0.14)',
  },
  mainThemeLight: {
    mode: 'light',
    primary: { main: '#1d5a6c', contrastText: '#ffffff' },
    secondary: { main: '#8a4b2a', contrastText: '#ffffff' },
    warning: { main: '#a14a00', contrastText: '#ffffff' },
    info: { main: '#01579b', contrastText: '#ffffff' },
    success: { main: '#1e6b23', contrastText: '#ffffff' },
    error: { main: '#b3261e', contrastText: '#ffffff' },
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
      // Meta text (helper texts, captions, dates) never under 14 px.
      caption: { fontSize: '0.875rem' },
      overline: { fontSize: '0.875rem' },
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
      MuiButton: {
        defaultProps: { disableElevation: true },
        // 48 px for every button a person acts with (small ones, in dense tables, keep 40 px).
        styleOverrides: {
          root: { minHeight: 48 },
          sizeSmall: { minHeight: 40, fontSize: '0.875rem' },
        },
      },
      // The same 48 px for icon buttons (MUI's medium one is 40); small ones keep their size.
      MuiIconButton: {
        styleOverrides: {
          sizeMedium: { minWidth: 48, minHeight: 48 },
          sizeLarge: { minWidth: 48, minHeight: 48 },
        },
      },
      MuiChip: {
        styleOverrides: {
          root: { fontSize: '0.875rem' },
          // A long label wraps instead of being cut ("Armchair Wingback Flor…").
          label: { whiteSpace: 'normal', overflowWrap: 'anywhere' },
          sizeSmall: { height: 'auto', minHeight: 26 },
          sizeMedium: { height: 'auto', minHeight: 32 },
        },
      },
      // On phones every tab is in view with its whole label: the tabs wrap to a second row instead
      // of hiding behind scroll arrows, and the chosen one is underlined.
      MuiTabs: {
        styleOverrides: {
          root: {
            '@media (max-width: 599.95px)': {
              '& .MuiTabs-list, & .MuiTabs-flexContainer': { flexWrap: 'wrap' },
              '& .MuiTabs-indicator, & .MuiTabs-scrollButtons': { display: 'none' },
              '& .MuiTab-root.Mui-selected': { boxShadow: 'inset 0 -3px 0 currentColor' },
            },
          },
        },
      },
      MuiTab: { styleOverrides: { root: { minHeight: 48 } } },
      MuiBadge: { styleOverrides: { badge: { fontSize: '0.875rem' } } },
      MuiTooltip: { defaultProps: { arrow: true }, styleOverrides: { tooltip: { fontSize: '0.875rem' } } },
      MuiFormHelperText: { styleOverrides: { root: { fontSize: '0.875rem' } } },
      MuiLink: {
        defaultProps: { underline: 'always' },
        styleOverrides: {
          root: { '&:focus-visible': { outline: `3px solid ${focus}`, outlineOffset: 2, borderRadius: 2 } },
        },
      },
      MuiDialog: { styleOverrides: { paper: { borderRadius: 8 } } },
      // On a 360 px phone, long button labels (Arabic, Turkish) go to a second row instead of out of
      // the dialog.
      MuiDialogActions: {
        styleOverrides: {
          root: { flexWrap: 'wrap', gap: 8, rowGap: 8 },
          spacing: { '& > :not(style) ~ :not(style)': { marginLeft: 0, marginRight: 0 } },
        },
      },
      MuiTextField: { defaultProps: { variant: 'outlined' } },
    },
  });
  cache.set(key, theme);
  return theme;
}
