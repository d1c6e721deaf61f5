/**
 * Issue 30 in the web: the Activity page speaks in sentences of who did what and filters by
 * category; "Ask about this result" is offered to a beneficiary, disabled with its reason outside
 * 40–90; the trustee answers kept or changed; an item's history opens as sentences.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authorize } from '@estate/domain/permissions';
import { renderApp, renderWithProviders } from '../../test/render-app';
import { json, mockFetch, type MockRequest } from '../../test/fetch-mock';
import { makeMe } from '../../test/fixtures';
import { AskQuestion } from '../../shared/activity/ask-question';
import { ItemHistory } from '../../shared/activity/item-history';

const signedIn = (roles: number[], stage: number) => ({
  'GET /api/setup': { needsSetup: false },
  'POST /api/auth/refresh': { accessToken: 'token-1' },
  'GET /api/me': makeMe({ roles, stage }),
  'GET /api/estates/e1/stage': { stage, name: 'Stage' },
  'GET /api/estates/e1/members': { members: [] },
});

const event = (id: string, action: string, kind: string, values: Record<string, string | number>, actorName: string | null, itemId: string | null = null) => ({
  id,
  actorId: actorName ? 'u9' : null,
  actorName,
  action,
  entity: itemId ? 'item' : 'estate',
  entityId: itemId,
  field: null,
  from: null,
  to: null,
  at: '2026-11-20T10:00:00.000Z',
  sentence: { kind, values },
  itemId,
});

const question = (answer: null | { outcome: 'kept' | 'changed'; text: string }) => ({
  id: 'q1',
  itemId: 'i1',
  itemLabel: 'A-0001',
  itemName: 'Brass Lamp',
  memberId: 'u1',
  memberName: 'Ann Lee',
  text: 'Why did the lamp go to Ben?',
  createdAt: '2026-11-20T10:00:00.000Z',
  answer: answer && { ...answer, at: '2026-11-21T10:00:00.000Z', by: 'u2', byName: 'Tom Trustee' },
});

describe('activity and questions', () => {
  it('writes the estate’s activity as sentences of who did what, and filters by what it is about', async () => {
    const { calls } = mockFetch({
      ...signedIn([10], 40),
      'GET /api/estates/e1/activity': (request: MockRequest) =>
        new URLSearchParams(request.search).get('category') === 'stages'
          ? json(200, { events: [event('2', 'stage.advanced', 'stageAdvanced', { stage: 40 }, 'Tom Trustee')], nextCursor: null })
          : json(200, {
              events: [
                event('1', 'item.created', 'itemCreated', { item: 'A-0001 Brass Lamp' }, 'Tom Trustee', 'i1'),
                event('3', 'deadline.passed', 'deadlinePassed', { stage: 11 }, null),
                event('4', 'something.new', 'other', {}, 'Ann Lee'),
              ],
              nextCursor: null,
            }),
    });
    const { location } = renderApp('/activity');
    const list = await screen.findByRole('list', { name: 'Activity' }, { timeout: 15_000 });
    expect(within(list).getByRole('link', { name: /^Tom Trustee added A-0001 Brass Lamp\./ })).toHaveAttribute('href', '/p/e1/i/i1');
    expect(within(list).getByText('Ann Lee made a change in the estate.')).toBeInTheDocument();
    expect(list.textContent).not.toMatch(/itemCreated|\{\{/);
    await userEvent.click(screen.getByRole('button', { name: 'Stages and draws' }));
    expect(await screen.findByText(/Tom Trustee moved the estate on to “/)).toBeInTheDocument();
    expect(location()).toBe('/activity?category=stages');
    expect(calls.some((c) => c.path === '/api/estates/e1/activity' && c.search.includes('category=stages'))).toBe(true);
  });

  it('offers a beneficiary to ask about a result from 40, disabled with the reason before, and sends the question', async () => {
    const item = { id: 'i1', label: 'A-0001', name: 'Brass Lamp' };
    const { find } = mockFetch({ ...signedIn([10], 31), 'POST /api/estates/e1/items/i1/questions': { question: question(null) } });
    const early = renderWithProviders(<AskQuestion estateId="e1" item={item} decision={authorize('question.ask', { roles: [10], stage: 31 })} />);
    const refused = await screen.findByRole('button', { name: 'Ask about this result' });
    expect(refused).toBeDisabled();
    expect(refused).toHaveAccessibleDescription('Questions can be asked once the results are out, until the wrap-up.');
    early.unmount();
    // A trustee is not offered it at all.
    const trustee = renderWithProviders(<AskQuestion estateId="e1" item={item} decision={authorize('question.ask', { roles: [30], stage: 40 })} />);
    expect(screen.queryByRole('button', { name: 'Ask about this result' })).toBeNull();
    trustee.unmount();

    renderWithProviders(<AskQuestion estateId="e1" item={item} decision={authorize('question.ask', { roles: [10], stage: 40 })} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Ask about this result' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask about A-0001 Brass Lamp' });
    const send = within(dialog).getByRole('button', { name: 'Send the question' });
    expect(send).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Your question' }), 'Why did the lamp go to Ben?');
    await userEvent.click(send);
    await waitFor(() => expect(find('POST', '/api/estates/e1/items/i1/questions')[0]?.body).toEqual({ text: 'Why did the lamp go to Ben?' }));
  });

  it('lets the trustee answer a question, kept or changed, and shows the asker the answer', async () => {
    const { calls } = mockFetch({
      ...signedIn([30], 40),
      'GET /api/estates/e1/questions': { questions: [question(null)] },
      'PUT /api/estates/e1/questions/q1/answer': { question: question({ outcome: 'changed', text: 'You are right; it goes to you.' }) },
    });
    renderApp('/questions');
    const card = await screen.findByRole('article', { name: 'A-0001 Brass Lamp' }, { timeout: 15_000 });
    const save = within(card).getByRole('button', { name: 'Send the answer' });
    expect(save).toBeDisabled();
    await userEvent.click(within(card).getByRole('radio', { name: 'Will be changed' }));
    expect(within(card).getByText(/Your answer records the decision/)).toBeInTheDocument();
    await userEvent.type(within(card).getByRole('textbox', { name: 'Your answer' }), 'You are right; it goes to you.');
    await userEvent.click(save);
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ text: 'You are right; it goes to you.', outcome: 'changed' }));
  });

  it('lets the trustee choose who receives the item now with a "changed" answer (receivers, or nobody)', async () => {
    const { calls } = mockFetch({
      ...signedIn([30], 41),
      'GET /api/estates/e1/members': {
        members: [
          { id: 'u1', displayName: 'Ann Lee', roles: [10], receivesThrough: null },
          { id: 'u5', displayName: 'Kim Lee', roles: [2], receivesThrough: 'u1' },
          { id: 'u7', displayName: 'Olga Observer', roles: [1], receivesThrough: null },
        ],
      },
      'GET /api/estates/e1/questions': { questions: [question(null)] },
      // Ann receives the lamp now: offered as who has it, not to be chosen again (the server would refuse).
      'GET /api/estates/e1/items/i1': { item: { id: 'i1', status: 'assigned', assignment: { memberId: 'u1', reason: 'draw', step: 21, detail: null, at: null } } },
      'PUT /api/estates/e1/questions/q1/answer': { question: question({ outcome: 'changed', text: 'It goes to Kim.' }) },
    });
    renderApp('/questions');
    const card = await screen.findByRole('article', { name: 'A-0001 Brass Lamp' }, { timeout: 15_000 });
    expect(within(card).queryByRole('combobox', { name: 'Who should receive it now?' })).toBeNull();
    await userEvent.click(within(card).getByRole('radio', { name: 'Will be changed' }));
    await userEvent.click(within(card).getByRole('combobox', { name: 'Who should receive it now?' }));
    const options = await screen.findByRole('listbox');
    await waitFor(() => expect(within(options).getByRole('option', { name: /Ann Lee/ })).toHaveAttribute('aria-disabled', 'true'));
    expect(within(options).getAllByRole('option').map((o) => o.textContent?.replace(/[\u2068\u2069]/g, ''))).toEqual(['Leave it as it is for now', 'Ann Lee (receives it now)', 'Kim Lee', 'Nobody (it becomes unwanted)']);
    await userEvent.click(within(options).getByRole('option', { name: 'Kim Lee' }));
    expect(within(card).queryByText(/Your answer records the decision/)).toBeNull();
    await userEvent.type(within(card).getByRole('textbox', { name: 'Your answer' }), 'It goes to Kim.');
    await userEvent.click(within(card).getByRole('button', { name: 'Send the answer' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ text: 'It goes to Kim.', outcome: 'changed', reassignTo: 'u5' }));
  });

  it('shows a beneficiary their question with the trustee’s answer', async () => {
    mockFetch({ ...signedIn([10], 41), 'GET /api/estates/e1/questions': { questions: [question({ outcome: 'kept', text: 'The will names Ben.' })] } });
    renderApp('/questions');
    const card = await screen.findByRole('article', { name: 'A-0001 Brass Lamp' }, { timeout: 15_000 });
    expect(within(card).getByText('Stays as it is')).toBeInTheDocument();
    expect(within(card).getByText('The will names Ben.')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Send the answer' })).toBeNull();
  });

  it('opens an item’s history as sentences, oldest first', async () => {
    mockFetch({
      ...signedIn([10], 40),
      'GET /api/estates/e1/items/i1/history': {
        events: [
          { at: '2026-11-01T10:00:00.000Z', actor: { id: 'u2', displayName: 'Tom Trustee' }, action: 'item.created', sentence: { kind: 'itemCreated', values: { item: 'A-0001 Brass Lamp' } } },
          { at: '2026-11-02T10:00:00.000Z', actor: null, action: 'item.assigned', sentence: { kind: 'itemAssigned', values: { item: 'A-0001 Brass Lamp', receiver: 'Ben Lee', stage: 21, reason: 'high-interest' } } },
          { at: '2026-11-03T10:00:00.000Z', actor: { id: 'u3', displayName: 'Sam Seller' }, action: 'disposition.sold', sentence: { kind: 'dispositionSold', values: { item: 'A-0001 Brass Lamp' } } },
        ],
      },
    });
    renderWithProviders(<ItemHistory estateId="e1" itemId="i1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Show the history' }));
    const list = await screen.findByRole('list', { name: 'History' });
    const lines = within(list).getAllByRole('listitem').map((li) => li.firstChild?.textContent);
    expect(lines[0]).toBe('Tom Trustee added A-0001 Brass Lamp.');
    expect(lines[1]).toMatch(/^A-0001 Brass Lamp went to Ben Lee in “.+”\.$/);
    expect(lines[2]).toBe('Sam Seller recorded the sale of A-0001 Brass Lamp.');
  });
});
