/** Profile → Sessions and the notice of a sign-in by an emailed link (issue 31). */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/render-app';
import { json, mockFetch } from '../../test/fetch-mock';
import { makeMe } from '../../test/fixtures';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

const signedIn = (me: object = makeMe()) => ({
  'GET /api/setup': { needsSetup: false },
  'POST /api/auth/refresh': { accessToken: 'token-1' },
  'GET /api/me': me,
  'GET /api/estates/e1/stage': { stage: 11, name: 'Express Your Interest In Items' },
  'GET /api/me/profile': { profile: { phone: '', avatarUrl: null } },
});

const sessions = [
  { id: 's-laptop', createdAt: '2026-11-20T09:00:00.000Z', lastUsedAt: '2026-11-21T08:00:00.000Z', userAgent: LAPTOP, current: false, via: 'link' },
  { id: 's-phone', createdAt: '2026-11-19T09:00:00.000Z', lastUsedAt: '2026-11-21T10:00:00.000Z', userAgent: PHONE, current: true, via: 'password' },
];

describe('sessions', () => {
  it('lists where the person is signed in, in plain words, and signs out another device after asking', async () => {
    const api = mockFetch({
      ...signedIn(),
      'GET /api/me/sessions': { sessions },
      'DELETE /api/me/sessions/s-laptop': () => json(204),
    });
    renderApp('/profile/sessions');
    const list = await screen.findByRole('list', { name: 'Where you are signed in' }, { timeout: 15_000 });
    const [laptop, phone] = within(list).getAllByTestId('session');
    expect(laptop).toHaveTextContent('Chrome on Windows');
    expect(laptop).toHaveTextContent('With a sign-in link sent by email');
    expect(phone).toHaveTextContent('Safari on iPhone');
    expect(phone).toHaveTextContent('This device');
    expect(phone).toHaveTextContent('With your password');
    // This device is signed out from the menu: its button says why it is not offered here.
    const own = within(phone!).getByRole('button', { name: 'Sign out there' });
    expect(own).toBeDisabled();
    expect(own).toHaveAccessibleDescription(/You are using this device now/);
    expect(list.textContent).not.toMatch(/Mozilla|s-laptop|password"|link"/);

    await userEvent.click(within(laptop!).getByRole('button', { name: 'Sign out there' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out on that device?' });
    expect(dialog).toHaveTextContent('Chrome on Windows will be signed out at once.');
    expect(api.find('DELETE', '/api/me/sessions/s-laptop')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out there' }));
    await waitFor(() => expect(api.find('DELETE', '/api/me/sessions/s-laptop')).toHaveLength(1));
    expect(await screen.findByText('That device has been signed out.')).toBeInTheDocument();
  });

  it('tells the person of a sign-in by an emailed link until they say they have read it', async () => {
    window.localStorage.removeItem('estate.linkSignInsSeen');
    const me = { ...makeMe(), linkSignIns: [{ sessionId: 's-laptop', at: '2026-11-20T09:00:00.000Z', userAgent: LAPTOP }] };
    mockFetch({ ...signedIn(me), 'GET /api/me/sessions': { sessions } });
    const first = renderApp('/profile/about');
    const notice = await screen.findByTestId('link-sign-in-notice', {}, { timeout: 15_000 });
    expect(notice).toHaveTextContent(/Your account was signed in with an emailed link on .+2026.+ \(Chrome on Windows\)\. If this was not you, end that session in Profile → Sessions and change your password\./);
    expect(within(notice).getByRole('link', { name: 'See your sessions' })).toHaveAttribute('href', '/profile/sessions');
    await userEvent.click(within(notice).getByRole('button', { name: 'OK, I understand' }));
    expect(screen.queryByTestId('link-sign-in-notice')).not.toBeInTheDocument();
    first.unmount();
    renderApp('/profile/about');
    await screen.findByText('Member since');
    expect(screen.queryByTestId('link-sign-in-notice')).not.toBeInTheDocument();
  });

  it('on the Sessions page, points at the list below instead of linking to itself', async () => {
    window.localStorage.removeItem('estate.linkSignInsSeen');
    const me = { ...makeMe(), linkSignIns: [{ sessionId: 's-laptop', at: '2026-11-20T09:00:00.000Z', userAgent: LAPTOP }] };
    mockFetch({ ...signedIn(me), 'GET /api/me/sessions': { sessions } });
    renderApp('/profile/sessions');
    const notice = await screen.findByTestId('link-sign-in-notice', {}, { timeout: 15_000 });
    expect(notice).toHaveTextContent(/If this was not you, sign out there below and change your password\./);
    expect(within(notice).queryByRole('link', { name: 'See your sessions' })).toBeNull();
  });

  it('says a reset link signed this device in, and restores the session on the next load', async () => {
    window.localStorage.removeItem('estate.hadSession');
    const api = mockFetch({ 'GET /api/setup': { needsSetup: false }, 'POST /api/auth/reset-password': () => json(204) });
    renderApp('/pages/auth/reset-password?token=abc');
    await userEvent.type(await screen.findByLabelText(/^New password/, {}, { timeout: 15_000 }), 'Fresh-Meadow-Walk-9');
    await userEvent.type(screen.getByLabelText(/^Confirm Password/), 'Fresh-Meadow-Walk-9');
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText(/you are signed in on this device/)).toBeInTheDocument();
    expect(api.find('POST', '/api/auth/reset-password')[0]?.body).toEqual({ token: 'abc', password: 'Fresh-Meadow-Walk-9' });
    expect(window.localStorage.getItem('estate.hadSession')).toBe('1');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  });
});
