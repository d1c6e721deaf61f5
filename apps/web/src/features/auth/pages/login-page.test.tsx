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

async function openLogin() {
  renderApp('/login');
  const email = await screen.findByLabelText('Email');
  return {
    email,
    password: screen.getByLabelText('Password'),
    submit: screen.getByRole('button', { name: 'Login' }),
  };
}

describe('login form', () => {
  it('keeps Login disabled until the email and password are valid', async () => {
    mockFetch(base);
    const user = userEvent.setup();
    const { email, password, submit } = await openLogin();
    expect(submit).toBeDisabled();
    await user.type(email, 'not-an-email');
    await user.type(password, 'secret');
    expect(submit).toBeDisabled();
    await user.clear(email);
    await user.type(email, 'ann@example.com');
    expect(submit).toBeEnabled();
    await user.clear(password);
    expect(submit).toBeDisabled();
  });

  it('tells an invalid email once the field is left', async () => {
    mockFetch(base);
    const user = userEvent.setup();
    const { email, password } = await openLogin();
    await user.type(email, 'ann@');
    await user.click(password);
    expect(email).toHaveAccessibleDescription('Please enter a valid email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends the email lower-cased and trimmed', async () => {
    const me = makeMe();
    const api = mockFetch({
      ...base,
      'POST /api/auth/login': { accessToken: 't', user: me.user },
      'GET /api/me': me,
    });
    const user = userEvent.setup();
    const { email, password, submit } = await openLogin();
    await user.type(email, '  Ann.Lee@Example.COM ');
    await user.type(password, 'Secret-Pass');
    await user.click(submit);
    await waitFor(() => expect(api.find('POST', '/api/auth/login')).toHaveLength(1));
    expect(api.find('POST', '/api/auth/login')[0]?.body).toEqual({
      email: 'ann.lee@example.com',
      password: 'Secret-Pass',
    });
  });

  it('shows a wrong password on the password field', async () => {
    mockFetch({
      ...base,
      'POST /api/auth/login': apiError(401, 'invalid_credentials', 'Email or password is wrong', {
        password: 'Email or password is wrong',
      }),
    });
    const user = userEvent.setup();
    const { email, password, submit } = await openLogin();
    await user.type(email, 'ann@example.com');
    await user.type(password, 'wrong');
    await user.click(submit);
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription(
        "That email and password don't match our records. Please check them and try again.",
      ),
    );
    expect(password).toHaveAttribute('aria-invalid', 'true');
    // Issue 14: the button stays usable after a wrong password (a second try needs no new typing).
    expect(submit).toBeEnabled();
    await user.type(password, '!');
    expect(password).not.toHaveAttribute('aria-invalid');
    expect(submit).toBeEnabled();
  });

  it('shows other server field errors on their field', async () => {
    mockFetch({
      ...base,
      'POST /api/auth/login': json(400, {
        error: {
          code: 'invalid_input',
          message: 'Invalid input',
          fields: { email: 'This address is not allowed' },
        },
      }),
    });
    const user = userEvent.setup();
    const { email, password, submit } = await openLogin();
    await user.type(email, 'ann@example.com');
    await user.type(password, 'secret');
    await user.click(submit);
    await waitFor(() => expect(email).toHaveAccessibleDescription('This address is not allowed'));
  });

  it('explains an unconfirmed email and links to resending the confirmation', async () => {
    mockFetch({ ...base, 'POST /api/auth/login': apiError(403, 'email_not_confirmed') });
    const user = userEvent.setup();
    const { email, password, submit } = await openLogin();
    await user.type(email, 'ann@example.com');
    await user.type(password, 'secret');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please confirm your email address first.');
    expect(screen.getByRole('link', { name: 'Send the confirmation link again' })).toHaveAttribute(
      'href',
      '/pages/auth/mail-confirm?email=ann%40example.com',
    );
  });
});
