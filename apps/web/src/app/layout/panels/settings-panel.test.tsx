/** Every signed-in person chooses their colours, layout and text direction, saved to their profile. */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../test/render-app';
import { json, mockFetch } from '../../../test/fetch-mock';
import { makeMe } from '../../../test/fixtures';

describe('display settings', () => {
  it('gives a beneficiary large plain choices, each saved to their profile, and no administrator options', async () => {
    const me = makeMe({ roles: [10] });
    const api = mockFetch({
      'GET /api/setup': { needsSetup: false },
      'POST /api/auth/refresh': { accessToken: 'token' },
      'GET /api/me': me,
      'PATCH /api/me': (request) => json(200, { user: me.user, settings: { ...me.settings, ...(request.body as { settings: object }).settings } }),
      'GET /api/estates/e1/stage': { stage: 11, name: 'Stage' },
      'GET /api/estates/e1/next-step': { nextStep: { kind: 'wait', stage: 11 } },
    });
    renderApp('/i/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'More' }, { timeout: 8000 }));
    await user.click(await screen.findByRole('menuitem', { name: 'Display settings' }, { timeout: 8000 }));
    const panel = within(await screen.findByRole('dialog', { name: 'Display settings' }, { timeout: 8000 }));

    const colours = within(await panel.findByRole('group', { name: 'Colours' }, { timeout: 8000 }));
    expect(colours.getByRole('button', { name: 'Light' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(colours.getByRole('button', { name: 'Dark' }));
    await waitFor(() => expect(api.find('PATCH', '/api/me')).toHaveLength(1));
    expect(api.find('PATCH', '/api/me')[0]?.body).toMatchObject({ settings: { followSystem: false, theme: { main: 'mainThemeDark', navbar: 'mainThemeDark' } } });
    expect(colours.getByRole('button', { name: 'Dark' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(colours.getByRole('button', { name: 'Same as my device' }));
    await waitFor(() => expect(api.find('PATCH', '/api/me')[1]?.body).toMatchObject({ settings: { followSystem: true } }));

    await user.click(within(panel.getByRole('group', { name: 'Layout' })).getByRole('button', { name: 'Menu across the top' }));
    await waitFor(() => expect(api.find('PATCH', '/api/me')[2]?.body).toEqual({ settings: { layoutStyle: 'layout2' } }));
    await user.click(within(panel.getByRole('group', { name: 'Text direction' })).getByRole('button', { name: 'Right to left' }));
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    expect(api.find('PATCH', '/api/me')[3]?.body).toEqual({ settings: { direction: 'rtl' } });

    // Each choice is a large target; the finer ones stay the administrator's.
    for (const button of panel.getAllByRole('button', { pressed: false })) expect(button).toHaveStyle({ minHeight: '56px' });
    expect(panel.queryByText('Colours of each area')).not.toBeInTheDocument();
  }, 60_000);
});
