import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import type { EmotionCache } from '@emotion/cache';
// MUI's own ThemeProvider also carries the CSS-variables provider (colour-scheme scripts and storage),
// which this app does not use; the system's plain provider is what it renders for our themes, and
// leaving the other out keeps the sign-in page under its budget (ADR 0004).
import ThemeProvider from '@mui/system/ThemeProvider';
import GlobalStyles from '@mui/material/GlobalStyles';
import { useMediaQuery } from '../hooks/use-media-query';
import { useSettings } from '../settings/settings-context';
import { createAppTheme, type Direction } from './themes';
import { getRtlCache, loadRtlCache, ltrCache } from './rtl-cache';

type Region = 'navbar' | 'toolbar' | 'footer';
type ThemeConfig = { direction: Direction; animations: boolean };

const ThemeConfigContext = createContext<ThemeConfig>({ direction: 'ltr', animations: true });

/** Every region dark: what "Same as my device" shows on a device set to dark. */
const ALL_DARK = { main: 'mainThemeDark', navbar: 'mainThemeDark', toolbar: 'mainThemeDark', footer: 'mainThemeDark' } as const;

/** The regions' themes in effect: the chosen ones, or all dark when following a dark device. */
function useRegionThemes() {
  const { settings } = useSettings();
  const deviceDark = useMediaQuery('(prefers-color-scheme: dark)');
  return settings.followSystem && deviceDark ? ALL_DARK : settings.theme;
}

export function AppThemeProvider({ children }: { children: ReactNode }) {
  const { settings } = useSettings();
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const animations = settings.animations && !reducedMotion;
  const [rtlCache, setRtlCache] = useState<EmotionCache | null>(getRtlCache);

  useEffect(() => {
    if (settings.direction !== 'rtl' || rtlCache) return;
    let live = true;
    void loadRtlCache().then((cache) => {
      if (live) setRtlCache(cache);
    });
    return () => {
      live = false;
    };
  }, [settings.direction, rtlCache]);

  // Flip only once the right-to-left style cache is ready, so styles never half-flip.
  const direction: Direction = settings.direction === 'rtl' && rtlCache ? 'rtl' : 'ltr';
  const regions = useRegionThemes();
  const theme = createAppTheme(regions.main, direction, animations);
  const dark = theme.palette.mode === 'dark';

  return (
    <CacheProvider value={direction === 'rtl' && rtlCache ? rtlCache : ltrCache}>
      <ThemeConfigContext.Provider value={{ direction, animations }}>
        <ThemeProvider theme={theme}>
          <GlobalStyles
            styles={{
              html: {
                WebkitFontSmoothing: 'antialiased',
                MozOsxFontSmoothing: 'grayscale',
                boxSizing: 'border-box',
                WebkitTextSizeAdjust: '100%',
                colorScheme: theme.palette.mode,
                // Larger text (quick settings): every size is in rem, so all of it grows together.
                ...(settings.largeText ? { fontSize: '118.75%' } : {}),
              },
              '*, *::before, *::after': { boxSizing: 'inherit' },
              'strong, b': { fontWeight: 700 },
              body: {
                margin: 0,
                ...theme.typography.body1,
                color: theme.palette.text.primary,
                backgroundColor: theme.palette.background.default,
              },
            }}
          />
          {settings.customScrollbars && (
            <GlobalStyles
              styles={{
                '*': {
                  scrollbarWidth: 'thin',
                  scrollbarColor: dark
                    ? 'rgba(255,255,255,0.35) transparent'
                    : 'rgba(0,0,0,0.35) transparent',
                },
              }}
            />
          )}
          <GlobalStyles
            styles={{
              'html, body, #root': { minHeight: '100%' },
              a: { color: theme.palette.primary.main },
              ...(animations
                ? {}
                : {
                    '*, *::before, *::after': { animation: 'none !important', transition: 'none !important' },
                  }),
            }}
          />
          {children}
        </ThemeProvider>
      </ThemeConfigContext.Provider>
    </CacheProvider>
  );
}

/** Applies the settings' theme for one region of the layout (navbar, toolbar or footer). */
export function RegionTheme({ region, children }: { region: Region; children: ReactNode }) {
  const regions = useRegionThemes();
  const { direction, animations } = useContext(ThemeConfigContext);
  return (
    <ThemeProvider theme={createAppTheme(regions[region], direction, animations)}>
      {children}
    </ThemeProvider>
  );
}
