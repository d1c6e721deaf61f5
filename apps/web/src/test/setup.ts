import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { i18n, nested } from '../shared/i18n/i18n';
import { setAccessToken } from '../shared/api/client';
import { queryClient } from '../shared/api/query-client';
import { dismissNotice, getNotices } from '../shared/ui/notify';
import enStages from '@estate/domain/content/stages.en.json';
import enRefusals from '@estate/domain/content/refusals.en.json';

// Lazy pages can take a few seconds to appear on a busy two-core CI machine; wait for them.
configure({ asyncUtilTimeout: 15_000 });

// Texts are fetched in the browser; tests load English directly.
// Every English namespace file (a feature's own namespace included).
const EN_TEXTS = import.meta.glob<object>('../shared/i18n/locales/en/*.json', { eager: true, import: 'default' });
for (const [file, texts] of Object.entries(EN_TEXTS)) {
  i18n.addResourceBundle('en', /([\w-]+)\.json$/.exec(file)![1]!, texts, true, true);
}
i18n.addResourceBundle('en', 'stages', { stage: enStages }, true, true);
i18n.addResourceBundle('en', 'refusals', nested(enRefusals), true, true);

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setAccessToken(null);
  queryClient.clear();
  for (const notice of getNotices()) dismissNotice(notice.id);
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.documentElement.removeAttribute('dir');
  document.documentElement.setAttribute('lang', 'en');
});
