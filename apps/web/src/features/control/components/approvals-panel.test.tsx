/**
 * The trustee's flag resolution in stage 2, on the control panel: each beneficiary's progress, each
 * flag with what was suggested next to what the item says now, and accept / keep as it is.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_ESTATE_SETTINGS } from '@estate/domain/schemas/estate';
import { renderApp } from '../../../test/render-app';
import { apiError, json, mockFetch, type MockRequest } from '../../../test/fetch-mock';
import { makeMe } from '../../../test/fixtures';
import type { Flag } from '@estate/domain/schemas/approvals';

const estate = {
  id: 'e1',
  name: 'Smith Estate',
  stage: 2,
  deadlines: {},
  settings: DEFAULT_ESTATE_SETTINGS,
  createdAt: '2026-01-01T00:00:00.000Z',
};

function setUp(resolve: (request: MockRequest, flag: Flag) => Response) {
  const flags: Flag[] = [
    {
      itemId: 'i1',
      itemName: 'Walnut Bookcse',
      itemNumber: 2,
      memberId: 'm1',
      memberName: 'Anna Ellis',
      comment: 'The name is misspelt.',
      suggestion: { name: 'Walnut Bookcase', distribution: 'return' },
      resolution: null,
    },
    {
      itemId: 'i2',
      itemName: 'Brass Clock',
      itemNumber: 3,
      memberId: 'm2',
      memberName: 'Ben Ellis',
      comment: 'It does not run.',
      suggestion: null,
      resolution: null,
    },
  ];
  const resolveRoute = (flag: Flag) => (request: MockRequest) => {
    const answer = resolve(request, flag);
    if (answer.ok) flag.resolution = (request.body as { resolution: string }).resolution;
    return answer;
  };
  const api = mockFetch({
    'GET /api/setup': { needsSetup: false },
    'POST /api/auth/refresh': { accessToken: 'token-1' },
    'GET /api/me': makeMe({ roles: [30], stage: 2 }),
    'GET /api/estates/e1/stage': { stage: 2, name: 'x', next: { stage: 10, name: 'y' } },
    'GET /api/estates/e1/stage/moves': { forward: { to: 10, allowed: true }, back: { to: 1, allowed: true } },
    'GET /api/estates/e1': { estate },
    'GET /api/estates/e1/deadlines': { deadlines: [] },
    'GET /api/estates/e1/participation/2': {
      stage: 2,
      members: [
        { memberId: 'm1', displayName: 'Anna Ellis', doneAt: null, automatic: false },
        { memberId: 'm2', displayName: 'Ben Ellis', doneAt: null, automatic: false },
      ],
    },
    'GET /api/estates/e1/approvals/progress': {
      totalItems: 3,
      members: [
        { memberId: 'm1', displayName: 'Anna Ellis', approved: 1, approvedAutomatically: 0, flagged: 1 },
        { memberId: 'm2', displayName: 'Ben Ellis', approved: 0, approvedAutomatically: 2, flagged: 1 },
      ],
    },
    'GET /api/estates/e1/approvals/flags': () => json(200, { flags }),
    'GET /api/estates/e1/items/i1': { item: { id: 'i1', name: 'Walnut Bookcse', distribution: 'divide' } },
    'POST /api/estates/e1/items/i1/approvals/m1/resolve': resolveRoute(flags[0]!),
    'POST /api/estates/e1/items/i2/approvals/m2/resolve': resolveRoute(flags[1]!),
  });
  return api;
}

async function flagOf(name: string) {
  const heading = await screen.findByRole('heading', { name: new RegExp(name) }, { timeout: 8000 });
  return heading.closest('article') as HTMLElement;
}

describe('flags on the control panel', () => {
  it('shows each beneficiary’s progress and what was suggested, in the reader’s words', async () => {
    setUp(() => json(204));
    renderApp('/trustee/control');
    const panel = await screen.findByRole('region', { name: 'Approvals by beneficiary' }, { timeout: 8000 });
    expect(await within(panel).findByText('1 approved, 1 flagged, of 3 items')).toBeInTheDocument();
    // Approved at the deadline counts as approved.
    expect(within(panel).getByText('2 approved, 1 flagged, of 3 items')).toBeInTheDocument();
    expect(
      within(panel).getByRole('progressbar', { name: 'Approval progress of Ben Ellis' }),
    ).toHaveAttribute('aria-valuenow', '100');
    expect(within(panel).getByText('2 flags wait for your decision.')).toBeInTheDocument();

    const anna = await flagOf('Walnut Bookcse');
    expect(within(anna).getByRole('link', { name: 'A-0002 · Walnut Bookcse' })).toHaveAttribute(
      'href',
      '/p/e1/i/i1',
    );
    expect(within(anna).getByText('Flagged by Anna Ellis')).toBeInTheDocument();
    expect(within(anna).getByText('The name is misspelt.')).toBeInTheDocument();
    // Field names and values as the catalogue says them, next to the item as it stands.
    expect(within(anna).getByText('Name')).toBeInTheDocument();
    expect(
      await within(anna).findByText('now “Walnut Bookcse”, suggested “Walnut Bookcase”'),
    ).toBeInTheDocument();
    expect(within(anna).getByText('Distribution')).toBeInTheDocument();
    expect(within(anna).getByText('now “Divide”, suggested “Return”')).toBeInTheDocument();
    expect(within(anna).queryByText('name')).not.toBeInTheDocument();

    // A flag with only a comment has nothing to accept: the trustee marks it dealt with.
    const ben = await flagOf('Brass Clock');
    expect(within(ben).getByRole('button', { name: 'Mark as dealt with' })).toBeInTheDocument();
    expect(within(ben).queryByRole('button', { name: 'Accept the correction' })).not.toBeInTheDocument();
  });

  it('counts someone who answered every item as finished, not "Not done yet"', async () => {
    setUp(() => json(204));
    renderApp('/trustee/control');
    const panel = within(await screen.findByRole('region', { name: 'Who is done' }, { timeout: 8000 }));
    expect(await panel.findByText('1 of 2 beneficiaries are done.')).toBeInTheDocument();
    expect(panel.getByText('Checked every item (3)')).toBeInTheDocument();
    expect(panel.getByText('Not done yet')).toBeInTheDocument();
  });

  it('accepts a correction with a note and keeps another item as it is', async () => {
    const api = setUp(() => json(204));
    renderApp('/trustee/control');
    const anna = await flagOf('Walnut Bookcse');
    await userEvent.type(within(anna).getByRole('textbox', { name: 'Note (optional)' }), 'Thank you, Anna.');
    await userEvent.click(within(anna).getByRole('button', { name: 'Accept the correction' }));
    await waitFor(() =>
      expect(api.find('POST', '/api/estates/e1/items/i1/approvals/m1/resolve')).toHaveLength(1),
    );
    expect(api.find('POST', '/api/estates/e1/items/i1/approvals/m1/resolve')[0]?.body).toEqual({
      resolution: 'accepted',
      note: 'Thank you, Anna.',
    });
    // Read again: decided, with the buttons gone.
    expect(await within(await flagOf('Walnut Bookcse')).findByText('Accepted')).toBeInTheDocument();
    expect(
      within(await flagOf('Walnut Bookcse')).queryByRole('button', { name: 'Accept the correction' }),
    ).not.toBeInTheDocument();
    expect(screen.getByText('1 flag waits for your decision.')).toBeInTheDocument();

    const ben = await flagOf('Brass Clock');
    await userEvent.click(within(ben).getByRole('button', { name: 'Keep as it is' }));
    await waitFor(() =>
      expect(api.find('POST', '/api/estates/e1/items/i2/approvals/m2/resolve')).toHaveLength(1),
    );
    // No note written, none sent.
    expect(api.find('POST', '/api/estates/e1/items/i2/approvals/m2/resolve')[0]?.body).toEqual({
      resolution: 'rejected',
    });
    expect(await within(await flagOf('Brass Clock')).findByText('Kept as it was')).toBeInTheDocument();
    expect(await screen.findByText('Every flag has been dealt with. Your decisions are listed below.')).toBeInTheDocument();
    // Decided flags stay as a record, with what was suggested but no longer "now …".
    expect(
      within(await flagOf('Walnut Bookcse')).getByText('suggested “Walnut Bookcase”'),
    ).toBeInTheDocument();
  });

  it('says so when the server refuses, and leaves the flag open', async () => {
    setUp(() => apiError(409, 'conflict', 'This flag has already been resolved.'));
    renderApp('/trustee/control');
    const anna = await flagOf('Walnut Bookcse');
    await userEvent.click(within(anna).getByRole('button', { name: 'Accept the correction' }));
    const alert = await within(anna).findByRole('alert');
    expect(alert).toHaveTextContent('reload the page');
    expect(within(anna).getByRole('button', { name: 'Accept the correction' })).toBeEnabled();
  });

  it('warns before leaving the review with flags undecided', async () => {
    setUp(() => json(204));
    renderApp('/trustee/control');
    await flagOf('Walnut Bookcse');
    await userEvent.click(await screen.findByRole('button', { name: 'Move to “Processing Written Directives”' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/2 flags still wait for your decision/)).toBeInTheDocument();
  });
});
