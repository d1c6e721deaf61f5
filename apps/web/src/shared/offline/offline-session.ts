/**
 * Who is signed in, kept on this phone for a start with no network (issue 34): the refresh cookie
 * cannot be checked offline, so the app opens with the person's last `/api/me` and the answers the
 * service worker kept, and checks the session again as soon as the connection returns. Signing out
 * forgets both (this and the worker's kept answers).
 */
import type { Me } from '@estate/domain/schemas/account';

const KEY = 'estate.offlineMe';

export function keepOfflineMe(me: Me): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(me));
  } catch {
    // Storage may be unavailable (private mode): the app then needs the network to start.
  }
}

export function offlineMe(): Me | null {
  try {
    const kept = window.localStorage.getItem(KEY);
    return kept ? (JSON.parse(kept) as Me) : null;
  } catch {
    return null;
  }
}

export function forgetOfflineMe(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
  navigator.serviceWorker?.controller?.postMessage('forget-estate-data');
}

/** Registers the service worker (scripts/offline-app-plugin.ts writes it into the build). */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // After the page has loaded: installing copies the app's files, which must not slow the first visit.
  window.addEventListener('load', () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined), { once: true });
}
