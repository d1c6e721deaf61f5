import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../test/render-app';
import { apiError, json, mockFetch } from '../../../test/fetch-mock';
import { makeMe } from '../../../test/fixtures';
import { DEFAULT_ESTATE_SETTINGS } from '@estate/domain/schemas/estate';

const estate = { id: 'e1', name: 'Smith Estate', stage: 13, deadlines: {}, settings: DEFAULT_ESTATE_SETTINGS, createdAt: '2026-01-01T00:00:00.000Z' };

function routes(stage: number, move: () => Response) {
  return {
    'GET /api/setup': { needsSetup: false },
    'POST /api/auth/refresh': { accessToken: 'token-1' },
    'GET /api/me': makeMe({ roles: [30], stage }),
    'GET /api/estates/e1/stage': { stage, name: 'x', next: { stage: stage === 13 ? 14 : 12, name: 'y' } },
    'GET /api/estates/e1': { estate: { ...estate, stage } },
    'GET /api/estates/e1/deadlines': { deadlines: [] },
    'GET /api/estates/e1/commitments': { commitments: [{ step: 21, commitment: 'abc123', secret: null }] },
    'GET /api/estates/e1/pool-summary': { poolItems: 3, unwanted: 1, wantedByOne: 1, highInterest: 0, contested: 1, receivers: [] },
    'GET /api/estates/e1/participation/11': { stage: 11, members: [] },
    'POST /api/estates/e1/stage': move,
  };
}

describe('control panel', () => {
  it('asks for confirmation, quoting what the next stage does, before moving', async () => {
    const api = mockFetch(routes(13, () => json(200, { stage: 14 })));
    renderApp('/trustee/control');
    const button = await screen.findByRole('button', { name: 'Move to “Assign Unwanted Items”' }, { timeout: 8000 });
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Assign Unwanted Items/)).toBeInTheDocument();
    expect(api.find('POST', '/api/estates/e1/stage')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, move on' }));
    await waitFor(() => expect(api.find('POST', '/api/estates/e1/stage')).toHaveLength(1));
    expect(api.find('POST', '/api/estates/e1/stage')[0]?.body).toEqual({ to: 14 });
    // The pool summary of stage 13 and the commitments are on the page.
    expect(screen.getByText('Nobody wants')).toBeInTheDocument();
    expect(screen.getByText(/abc123/)).toBeInTheDocument();
  });

  it('shows the server’s 409 message when the move is refused', async () => {
    mockFetch(routes(11, () => apiError(409, 'wrong_stage', 'Going back into "Initial" is not allowed here.')));
    renderApp('/trustee/control');
    await userEvent.click(await screen.findByRole('button', { name: /^Step back to/ }, { timeout: 8000 }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, step back' }));
    expect(await screen.findByText('Going back into "Initial" is not allowed here.')).toBeInTheDocument();
    expect(screen.getByText('Going back into "Initial" is not allowed here.').closest('[role="alert"]')).not.toBeNull();
  });
});
