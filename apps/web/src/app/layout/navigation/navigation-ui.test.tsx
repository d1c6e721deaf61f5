import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { buildNavigation } from './navigation-config';
import { VerticalNavigation } from './vertical-navigation';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../test/render-app';
import { mockFetch } from '../../../test/fetch-mock';
import { makeMe } from '../../../test/fixtures';

function signedInAs(me: ReturnType<typeof makeMe>, extra: Record<string, object> = {}) {
  mockFetch({
    'GET /api/setup': { needsSetup: false },
    'POST /api/auth/refresh': { accessToken: 'token' },
    'GET /api/me': me,
    'GET /api/estates/e1/stage': { stage: 1, name: 'Cataloging Assets' },
    ...extra,
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

  it('counts the report files on Reports and Trustee Reports, as the to-do list counts its to-dos', async () => {
    const file = (id: string, accessLevel: string) => ({ id, name: `${id}.pdf`, kind: 'fairness', type: 'pdf', accessLevel, size: 10, createdAt: '2026-11-20T10:00:00Z', step: null });
    signedInAs(makeMe({ roles: [30], stage: 90 }), {
      'GET /api/estates/e1/stage': { stage: 90, name: 'Estate Distribution Finalizing' },
      'GET /api/estates/e1/reports': { reports: [file('a', 'beneficiaries'), file('b', 'beneficiaries'), file('c', 'trustees')] },
    });
    renderApp('/i/');
    const menu = await openMenu();
    expect(await menu.findByRole('link', { name: 'Reports 2' }, { timeout: 8000 })).toHaveAttribute('href', '/reports/');
    expect(menu.getByRole('link', { name: 'Trustee Reports 1' })).toHaveAttribute('href', '/trustee/reports');
  });

  it('names the folded navigation\'s group buttons (only their icons show)', () => {
    render(
      <MemoryRouter>
        <VerticalNavigation items={buildNavigation({ estateId: 'e1' })} folded />
      </MemoryRouter>,
    );
    const learn = screen.getByRole('button', { name: 'Learn' });
    expect(learn).toHaveAttribute('title', 'Learn');
    expect(learn).toHaveAttribute('aria-expanded', 'false');
  });
});
