/** The magnifier finds the estate's items by name or number (and pages), and opens the one chosen. */
import { expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../test/render-app';
import { mockFetch } from '../../../test/fetch-mock';
import { makeMe } from '../../../test/fixtures';

const chair = {
  id: 'i7',
  number: 7,
  label: 'A-0007',
  name: 'Oak Dining Chair',
  locationId: null,
  roomId: null,
  categories: [],
  status: 'available',
  distribution: 'divide',
  highInterest: false,
  value: null,
  currency: 'USD',
  photoCount: 0,
  thumbUrl: null,
  interestCount: 0,
  interested: false,
  assignedTo: null,
  version: 1,
  updatedAt: '2026-11-01T00:00:00Z',
};

it('finds items as well as pages and opens the item chosen', async () => {
  const api = mockFetch({
    'GET /api/setup': { needsSetup: false },
    'POST /api/auth/refresh': { accessToken: 'token' },
    'GET /api/me': makeMe({ roles: [10], stage: 11 }),
    'GET /api/estates/e1/stage': { stage: 11, name: 'Express Your Interest In Items' },
    'GET /api/estates/e1/next-step': { nextStep: { kind: 'wait', stage: 11 } },
    'GET /api/estates/e1/items': { items: [chair], nextCursor: null, total: 1 },
  });
  const user = userEvent.setup();
  renderApp('/i/');
  await user.click(await screen.findByRole('button', { name: 'Search items and pages' }, { timeout: 8000 }));
  await user.type(await screen.findByRole('combobox', { name: 'Search for an item or a page' }), 'chair');
  const list = within(await screen.findByRole('listbox'));
  const option = await list.findByRole('option', { name: 'A-0007 · Oak Dining Chair' });
  expect(list.getByText('Items')).toBeInTheDocument();
  await waitFor(() => expect(api.find('GET', '/api/estates/e1/items').some((r) => r.search.includes('q=chair'))).toBe(true));
  await user.click(option);
  expect(await screen.findByTestId('location')).toHaveTextContent('/p/e1/i/i7');
});
