/**
 * The step runner asks the policy for each step action with the step in question
 * (`can(action, actor, { step })`): a refused action stays on the page, disabled, with its reason;
 * an action the role may never take is not shown.
 */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StageCode } from '@estate/domain/stages';
import { renderWithProviders } from '../../../test/render-app';
import { mockFetch } from '../../../test/fetch-mock';
import { makeMe } from '../../../test/fixtures';
import { policyFor } from '../../../shared/session/actor';
import { StepRunner } from './step-runner';

function setUp(roles: number[], stage: StageCode, step: number, more: Record<string, object> = {}) {
  mockFetch({
    'GET /api/setup': { needsSetup: false },
    'POST /api/auth/refresh': { accessToken: 'token-1' },
    'GET /api/me': makeMe({ roles, stage }),
    'GET /api/estates/e1/members': { members: [] },
    'GET /api/estates/e1/draws': { draws: [] },
    ...more,
    'GET /api/estates/e1/items': { items: [], nextCursor: null, total: 0 },
  });
  renderWithProviders(<StepRunner estateId="e1" step={step} policy={policyFor({ roles, stage })} />);
}

describe('step runner', () => {
  it('offers preview, run and public randomness in the step’s own stage', async () => {
    setUp([30], 21, 21);
    expect(await screen.findByRole('button', { name: 'Run the step' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Preview' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Record' })).toBeEnabled();
  });

  it('disables each action the policy refuses for a step already passed, saying why', async () => {
    setUp([30], 30, 21);
    const run = await screen.findByRole('button', { name: 'Run the step' });
    expect(run).toBeDisabled();
    expect(run).toHaveAccessibleDescription('This can only be done while the estate is in “Assign High Interest Items”.');
    const preview = screen.getByRole('button', { name: 'Preview' });
    expect(preview).toBeDisabled();
    expect(preview).toHaveAccessibleDescription('The estate is past this step; its record is final.');
    expect(screen.getByRole('button', { name: 'Record' })).toHaveAccessibleDescription('The estate is past this step; its record is final.');
  });

  it('says from when a preview can be made, before its window opens', async () => {
    setUp([30], 11, 21);
    const preview = await screen.findByRole('button', { name: 'Preview' });
    expect(preview).toHaveAccessibleDescription('This can be done from “Distribution Assignment” until “Assign High Interest Items”.');
    // Public randomness may be recorded from stage 11 on.
    expect(screen.getByRole('button', { name: 'Record' })).toBeEnabled();
  });

  it('shows nothing to run to someone who is not a trustee', async () => {
    setUp([1], 21, 21);
    expect(await screen.findByRole('heading', { name: 'Run “Assign High Interest Items”' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run the step' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Preview' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record' })).not.toBeInTheDocument();
  });

  it('says a practice draw is practice, with what is certain, and lists items by number and name', async () => {
    const line = (label: string, name: string, memberName: string | null) => ({ itemId: label, label, name, memberId: memberName ? 'm' : null, memberName, unwanted: memberName === null, outcome: null });
    setUp([30], 21, 21, {
      'POST /api/estates/e1/steps/21/preview': {
        preview: true,
        notice: 'This is a practice draw.',
        record: {},
        lines: [line('A-0001', 'Gold Ring', 'Anna Rose'), line('A-0002', 'Silver Watch', 'Ben Rose')],
        certainty: {
          items: 2,
          certain: 1,
          receivers: 2,
          pools: [
            { itemId: 'A-0001', label: 'A-0001', name: 'Gold Ring', members: [{ id: 'a', name: 'Anna Rose' }, { id: 'b', name: 'Ben Rose' }] },
            { itemId: 'A-0002', label: 'A-0002', name: 'Silver Watch', members: [{ id: 'b', name: 'Ben Rose' }] },
          ],
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Preview' }));
    const box = await screen.findByTestId('step-preview');
    expect(within(box).getByText('Practice draw — nothing is saved')).toBeInTheDocument();
    expect(box).toHaveTextContent('This is a practice draw. The real draw uses a different secret, so it will pick in another order.');
    const certain = within(box).getByTestId('step-certain');
    expect(certain).toHaveTextContent('2 items will be given away.');
    expect(certain).toHaveTextContent('2 people can receive them.');
    expect(certain).toHaveTextContent('1 item can go to only one person, so it goes to them.');
    expect(certain).toHaveTextContent('Goes to one of: Anna Rose, Ben Rose');
    expect(certain).toHaveTextContent('Goes to Ben Rose');
    expect(within(box).getByTestId('step-result')).toHaveTextContent('A-0001 · Gold Ring → Anna Rose');
  });

  it('says in one sentence when a practice draw has nothing to draw, not a list of zeros', async () => {
    setUp([30], 21, 21, {
      'POST /api/estates/e1/steps/21/preview': { preview: true, notice: 'This is a practice draw.', record: {}, lines: [], certainty: { items: 0, certain: 0, receivers: 0, pools: [] } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Preview' }));
    const box = await screen.findByTestId('step-preview');
    expect(within(box).getByTestId('step-nothing')).toHaveTextContent('Nothing to draw in this step: no item is waiting for it.');
    expect(within(box).queryByTestId('step-certain')).toBeNull();
    expect(box).not.toHaveTextContent('0 items');
  });

  it('lists a step that ran from its stored record: number, name, receiver or what became of it', async () => {
    setUp([30], 14, 14, {
      'GET /api/estates/e1/draws': { draws: [{ step: 14, name: 'Assign Unwanted Items', commitment: '', ranAt: '2026-01-01T00:00:00.000Z' }] },
      'GET /api/estates/e1/draws/14/lines': {
        step: 14,
        lines: [
          { itemId: 'i1', label: 'A-0004', name: 'Blue Vase', memberId: null, memberName: null, unwanted: true, outcome: 'donate' },
          { itemId: 'i2', label: 'A-0005', name: 'Old Rug', memberId: null, memberName: null, unwanted: true, outcome: null },
        ],
      },
    });
    const list = await screen.findByTestId('step-result');
    expect(list).toHaveTextContent('A-0004 · Blue Vase → Nobody wanted it · to be donated');
    expect(list).toHaveTextContent('A-0005 · Old Rug → Nobody wanted it');
    expect(screen.getByText('The result, as recorded')).toBeInTheDocument();
  });
});
