import { afterEach, expect, it, vi } from 'vitest';
import { i18n, loadLanguage } from './i18n';

afterEach(() => {
  vi.unstubAllGlobals();
});

it('switches language even when its texts cannot be fetched, falling back to English', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response('missing', { status: 404 }))),
  );
  await expect(loadLanguage('tr')).resolves.toBeUndefined();
  expect(i18n.language).toBe('tr');
  expect(i18n.t('fields.email')).toBe('Email');
});

it('fetches a language as one file holding every namespace, the shared content included', async () => {
  const fetchMock = vi.fn((_url: string) =>
    Promise.resolve(
      Response.json({
        common: { fields: { email: 'E-posta adresi' } },
        refusals: { 'consent.required': 'Önce aile anlaşmasını kabul edin.' },
        stages: {},
      }),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  await loadLanguage('tr');
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(fetchMock.mock.calls[0]![0]).toMatch(/tr\.json$/);
  expect(i18n.t('fields.email')).toBe('E-posta adresi');
  expect(i18n.t('refusals:consent.required')).toBe('Önce aile anlaşmasını kabul edin.');
});
