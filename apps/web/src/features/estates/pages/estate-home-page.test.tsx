/** The estate's front page offers only what the policy allows this person now. */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../../../test/render-app';
import { mockFetch } from '../../../test/fetch-mock';
import { makeMe } from '../../../test/fixtures';

function signedIn(roles: number[], stage = 11) {
  mockFetch({
    'GET /api/setup': { needsSetup: false },
    'POST /api/auth/refresh': { accessToken: 'token' },
    'GET /api/me': makeMe({ roles, stage }),
    'GET /api/estates/e1/stage': { stage, name: 'Stage' },
  });
}

describe('estate home', () => {
  it('offers a beneficiary their items, not inviting', async () => {
    signedIn([10]);
    renderApp('/i/');
    const page = within(await screen.findByRole('main', {}, { timeout: 8000 }));
    expect(await page.findByRole('link', { name: 'My items' })).toHaveAttribute('href', '/my-items');
    expect(page.queryByRole('link', { name: /invite/i })).not.toBeInTheDocument();
  });

  it('does not offer My items to a trustee who is not a beneficiary, but offers inviting', async () => {
    signedIn([30]);
    renderApp('/i/');
    const page = within(await screen.findByRole('main', {}, { timeout: 8000 }));
    expect(await page.findByRole('link', { name: 'See the items' })).toBeInTheDocument();
    expect(page.queryByRole('link', { name: 'My items' })).not.toBeInTheDocument();
    expect(page.getByRole('link', { name: /invite/i })).toHaveAttribute('href', '/trustee/users/all');
  });
});
