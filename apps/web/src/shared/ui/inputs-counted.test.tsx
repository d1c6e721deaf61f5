import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { commitLines, inclusionProofs } from '@estate/domain/draw/input-commitment';
import { renderApp } from '../../test/render-app';
import { mockFetch } from '../../test/fetch-mock';
import { makeMe } from '../../test/fixtures';

// Three receivers sealed at stage 11; the signed-in person is u1.
const sealed = commitLines([
  { memberId: 'u1', salt: '11'.repeat(32), lines: 'want u1 i1\nwant u1 i2' },
  { memberId: 'u2', salt: '22'.repeat(32), lines: 'want u2 i1' },
  { memberId: 'u3', salt: '33'.repeat(32), lines: '' },
]);
const mine = inclusionProofs(sealed).get('u1')!;

const base = {
  'GET /api/setup': { needsSetup: false },
  'POST /api/auth/refresh': { accessToken: 'token-1' },
  'GET /api/me': makeMe({ roles: [10], stage: 40 }),
  'GET /api/estates/e1/stage': { stage: 40, name: '' },
  'GET /api/estates/e1/draws': { draws: [] },
  'GET /api/estates/e1/input-commitments/11/mine': mine,
};

describe('"Your choices were counted"', () => {
  it('is shown once the proof verifies in the browser against the published root, with the sealing time', async () => {
    mockFetch({
      ...base,
      'GET /api/estates/e1/input-commitments': {
        commitments: [{ stage: 11, inputCommitment: sealed.root, frozenAt: '2026-03-04T09:30:00.000Z' }],
      },
    });
    renderApp('/draws');
    const notice = await screen.findByTestId('inputs-counted', {}, { timeout: 8000 });
    expect(notice).toHaveTextContent('Your choices were counted');
    expect(notice).toHaveTextContent('Hearts sealed on Mar 4, 2026');
  });

  it('is not shown when the proof does not lead to the published root', async () => {
    mockFetch({
      ...base,
      'GET /api/estates/e1/input-commitments': {
        commitments: [{ stage: 11, inputCommitment: 'ab'.repeat(32), frozenAt: '2026-03-04T09:30:00.000Z' }],
      },
    });
    renderApp('/draws');
    const notice = await screen.findByTestId('inputs-counted', {}, { timeout: 8000 });
    expect(notice).not.toHaveTextContent('Your choices were counted');
    expect(notice).toHaveTextContent('could not be matched');
  });

  it('is not offered to someone who is not a beneficiary', async () => {
    const api = mockFetch({
      ...base,
      'GET /api/me': makeMe({ roles: [40], stage: 40 }),
      'GET /api/estates/e1/input-commitments': { commitments: [] },
    });
    renderApp('/draws');
    expect(await screen.findByText('No step has run yet.', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByTestId('inputs-counted')).toBeNull();
    expect(api.find('GET', '/api/estates/e1/input-commitments/11/mine')).toHaveLength(0);
  });
});
