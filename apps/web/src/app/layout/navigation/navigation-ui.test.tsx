import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../test/render-app';
import { mockFetch } from '../../../test/fetch-mock';
import { makeMe } from '../../../test/fixtures';

function signedInAs(me: ReturnType<typeof makeMe>) {
  mockFetch({
    'GET /api/setup': { needsSetup: false },
    'POST /api/auth/refresh': { accessToken: 'token' },
    'GET /api/me': me,
    'GET /api/estates/e1/stage': { stage: 1, name: 'Cataloging Assets' },
  });
}

async function openMenu() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Open navigation' }, { timeout: 8000 }));
  return within(await screen.findByRole('navigation', { name: 'Main navigation' }));
}

describe('navigation menu in the shell', () => {
  it('shows a beneficiary the estate pages but not the trustee or admin ones', async () => {
    signedInAs(makeMe({ roles: [10] }));
    renderApp('/i/');
    const menu = await openMenu();
    expect(menu.getByRole('link', { name: 'Items' })).toHaveAttribute('href', '/p/e1/i');
    expect(menu.getByRole('link', { name: 'My items' })).toHaveAttribute('href', '/my-items');
    // The fairness report is a beneficiary's only once results are published (report.view).
    expect(menu.queryByRole('link', { name: 'Reports' })).not.toBeInTheDocument();
    expect(menu.queryByRole('link', { name: 'Analytics' })).not.toBeInTheDocument();
    expect(menu.queryByRole('link', { name: 'Accounts' })).not.toBeInTheDocument();
    expect(menu.queryByRole('link', { name: 'User accounts' })).not.toBeInTheDocument();
  });

  it('shows a beneficiary the Reports once results are published', async () => {
    signedInAs(makeMe({ roles: [10], stage: 40 }));
    renderApp('/i/');
    const menu = await openMenu();
    expect(menu.getByRole('link', { name: 'Reports' })).toBeInTheDocument();
  });

  it('shows a trustee the Trustee group, and not My items unless they are a beneficiary too', async () => {
    signedInAs(makeMe({ roles: [30] }));
    renderApp('/i/');
    const menu = await openMenu();
    for (const name of ['Analytics', 'Control Panel', 'Trustee Reports', 'Accounts']) {
      expect(menu.getByRole('link', { name })).toBeInTheDocument();
    }
    expect(menu.queryByRole('link', { name: 'Outbox' })).not.toBeInTheDocument();
    expect(menu.queryByRole('link', { name: 'My items' })).not.toBeInTheDocument();
  });

  it('opens the collapse holding the current page', async () => {
    signedInAs(makeMe({ roles: [10] }));
    renderApp('/faq');
    const menu = await openMenu();
    expect(menu.getByRole('button', { name: 'Learn' })).toHaveAttribute('aria-expanded', 'true');
    expect(menu.getByRole('link', { name: 'Questions & answers' })).toHaveAttribute('aria-current', 'page');
  });
});
