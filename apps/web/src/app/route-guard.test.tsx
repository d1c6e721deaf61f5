import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../test/render-app';
import { apiError, mockFetch } from '../test/fetch-mock';
import { makeMe } from '../test/fixtures';

describe('route guard in the running app', () => {
  it('sends a guest to /login and back to the attempted page after signing in', async () => {
    const me = makeMe({ roles: [30] });
    const api = mockFetch({
      'GET /api/setup': { needsSetup: false },
      'POST /api/auth/refresh': apiError(401, 'unauthenticated'),
      'POST /api/auth/login': { accessToken: 'token-1', user: me.user },
      'GET /api/me': me,
      'GET /api/estates/e1/stage': { stage: 1, name: 'Cataloging Assets' },
    });
    const app = renderApp('/trustee/analytics');
    await waitFor(() => expect(app.location()).toBe('/login'));

    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(app.location()).toBe('/trustee/analytics'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Analytics' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(api.find('GET', '/api/me')[0]?.headers.get('Authorization')).toBe('Bearer token-1');
  });

  it('does not open My items for a trustee who is not a beneficiary (the shell asks the policy)', async () => {
    const api = mockFetch({
      'GET /api/setup': { needsSetup: false },
      'POST /api/auth/refresh': { accessToken: 'token-4' },
      'GET /api/me': makeMe({ roles: [30], stage: 11 }),
      'GET /api/estates/e1/stage': { stage: 11, name: 'Express Your Interest In Items' },
    });
    const app = renderApp('/my-items');
    await waitFor(() => expect(app.location()).toBe('/i/'), { timeout: 8000 });
    // Never asked for: the server would refuse it (403).
    expect(api.find('GET', '/api/estates/e1/my-items')).toHaveLength(0);
  });

  it('says when a page opens instead of sending the person home without a word (a beneficiary before the results)', async () => {
    const api = mockFetch({
      'GET /api/setup': { needsSetup: false },
      'POST /api/auth/refresh': { accessToken: 'token-6' },
      'GET /api/me': makeMe({ roles: [10], stage: 11 }),
      'GET /api/estates/e1/stage': { stage: 11, name: 'Express Your Interest In Items' },
    });
    const app = renderApp('/reports');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not open at this stage' }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'This opens at the stage “Beneficiary Assignment Completed”.' })).toBeInTheDocument();
    expect(screen.getByText(/The family is now at the stage “Express Your Interest In Items”/)).toBeInTheDocument();
    expect(app.location()).toBe('/reports');
    expect(api.find('GET', '/api/estates/e1/reports')).toHaveLength(0);
    await userEvent.setup().click(screen.getByRole('link', { name: 'Go to the home page' }));
    await waitFor(() => expect(app.location()).toBe('/i/'));
  });

  it('restores a session with the one refresh call when its answer carries the person (no /api/me)', async () => {
    const api = mockFetch({
      'GET /api/setup': { needsSetup: false },
      'POST /api/auth/refresh': { accessToken: 'token-5', me: makeMe({ accountStatus: 'pending-profile' }) },
    });
    const app = renderApp('/members');
    await waitFor(() => expect(app.location()).toBe('/profile/edit'));
    expect(api.find('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(api.find('GET', '/api/me')).toHaveLength(0);
  });

  it('sends a signed-in person whose profile is incomplete to /profile/edit', async () => {
    mockFetch({
      'GET /api/setup': { needsSetup: false },
      'POST /api/auth/refresh': { accessToken: 'token-2' },
      'GET /api/me': makeMe({ accountStatus: 'pending-profile' }),
    });
    const app = renderApp('/members');
    await waitFor(() => expect(app.location()).toBe('/profile/edit'));
  });

  it('sends a person with a forced reset to /profile/reset', async () => {
    mockFetch({
      'GET /api/setup': { needsSetup: false },
      'POST /api/auth/refresh': { accessToken: 'token-3' },
      'GET /api/me': makeMe({ loginStatus: 'forced-reset' }),
    });
    const app = renderApp('/i/');
    await waitFor(() => expect(app.location()).toBe('/profile/reset'));
  });

  it('sends unknown paths to error-404', async () => {
    mockFetch({
      'GET /api/setup': { needsSetup: false },
      'POST /api/auth/refresh': apiError(401, 'unauthenticated'),
    });
    const app = renderApp('/no/such/page');
    await waitFor(() => expect(app.location()).toBe('/pages/errors/error-404'));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('opens the first-run screen while no account exists', async () => {
    mockFetch({
      'GET /api/setup': { needsSetup: true },
      'POST /api/auth/refresh': apiError(401, 'unauthenticated'),
    });
    const app = renderApp('/login');
    await waitFor(() => expect(app.location()).toBe('/setup'));
  });
});
