import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { AppProviders } from '../app/app';
import { AppRoutes } from '../app/app-routes';
import { QueryProvider } from '../shared/api/query-client';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** The whole app (providers, guard, routes) at a path, in memory. */
export function renderApp(path: string) {
  const result = render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders>
        <AppRoutes />
        <LocationProbe />
      </AppProviders>
    </MemoryRouter>,
  );
  return { ...result, location: () => screen.getByTestId('location').textContent };
}

/** One component with the app's providers (session, settings, theme, query cache) at a path. */
export function renderWithProviders(ui: ReactNode, path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders>
        <QueryProvider>{ui}</QueryProvider>
      </AppProviders>
    </MemoryRouter>,
  );
}
