import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startPageEarly } from './app/app-routes';
import { restoreEarly } from './shared/session/session-provider';
import { loadLanguage } from './shared/i18n/i18n';
import { readGuestSettings } from './shared/settings/guest-settings';
import { loadRtlCache } from './shared/theme/rtl-cache';
import { registerServiceWorker } from './shared/offline/offline-session';

// Start in the language and direction this browser used last, so the first paint is right.
const { settings } = readGuestSettings();
document.documentElement.lang = settings.language;
document.documentElement.dir = settings.direction;

// Someone coming back: restore the session and fetch the page's code now, while the texts load.
const restoring = restoreEarly();
if (restoring) startPageEarly(window.location.pathname, window.location.search, restoring);

async function start() {
  await Promise.all([
    loadLanguage(settings.language).catch(() => undefined),
    settings.direction === 'rtl' ? loadRtlCache().catch(() => undefined) : undefined,
  ]);
  const root = document.getElementById('root');
  // A transition: React renders the first page in slices, so a phone stays responsive meanwhile.
  if (root) startTransition(() => createRoot(root).render(<App />));
}

void start();
registerServiceWorker();
