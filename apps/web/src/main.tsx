import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadLanguage } from './shared/i18n/i18n';
import { readGuestSettings } from './shared/settings/guest-settings';
import { loadRtlCache } from './shared/theme/rtl-cache';

// Start in the language and direction this browser used last, so the first paint is right.
const { settings } = readGuestSettings();
document.documentElement.lang = settings.language;
document.documentElement.dir = settings.direction;

async function start() {
  await Promise.all([
    loadLanguage(settings.language).catch(() => undefined),
    settings.direction === 'rtl' ? loadRtlCache().catch(() => undefined) : undefined,
  ]);
  const root = document.getElementById('root');
  if (root) createRoot(root).render(<App />);
}

void start();
