import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../i18n/i18n';
import arCommon from '../i18n/locales/ar/common.json';
import arStages from '@estate/domain/content/stages.ar.json';
import arCatalogue from '../i18n/locales/ar/catalogue.json';
import arProcess from '../i18n/locales/ar/process.json';
import { renderApp } from '../../test/render-app';
import { apiError, json, mockFetch } from '../../test/fetch-mock';
import { makeMe } from '../../test/fixtures';

describe('language and direction', () => {
  it('turns the page right-to-left in Arabic and back', async () => {
    i18n.addResourceBundle('ar', 'common', arCommon, true, true);
    i18n.addResourceBundle('ar', 'stages', { stage: arStages }, true, true);
    i18n.addResourceBundle('ar', 'catalogue', arCatalogue, true, true);
    i18n.addResourceBundle('ar', 'process', arProcess, true, true);
    mockFetch({
      'GET /api/setup': { needsSetup: false },
      'POST /api/auth/refresh': apiError(401, 'unauthenticated'),
    });
    renderApp('/login');
    const user = userEvent.setup();
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'ltr'));

    await user.click(await screen.findByRole('button', { name: /^Language/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'العربية' }));
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('estate.settings') ?? '{}')).toMatchObject({
      language: 'ar',
      direction: 'rtl',
    });

    await user.click(screen.getByRole('button', { name: /^اللغة/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'English' }));
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'ltr'));
    expect(document.documentElement).toHaveAttribute('lang', 'en');
  });

  it('is right to left from the first page after signing up in Arabic, though the new profile says left to right', async () => {
    i18n.addResourceBundle('ar', 'common', arCommon, true, true);
    i18n.addResourceBundle('ar', 'stages', { stage: arStages }, true, true);
    i18n.addResourceBundle('ar', 'catalogue', arCatalogue, true, true);
    i18n.addResourceBundle('ar', 'process', arProcess, true, true);
    // Chosen on the sign-up page, before there was a profile.
    window.localStorage.setItem('estate.settings', JSON.stringify({ language: 'ar', direction: 'rtl' }));
    const me = makeMe();
    // What an account made before the fix holds: the page's language, the default direction, the estate it joined.
    const fresh = { ...me, settings: { ...me.settings, language: 'ar' as const, direction: 'ltr' as const } };
    const api = mockFetch({
      'GET /api/setup': { needsSetup: false },
      'POST /api/auth/refresh': apiError(401, 'unauthenticated'),
      'POST /api/auth/register': json(201, { user: me.user }),
      'POST /api/auth/login': { accessToken: 'tok', user: me.user },
      'GET /api/me': fresh,
      'PATCH /api/me': (request) => json(200, { user: me.user, settings: { ...fresh.settings, ...(request.body as { settings: object }).settings } }),
      'GET /api/estates/e1/stage': { stage: 1, name: 'Cataloging Assets' },
    });
    const app = renderApp('/register?invitation=inv-123&email=ann%40example.com');
    const user = userEvent.setup();
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    await user.type(await screen.findByLabelText(arCommon.fields.firstName), 'Ann');
    await user.type(screen.getByLabelText(arCommon.fields.lastName), 'Lee');
    await user.type(screen.getByLabelText(arCommon.fields.password), 'long-enough-1');
    await user.type(screen.getByLabelText(arCommon.fields.confirmPassword), 'long-enough-1');
    await user.click(screen.getByRole('button', { name: arCommon.auth.register.submit }));
    await waitFor(() => expect(app.location()).toBe('/i/'));
    // Signed in: the profile's settings rule now, and they carry the guest's direction.
    await waitFor(() => expect(api.find('PATCH', '/api/me')).toHaveLength(1));
    expect(api.find('PATCH', '/api/me')[0]?.body).toMatchObject({ settings: { language: 'ar', direction: 'rtl' } });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
  });
});
