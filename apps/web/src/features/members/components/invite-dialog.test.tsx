/**
 * Inviting Offspring: the parent who receives for them is required, the reason is on the form
 * before anything is sent, and without a beneficiary in the estate the form says what to do first.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../test/render-app';
import { mockFetch } from '../../../test/fetch-mock';
import { makeMe } from '../../../test/fixtures';

const PARENT = {
  id: '01a20a0b-72e9-74c0-8362-b2466daff5cd',
  displayName: 'Laura Bennett',
  roles: [10],
  receivesThrough: null,
};
const TRUSTEE = { id: 'u1', displayName: 'Ann Lee', roles: [30], receivesThrough: null };

function setUp(members: object[]) {
  return mockFetch({
    'GET /api/setup': { needsSetup: false },
    'POST /api/auth/refresh': { accessToken: 'token-1' },
    'GET /api/me': makeMe({ roles: [30], stage: 1 }),
    'GET /api/estates/e1/stage': { stage: 1, name: 'Cataloging Assets', next: { stage: 2, name: 'x' } },
    'GET /api/estates/e1/directory': {
      members: (members as { id: string }[]).map((m) => ({ ...m, avatarUrl: null, joinedAt: '2026-11-01T10:00:00.000Z', starred: false })),
      groups: [],
      invitations: [],
      disabled: [],
    },
    'POST /api/estates/e1/invitations': {
      invitation: { id: 'i1', link: 'http://portal.test/invite/abc', expiresAt: '2026-12-05T12:00:00.000Z' },
    },
  });
}

async function openDialogAsOffspring() {
  await userEvent.click(await screen.findByRole('button', { name: 'Invite someone' }, { timeout: 15_000 }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.type(within(dialog).getByLabelText(/Email/), 'emily@example.com');
  await userEvent.click(within(dialog).getByRole('checkbox', { name: /^Beneficiary/ }));
  await userEvent.click(within(dialog).getByRole('checkbox', { name: /^Offspring/ }));
  return dialog;
}

describe('inviting Offspring', () => {
  it('requires the beneficiary who receives for them, saying why before sending', async () => {
    const api = setUp([TRUSTEE, PARENT]);
    renderApp('/trustee/users/all');
    const dialog = await openDialogAsOffspring();
    expect(
      within(dialog).getByText(/Required for Offspring: they never receive items directly/),
    ).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(
      await within(dialog).findByText('Please choose the beneficiary who receives for them'),
    ).toBeInTheDocument();
    expect(api.find('POST', '/api/estates/e1/invitations')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('combobox', { name: /Receives items through/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Laura Bennett' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(api.find('POST', '/api/estates/e1/invitations')).toHaveLength(1));
    expect(api.find('POST', '/api/estates/e1/invitations')[0]?.body).toEqual({
      email: 'emily@example.com',
      roles: [2],
      receivesThrough: PARENT.id,
      // The invitation mail is written in the language chosen (the inviter's own by default).
      language: 'en',
    });
  }, 30_000);

  it('without a beneficiary in the estate, says to invite the parent first and does not send', async () => {
    const api = setUp([TRUSTEE]);
    renderApp('/trustee/users/all');
    const dialog = await openDialogAsOffspring();
    expect(within(dialog).getByText(/Invite the parent as a beneficiary first/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send invitation' })).toBeDisabled();
    expect(api.find('POST', '/api/estates/e1/invitations')).toHaveLength(0);
  }, 30_000);
});
