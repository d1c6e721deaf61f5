/** The lock screen: a direct visit does not lock the session. */
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../../test/render-app';
import { mockFetch } from '../../../test/fetch-mock';
import { makeMe } from '../../../test/fixtures';

describe('lock screen', () => {
  it('opened by its address while unlocked, goes back into the app instead of locking', async () => {
    mockFetch({
      'GET /api/setup': { needsSetup: false },
      'POST /api/auth/refresh': { accessToken: 'token' },
      'GET /api/me': makeMe({ roles: [10], stage: 11 }),
      'GET /api/estates/e1/stage': { stage: 11, name: 'Stage' },
      'GET /api/estates/e1/next-step': { nextStep: { kind: 'wait', stage: 11 } },
    });
    renderApp('/pages/auth/lock');
    await waitFor(() => expect(screen.getByTestId('location').textContent).not.toContain('/pages/auth/lock'), { timeout: 8000 });
    expect(screen.queryByRole('button', { name: 'Unlock' })).not.toBeInTheDocument();
  });
});
