/**
 * The one query cache, loaded with the first page that needs it (not with the sign-in page).
 * It empties itself when the session ends or locks.
 */
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { onSessionCleared } from '../session/session-events';
import { isApiError } from './api-error';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Client errors (401/403/404...) do not change on retry; network and server errors may.
      retry: (count, error) => count < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
      // With no network a read still goes out once: the service worker answers it with what it
      // kept on this phone (issue 34). Only its retries wait for the connection.
      networkMode: 'offlineFirst',
    },
    mutations: { retry: false },
  },
});

onSessionCleared(() => queryClient.clear());

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
