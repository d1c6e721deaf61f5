import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../test/render-app';
import { apiError, json, mockFetch, type MockRequest } from '../../../test/fetch-mock';
import { makeMe } from '../../../test/fixtures';

const ids = ['00000000-0000-7000-8000-000000000001', '00000000-0000-7000-8000-000000000002', '00000000-0000-7000-8000-000000000003'];
const item = (i: number) => ({ itemId: ids[i]!, label: `A-000${i + 1}`, name: ['Ring', 'Clock', 'Lamp'][i]! });

function myItems(stage: number) {
  return {
    stage,
    stageName: '',
    deadline: null,
    done: null,
    hearted: [0, 1, 2].map((i) => ({ ...item(i), status: 'unassigned', highInterest: true, interestCount: 3 })),
    ranked: [],
    tokens: { used: 0, budget: 2, allocations: [] },
    assigned: [],
  };
}

function base(stage: number) {
  return {
    'GET /api/setup': { needsSetup: false },
    'POST /api/auth/refresh': { accessToken: 'token-1' },
    'GET /api/me': makeMe({ roles: [10], stage }),
    'GET /api/estates/e1/stage': { stage, name: '' },
    'GET /api/estates/e1/my-items': myItems(stage),
    'GET /api/estates/e1/advice': { advice: [] },
  };
}

describe('my items: ranking', () => {
  it('reorders with the up and down buttons and saves each change', async () => {
    const ranking = { itemIds: [ids[0], ids[1]], items: [0, 1, 2].map((i) => ({ ...item(i), rank: i < 2 ? i + 1 : 11 })) };
    const api = mockFetch({
      ...base(20),
      'GET /api/estates/e1/rankings': ranking,
      'PUT /api/estates/e1/rankings': (req: MockRequest) => {
        const order = (req.body as { itemIds: string[] }).itemIds;
        const rest = ids.filter((id) => !order.includes(id)).map((id) => ({ ...item(ids.indexOf(id)), rank: 11 }));
        return json(200, { itemIds: order, items: [...order.map((id, i) => ({ ...item(ids.indexOf(id)), rank: i + 1 })), ...rest] });
      },
    });
    renderApp('/my-items');
    await userEvent.click(await screen.findByRole('button', { name: 'Move Clock up' }, { timeout: 8000 }));
    await waitFor(() => expect(api.find('PUT', '/api/estates/e1/rankings')).toHaveLength(1));
    expect(api.find('PUT', '/api/estates/e1/rankings')[0]?.body).toEqual({ itemIds: [ids[1], ids[0]] });
    await waitFor(() => expect(screen.getAllByTestId('ranked-item')[0]).toHaveTextContent('Clock'));

    await userEvent.click(screen.getByRole('button', { name: 'Add Lamp to the ranking' }));
    await waitFor(() => expect(api.find('PUT', '/api/estates/e1/rankings')).toHaveLength(2));
    expect(api.find('PUT', '/api/estates/e1/rankings')[1]?.body).toEqual({ itemIds: [ids[1], ids[0], ids[2]] });
    await userEvent.click(await screen.findByRole('button', { name: 'Move Clock down' }));
    await waitFor(() => expect(api.find('PUT', '/api/estates/e1/rankings')[2]?.body).toEqual({ itemIds: [ids[0], ids[1], ids[2]] }));
  });
});

describe('my items: tokens', () => {
  it('offers “+” disabled, with the reason, once every token is placed (no refusal after a tap)', async () => {
    const contested = [0, 1].map((i) => ({ ...item(i), interestCount: 2, count: i === 0 ? 2 : 0 }));
    const tokens = { used: 2, budget: 2, budgetRule: 'per-interest', allocations: [{ itemId: ids[0], count: 2 }], contested };
    const api = mockFetch({
      ...base(30),
      'GET /api/estates/e1/tokens': tokens,
      'PUT /api/estates/e1/tokens': apiError(400, 'validation_failed', 'That is 3 tokens; you have 2.'),
    });
    renderApp('/my-items');
    expect(await screen.findByTestId('tokens-total', {}, { timeout: 8000 })).toHaveTextContent('Tokens: 2 of 2');
    // The header shows it too.
    expect(screen.getByTestId('token-count')).toHaveTextContent('Tokens: 2 of 2');
    expect(screen.getByTestId('token-count-inline')).toHaveTextContent('Tokens: 2 of 2');
    // Two on the ring: its "+" says an item takes two at most.
    const ring = screen.getByRole('button', { name: 'One token more on Ring' });
    expect(ring).toBeDisabled();
    expect(ring).toHaveAccessibleDescription('An item can take at most two tokens.');
    // None left: the clock's "+" says so, and what to do, before anyone taps it.
    const clock = screen.getByRole('button', { name: 'One token more on Clock' });
    expect(clock).toBeDisabled();
    expect(clock).toHaveAccessibleDescription('All your tokens are placed. To put one here, first take one off another item.');
    expect(screen.getByTestId('tokens-all-placed')).toBeVisible();
    await userEvent.click(clock).catch(() => undefined);
    expect(api.find('PUT', '/api/estates/e1/tokens')).toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();
    // Taking one off is offered.
    expect(screen.getByRole('button', { name: 'One token less on Ring' })).toBeEnabled();
  });

  it('after the stage, both steppers are disabled and say why', async () => {
    const contested = [0, 1].map((i) => ({ ...item(i), interestCount: 2, count: i === 0 ? 1 : 0 }));
    mockFetch({ ...base(31), 'GET /api/estates/e1/tokens': { used: 1, budget: 2, budgetRule: 'per-interest', allocations: [], contested } });
    renderApp('/my-items?tab=tokens');
    const more = await screen.findByRole('button', { name: 'One token more on Clock' }, { timeout: 8000 });
    expect(more).toBeDisabled();
    expect(more).toHaveAccessibleDescription(/Tokens can be changed only while/);
    expect(screen.getByRole('button', { name: 'One token less on Ring' })).toHaveAccessibleDescription(/Tokens can be changed only while/);
  });

  it('places a token while some are left', async () => {
    const contested = [0, 1].map((i) => ({ ...item(i), interestCount: 2, count: i === 0 ? 1 : 0 }));
    const tokens = { used: 1, budget: 2, budgetRule: 'per-interest', allocations: [{ itemId: ids[0], count: 1 }], contested };
    const api = mockFetch({
      ...base(30),
      'GET /api/estates/e1/tokens': tokens,
      'PUT /api/estates/e1/tokens': { ...tokens, used: 2, contested: contested.map((c) => ({ ...c, count: 1 })) },
    });
    renderApp('/my-items');
    const clock = await screen.findByRole('button', { name: 'One token more on Clock' }, { timeout: 8000 });
    expect(clock).toBeEnabled();
    expect(screen.queryByTestId('tokens-all-placed')).toBeNull();
    await userEvent.click(clock);
    await waitFor(() => expect(api.find('PUT', '/api/estates/e1/tokens')).toHaveLength(1));
    expect(api.find('PUT', '/api/estates/e1/tokens')[0]?.body).toEqual({
      allocations: [
        { itemId: ids[0], count: 1 },
        { itemId: ids[1], count: 1 },
      ],
    });
  });
});

describe('my items: done', () => {
  it('offers “I’m done” to a beneficiary in a stage that asks for their choices', async () => {
    mockFetch(base(11));
    renderApp('/my-items');
    const done = await screen.findByRole('button', { name: "I'm done" }, { timeout: 8000 });
    expect(done).toBeEnabled();
    // In the bar kept at the foot of the screen, after the lists (not above them).
    const bar = screen.getByTestId('done-bar');
    expect(bar).toContainElement(done);
    expect(screen.getByRole('tablist').compareDocumentPosition(bar) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('does not offer it in a stage that asks for nothing', async () => {
    mockFetch(base(12));
    renderApp('/my-items');
    await screen.findAllByText(/Ring/, {}, { timeout: 8000 });
    expect(screen.queryByRole('button', { name: "I'm done" })).toBeNull();
  });
});
