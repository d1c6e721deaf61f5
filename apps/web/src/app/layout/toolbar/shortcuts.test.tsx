/** The shortcuts menu loads when first opened, with the focus in its search field. */
import { expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../test/render-app';
import { mockFetch } from '../../../test/fetch-mock';
import { makeMe } from '../../../test/fixtures';

it('opens the shortcuts menu with the focus in its search, filters as one types, and gives the focus back when closed', async () => {
  mockFetch({
    'GET /api/setup': { needsSetup: false },
    'POST /api/auth/refresh': { accessToken: 'token' },
    'GET /api/me': makeMe({ roles: [10], stage: 11 }),
    'GET /api/estates/e1/stage': { stage: 11, name: 'Express Your Interest In Items' },
    'GET /api/estates/e1/next-step': { nextStep: { kind: 'wait', stage: 11 } },
    'GET /api/estates/e1/items': { items: [], nextCursor: null, total: 0 },
  });
  const user = userEvent.setup();
  renderApp('/i/');
  const edit = await screen.findByRole('button', { name: 'Shortcuts' }, { timeout: 8000 });
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  await user.click(edit);
  const menu = within(await screen.findByRole('menu'));
  const search = menu.getByRole('textbox', { name: 'Search for an app or page' });
  await waitFor(() => expect(search).toHaveFocus());
  await user.keyboard('locat');
  expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Locations']);
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  expect(edit).toHaveFocus();
});
