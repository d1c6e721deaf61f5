import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../test/render-app';
import { apiError, json, mockFetch } from '../../../test/fetch-mock';
import { makeMe } from '../../../test/fixtures';

const base = {
  'GET /api/setup': { needsSetup: false },
  'POST /api/auth/refresh': apiError(401, 'unauthenticated'),
};

async function fill(
  values: Partial<Record<'First Name' | 'Last Name' | 'Email' | 'Password' | 'Confirm Password', string>>,
) {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(values)) {
    const field = screen.getByLabelText(label);
    await user.clear(field);
    if (value) await user.type(field, value);
  }
  return user;
}

describe('register form', () => {
  it('says "Please enter a valid email" and "Passwords do not match"', async () => {
    mockFetch(base);
    renderApp('/register');
    await screen.findByLabelText('First Name');
    const user = await fill({
      Email: 'ann(at)example',
      Password: 'long-enough-1',
      'Confirm Password': 'long-enough-2',
    });
    await user.click(screen.getByLabelText('First Name'));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email');
    expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription('Passwords do not match');
  });

  it('asks for every field and a password of 8 characters', async () => {
    const api = mockFetch(base);
    renderApp('/register');
    await screen.findByLabelText('First Name');
    const user = await fill({ Password: 'short' });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() =>
      expect(screen.getByLabelText('First Name')).toHaveAccessibleDescription('Please fill this in'),
    );
    expect(screen.getByLabelText('Last Name')).toHaveAccessibleDescription('Please fill this in');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Your password needs at least 8 characters',
    );
    expect(api.find('POST', '/api/auth/register')).toHaveLength(0);
  });

  it('registers and asks to confirm the email', async () => {
    const api = mockFetch({ ...base, 'POST /api/auth/register': json(201, { user: makeMe().user }) });
    const app = renderApp('/register');
    await screen.findByLabelText('First Name');
    const user = await fill({
      'First Name': 'Ann',
      'Last Name': 'Lee',
      Email: 'Ann@Example.com',
      Password: 'long-enough-1',
      'Confirm Password': 'long-enough-1',
    });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(app.location()).toBe('/pages/auth/mail-confirm?email=ann%40example.com'));
    expect(api.find('POST', '/api/auth/register')[0]?.body).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      password: 'long-enough-1',
    });
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
  });

  it('with an invitation: prefilled email, joins and signs straight in', async () => {
    const me = makeMe();
    const api = mockFetch({
      ...base,
      'POST /api/auth/register': json(201, { user: me.user }),
      'POST /api/auth/login': { accessToken: 'tok', user: me.user },
      'GET /api/me': me,
      'GET /api/estates/e1/stage': { stage: 1, name: 'Cataloging Assets' },
    });
    const app = renderApp('/register?invitation=inv-123&email=ann%40example.com');
    expect(await screen.findByLabelText('Email')).toHaveValue('ann@example.com');
    const user = await fill({
      'First Name': 'Ann',
      'Last Name': 'Lee',
      Password: 'long-enough-1',
      'Confirm Password': 'long-enough-1',
    });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(app.location()).toBe('/i/'));
    expect(api.find('POST', '/api/auth/register')[0]?.body).toMatchObject({
      invitation: 'inv-123',
      email: 'ann@example.com',
    });
    expect(api.find('POST', '/api/auth/login')).toHaveLength(1);
  });

  it('with an invitation, for an address that already has an account: asks to check the mail', async () => {
    mockFetch({
      ...base,
      // The same answer as for a new account (the server mails the owner instead) ...
      'POST /api/auth/register': json(201, { user: makeMe().user }),
      // ... but no account was made with this password.
      'POST /api/auth/login': apiError(401, 'invalid_credentials', 'The email or password is not correct.'),
    });
    const app = renderApp('/register?invitation=inv-123&email=ann%40example.com');
    await screen.findByLabelText('First Name');
    const user = await fill({
      'First Name': 'Ann',
      'Last Name': 'Lee',
      Password: 'long-enough-1',
      'Confirm Password': 'long-enough-1',
    });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(app.location()).toBe('/pages/auth/mail-confirm?email=ann%40example.com'));
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
    expect(screen.getByText(/if you already have an account with us, tells you how to sign in/)).toBeInTheDocument();
  });

  it('shows the server field error on its field', async () => {
    mockFetch({
      ...base,
      'POST /api/auth/register': apiError(400, 'validation_failed', 'Too common', {
        password: 'This password is too common and easy to guess. Please choose another.',
      }),
    });
    renderApp('/register');
    await screen.findByLabelText('First Name');
    const user = await fill({
      'First Name': 'Ann',
      'Last Name': 'Lee',
      Email: 'ann@example.com',
      Password: 'long-enough-1',
      'Confirm Password': 'long-enough-1',
    });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
        'This password is too common and easy to guess. Please choose another.',
      ),
    );
  });
});
