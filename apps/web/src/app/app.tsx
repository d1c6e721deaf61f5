import { StrictMode, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { SessionProvider } from '../shared/session/session-provider';
import { SettingsProvider } from '../shared/settings/settings-provider';
import { AppThemeProvider } from '../shared/theme/theme-provider';
import { SnackbarHost } from '../shared/ui/snackbar-host';
import { AppRoutes } from './app-routes';

/**
 * Providers in dependency order: session → settings → theme. The query cache is provided
 * by the app shell (and the few bare pages that need it), so the sign-in page does without it.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <SessionProvider>
      <SettingsProvider>
        <AppThemeProvider>
          {children}
          <SnackbarHost />
        </AppThemeProvider>
      </SettingsProvider>
    </SessionProvider>
  );
}

export function App() {
  return (
    <StrictMode>
      <BrowserRouter>
        <AppProviders>
          <AppRoutes />
        </AppProviders>
      </BrowserRouter>
    </StrictMode>
  );
}
