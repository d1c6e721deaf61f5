import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../i18n/i18n';
import arCommon from '../i18n/locales/ar/common.json';
import arStages from '@estate/domain/content/stages.ar.json';
import arCatalogue from '../i18n/locales/ar/catalogue.json';
import arProcess from '../i18n/locales/ar/process.json';
import { renderApp } from '../../test/render-app';
import { apiError, mockFetch } from '../../test/fetch-mock';

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
});
