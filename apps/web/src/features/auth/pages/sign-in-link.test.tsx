/**
 * Sign-in links in the running app: offered on the login page, asked for on their own page, and the
 * link from the mail signs the person in; the route guard then applies as after any sign-in (an
 * incomplete profile goes to /profile/edit, a forced reset to /profile/reset).
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../test/render-app';
import { apiError, json, mockFetch } from '../../../test/fetch-mock';
import { makeMe } from '../../../test/fixtures';

const guest = {
  'GET /api/setup': { needsSetup: false },
  'POST /api/auth/refresh': apiError(401, 'unauthenticated'),
};

describe('sign-in links', () => {
  it('are offered on the login page, with the address already typed', async () => {
    const api = mockFetch({ ...guest, 'POST /api/auth/sign-in-link': json(202) });
    const app = renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'Rose@Example.com');
    await user.click(screen.getByRole('link', { name: 'Email me a sign-in link' }));
    await waitFor(() => expect(app.location()).toBe('/pages/auth/sign-in-link?email=rose%40example.com'));
    expect(await screen.findByRole('heading', { name: 'Sign in without a password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('rose@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me the link' }));
    expect(await screen.findByText(/a sign-in link is on its way/)).toBeInTheDocument();
    expect(api.find('POST', '/api/auth/sign-in-link')[0]?.body).toEqual({ email: 'rose@example.com' });
  });

  it('sign the person in from the mail, and the guard sends an incomplete profile to /profile/edit', async () => {
    const me = makeMe({ accountStatus: 'pending-profile' });
    const api = mockFetch({
      ...guest,
      'POST /api/auth/sign-in-link/consume': { accessToken: 'link-token', user: me.user },
      'GET /api/me': me,
      'GET /api/me/profile': { profile: { phone: '', avatarUrl: null } },
    });
    const app = renderApp('/pages/auth/link?token=abc123');
    await waitFor(() => expect(app.location()).toBe('/profile/edit'));
    expect(api.find('POST', '/api/auth/sign-in-link/consume')).toHaveLength(1);
    expect(api.find('POST', '/api/auth/sign-in-link/consume')[0]?.body).toEqual({ token: 'abc123' });
    expect(api.find('GET', '/api/me')[0]?.headers.get('Authorization')).toBe('Bearer link-token');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit your profile' })).toBeInTheDocument();
  });

  it('lead a person who must choose a new password to /profile/reset', async () => {
    const me = makeMe({ loginStatus: 'forced-reset' });
    mockFetch({
      ...guest,
      'POST /api/auth/sign-in-link/consume': { accessToken: 'link-token', user: me.user },
      'GET /api/me': me,
    });
    const app = renderApp('/pages/auth/link?token=def456');
    await waitFor(() => expect(app.location()).toBe('/profile/reset'));
  });

  it('say plainly when a link was used or is too old, and offer a new one', async () => {
    mockFetch({
      ...guest,
      'POST /api/auth/sign-in-link/consume': apiError(400, 'validation_failed', 'This link has expired or was already used.'),
    });
    const app = renderApp('/pages/auth/link?token=old999');
    expect(await screen.findByText(/already been used or is more than 15 minutes old/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Email me a new link' }));
    await waitFor(() => expect(app.location()).toBe('/pages/auth/sign-in-link'));
  });
});
