import { afterEach, expect, it, vi } from 'vitest';
import { i18n, loadLanguage } from './i18n';

afterEach(() => {
  vi.unstubAllGlobals();
});

it('switches language even when its texts cannot be fetched, falling back to English', async () => {
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('missing', { status: 404 }))));
  await expect(loadLanguage('tr')).resolves.toBeUndefined();
  expect(i18n.language).toBe('tr');
  expect(i18n.t('fields.email')).toBe('Email');
});
