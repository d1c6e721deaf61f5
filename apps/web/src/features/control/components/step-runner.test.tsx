/**
 * The step runner asks the policy for each step action with the step in question
 * (`can(action, actor, { step })`): a refused action stays on the page, disabled, with its reason;
 * an action the role may never take is not shown.
 */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { StageCode } from '@estate/domain/stages';
import { renderWithProviders } from '../../../test/render-app';
import { mockFetch } from '../../../test/fetch-mock';
import { makeMe } from '../../../test/fixtures';
import { policyFor } from '../../../shared/session/actor';
import { StepRunner } from './step-runner';

function setUp(roles: number[], stage: StageCode, step: number) {
  mockFetch({
    'GET /api/setup': { needsSetup: false },
    'POST /api/auth/refresh': { accessToken: 'token-1' },
    'GET /api/me': makeMe({ roles, stage }),
    'GET /api/estates/e1/members': { members: [] },
    'GET /api/estates/e1/draws': { draws: [] },
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
});
