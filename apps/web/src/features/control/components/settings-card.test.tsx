/**
 * The high-interest threshold on the estate's settings (issue 36): a threshold above the number of
 * beneficiaries is warned of in plain words where it is set; one outside the server's rule (a
 * whole number from 2 to 100) keeps Save disabled with the reason, so nothing is refused after it.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_ESTATE_SETTINGS } from '@estate/domain/schemas/estate';
import { renderWithProviders } from '../../../test/render-app';
import { mockFetch } from '../../../test/fetch-mock';
import { makeMe } from '../../../test/fixtures';
import { SettingsCard } from './settings-card';

const MEMBERS = [
  { id: 'm1', displayName: 'Anna Ellis', roles: [10], receivesThrough: null },
  { id: 'm2', displayName: 'Ben Ellis', roles: [10], receivesThrough: null },
  { id: 'm3', displayName: 'Cara Ellis', roles: [10], receivesThrough: null },
  { id: 'm4', displayName: 'Olive Ellis', roles: [1], receivesThrough: null },
  { id: 't1', displayName: 'Ada Admin', roles: [30], receivesThrough: null },
];

function setUp(threshold: number) {
  const api = mockFetch({
    'GET /api/setup': { needsSetup: false },
    'POST /api/auth/refresh': { accessToken: 'token-1' },
    'GET /api/me': makeMe({ roles: [30], stage: 1 }),
    'GET /api/estates/e1/members': { members: MEMBERS },
    'PATCH /api/estates/e1': { estate: {} },
  });
  renderWithProviders(<SettingsCard estateId="e1" settings={{ ...DEFAULT_ESTATE_SETTINGS, highInterestThreshold: threshold }} />);
  return api;
}

describe('SettingsCard: the high-interest threshold', () => {
  it('warns when the threshold is above the number of beneficiaries, and not when it fits', async () => {
    setUp(6);
    // Three beneficiaries (the observer and the trustee are not counted).
    const warning = await screen.findByTestId('threshold-unreachable', {}, { timeout: 8000 });
    expect(warning).toHaveTextContent(
      'This estate has 3 beneficiaries, so no item can be hearted by 6 of them: nothing will be recommended as high interest. Choose 3 or fewer.',
    );
    const field = screen.getByRole('spinbutton', { name: 'High-interest threshold' });
    await userEvent.clear(field);
    await userEvent.type(field, '3');
    await waitFor(() => expect(screen.queryByTestId('threshold-unreachable')).toBeNull());
    await userEvent.clear(field);
    await userEvent.type(field, '4');
    expect(await screen.findByTestId('threshold-unreachable')).toHaveTextContent('hearted by 4 of them');
  });

  it('keeps Save disabled, with the reason, for a threshold the server would refuse', async () => {
    const api = setUp(2);
    const field = await screen.findByRole('spinbutton', { name: 'High-interest threshold' }, { timeout: 8000 });
    const save = screen.getByRole('button', { name: 'Save settings' });
    expect(save).toBeEnabled();
    await userEvent.clear(field);
    await userEvent.type(field, '1');
    await waitFor(() => expect(save).toBeDisabled());
    expect(save).toHaveAccessibleDescription('Choose a whole number from 2 to 100.');
    await userEvent.clear(field);
    await waitFor(() => expect(save).toBeDisabled());
    await userEvent.type(field, '3');
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    await waitFor(() => expect(api.find('PATCH', '/api/estates/e1')).toHaveLength(1));
    expect((api.find('PATCH', '/api/estates/e1')[0]?.body as { settings: { highInterestThreshold: number } }).settings.highInterestThreshold).toBe(3);
  });
});
