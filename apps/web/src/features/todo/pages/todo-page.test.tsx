/** A to-do's "Go" link leads only where the person may go in that estate. */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../../../test/render-app';
import { mockFetch } from '../../../test/fetch-mock';
import { makeMe } from '../../../test/fixtures';

const todo = (stage: number, path: string) => ({
  id: `stage-e1-${stage}`,
  estateId: 'e1',
  stage,
  titleKey: `stage.${stage}.todo`,
  dueAt: null,
  required: true,
  done: false,
  path,
});

function signedIn(roles: number[]) {
  mockFetch({
    'GET /api/setup': { needsSetup: false },
    'POST /api/auth/refresh': { accessToken: 'token' },
    'GET /api/me': makeMe({ roles, stage: 20 }),
    'GET /api/estates/e1/stage': { stage: 20, name: 'Stage' },
    'GET /api/todos': { todos: [todo(20, '/my-items?tab=ranking'), todo(1, '/p/e1/i')] },
  });
}

describe('to-do links', () => {
  it('sends a beneficiary to My items', async () => {
    signedIn([10]);
    renderApp('/todo/all');
    const items = await screen.findAllByTestId('todo', {}, { timeout: 8000 });
    expect(within(items[0]!).getByRole('link', { name: 'Do it now' })).toHaveAttribute('href', '/my-items?tab=ranking');
  });

  it('does not send a trustee who is not a beneficiary to My items', async () => {
    signedIn([30]);
    renderApp('/todo/all');
    const items = await screen.findAllByTestId('todo', {}, { timeout: 8000 });
    expect(within(items[0]!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(items[1]!).getByRole('link', { name: 'Do it now' })).toHaveAttribute('href', '/p/e1/i');
  });
});
