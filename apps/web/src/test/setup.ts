import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { i18n } from '../shared/i18n/i18n';
import { setAccessToken } from '../shared/api/client';
import { queryClient } from '../shared/api/query-client';
import { dismissNotice, getNotices } from '../shared/ui/notify';
import enCommon from '../shared/i18n/locales/en/common.json';
import enStages from '@estate/domain/content/stages.en.json';
import enCatalogue from '../shared/i18n/locales/en/catalogue.json';
import enProcess from '../shared/i18n/locales/en/process.json';

// Lazy pages can take a few seconds to appear on a busy two-core CI machine; wait for them.
configure({ asyncUtilTimeout: 8000 });

// Texts are fetched in the browser; tests load English directly.
i18n.addResourceBundle('en', 'common', enCommon, true, true);
i18n.addResourceBundle('en', 'stages', { stage: enStages }, true, true);
i18n.addResourceBundle('en', 'catalogue', enCatalogue, true, true);
i18n.addResourceBundle('en', 'process', enProcess, true, true);

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
