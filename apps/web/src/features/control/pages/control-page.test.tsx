import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MoveOption } from '@estate/domain/stage-machine';
import { DEFAULT_ESTATE_SETTINGS } from '@estate/domain/schemas/estate';
import { renderApp } from '../../../test/render-app';
import { apiError, json, mockFetch, type MockHandler } from '../../../test/fetch-mock';
import { makeMe } from '../../../test/fixtures';

const estate = { id: 'e1', name: 'Smith Estate', stage: 13, deadlines: {}, settings: DEFAULT_ESTATE_SETTINGS, createdAt: '2026-01-01T00:00:00.000Z' };

type Moves = { forward: MoveOption | null; back: MoveOption | null };

function routes(stage: number, moves: Moves, move: () => Response, extra: Record<string, MockHandler | Response | object> = {}) {
  return {
    'GET /api/setup': { needsSetup: false },
    'POST /api/auth/refresh': { accessToken: 'token-1' },
    'GET /api/me': makeMe({ roles: [30], stage }),
    'GET /api/estates/e1/stage': { stage, name: 'x' },
    'GET /api/estates/e1/stage/moves': moves,
    'GET /api/estates/e1': { estate: { ...estate, stage } },
    'GET /api/estates/e1/deadlines': { deadlines: [] },
    'GET /api/estates/e1/commitments': { commitments: [{ step: 21, commitment: 'abc123', secret: null }] },
    'GET /api/estates/e1/pool-summary': { poolItems: 3, unwanted: 1, wantedByOne: 1, highInterest: 0, contested: 1, receivers: [] },
    'GET /api/estates/e1/participation/2': { stage: 2, members: [] },
    'GET /api/estates/e1/participation/11': { stage: 11, members: [] },
    'GET /api/estates/e1/approvals/progress': { totalItems: 0, members: [] },
    'GET /api/estates/e1/approvals/flags': { flags: [] },
    'GET /api/estates/e1/members': { members: [] },
    'GET /api/estates/e1/draws': { draws: [] },
    'GET /api/estates/e1/items': { items: [], nextCursor: null, total: 0 },
    'POST /api/estates/e1/stage': move,
    ...extra,
  };
}

const both = (forward: number, back: number): Moves => ({ forward: { to: forward, allowed: true }, back: { to: back, allowed: true } }) as Moves;

describe('control panel', () => {
  it('asks for confirmation, quoting what the next stage does, before moving', async () => {
    const api = mockFetch(routes(13, both(14, 12), () => json(200, { stage: 14 })));
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

  it('shows the server’s 409 message when a move is refused after all (someone else was quicker)', async () => {
    mockFetch(routes(11, both(12, 10), () => apiError(409, 'wrong_stage', 'Going back into "Initial" is not allowed here.')));
    renderApp('/trustee/control');
    await userEvent.click(await screen.findByRole('button', { name: /^Step back to/ }, { timeout: 8000 }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, step back' }));
    expect(await screen.findByText('Going back into "Initial" is not allowed here.')).toBeInTheDocument();
    expect(screen.getByText('Going back into "Initial" is not allowed here.').closest('[role="alert"]')).not.toBeNull();
  });

  it('offers a refused move as a disabled button that says why: people still reviewing', async () => {
    const api = mockFetch(
      routes(
        2,
        { forward: { to: 10, allowed: false, code: 'review-incomplete', params: { waiting: 2 } }, back: { to: 1, allowed: true } },
        () => json(200, { stage: 10 }),
      ),
    );
    renderApp('/trustee/control');
    const forward = await screen.findByRole('button', { name: 'Move to “Processing Written Directives”' }, { timeout: 8000 });
    expect(forward).toBeDisabled();
    expect(forward).toHaveAccessibleDescription(/Waiting for 2 people to finish reviewing\./);
    expect(screen.getByRole('button', { name: 'Step back to “Cataloging Assets”' })).toBeEnabled();
    await userEvent.click(forward).catch(() => undefined);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.find('POST', '/api/estates/e1/stage')).toHaveLength(0);
  });

  it('warns before closing the estate while unwanted or held items have no decision (stage 90)', async () => {
    const entry = (itemId: string, disposition: string | null) => ({ itemId, label: 'A-0001', name: 'Desk', itemStatus: 'unwanted', disposition, note: '', appraisal: null, sale: null });
    mockFetch(
      routes(90, both(99, 42), () => json(200, { stage: 99 }), {
        'GET /api/estates/e1/dispositions': { dispositions: [entry('i1', null), entry('i2', 'donate'), entry('i3', null)] },
      }),
    );
    renderApp('/trustee/control');
    await userEvent.click(await screen.findByRole('button', { name: /^Move to/ }, { timeout: 8000 }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/2 unwanted or held items have no decision yet/)).toBeInTheDocument();
  });

  it('never offers a step back once results are published (stage 99)', async () => {
    mockFetch(routes(99, { forward: null, back: { to: 90, allowed: false, code: 'results-published' } }, () => json(200, { stage: 90 })));
    renderApp('/trustee/control');
    const back = await screen.findByRole('button', { name: 'Step back to “Estate Distribution Finalizing”' }, { timeout: 8000 });
    expect(back).toBeDisabled();
    expect(back).toHaveAccessibleDescription('Results have been published; the estate cannot go back.');
    expect(screen.queryByRole('button', { name: /^Move to/ })).not.toBeInTheDocument();
    // Deadlines cannot be set once results are published.
    expect(screen.queryByRole('heading', { name: 'Deadlines' })).not.toBeInTheDocument();
  });

  it('says a step must run before the estate moves on, and that a draw cannot be undone', async () => {
    mockFetch(
      routes(21, { forward: { to: 30, allowed: true }, back: { to: 20, allowed: false, code: 'step-already-run', params: { stage: 21 } } }, () => json(200, {}), {
        'GET /api/estates/e1/draws': { draws: [{ step: 21, name: 'x', commitment: 'c', ranAt: '2026-01-01T00:00:00.000Z' }] },
      }),
    );
    renderApp('/trustee/control');
    const back = await screen.findByRole('button', { name: 'Step back to “High Interest Ranking”' }, { timeout: 8000 });
    expect(back).toHaveAccessibleDescription('“Assign High Interest Items” has already been drawn, and a draw cannot be taken back.');
    const undo = await screen.findByRole('button', { name: 'Undo this step' });
    expect(undo).toBeDisabled();
    expect(undo).toHaveAccessibleDescription(/A draw cannot be undone/);
    expect(screen.getByRole('button', { name: 'Download the record' })).toBeEnabled();
  });

  it('refuses to move on before the step has run', async () => {
    mockFetch(
      routes(14, { forward: { to: 15, allowed: false, code: 'step-not-run', params: { stage: 14 } }, back: { to: 13, allowed: true } }, () => json(200, {})),
    );
    renderApp('/trustee/control');
    const forward = await screen.findByRole('button', { name: 'Move to “Assign Only One Interested”' }, { timeout: 8000 });
    expect(forward).toHaveAccessibleDescription('Run “Assign Unwanted Items” first; then the estate can move on.');
    expect(screen.getByRole('button', { name: 'Run the step' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Preview' })).toBeEnabled();
  });
});
