/** The fairness report leads with plain sentences; the numbers fold away; no word accuses anyone. */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../test/render-app';
import { mockFetch } from '../../../test/fetch-mock';
import { makeMe } from '../../../test/fixtures';

const aggregates = {
  receivers: 3,
  itemsReceived: 13,
  byReason: {},
  meanWantedShare: 0.6,
  minWantedShare: 0.4,
  pairs: 6,
  enviousPairs: { rank: 1, token: 0 },
  ef1Violations: { rank: 0, token: 0 },
  randomTieBreaks: 1,
  trusteeOverrides: 0,
  totalValue: null,
  itemsWithoutValue: 13,
};
const row = {
  memberId: 'me-1',
  received: 7,
  byReason: { tokens: 2 },
  hearted: 12,
  heartedReceived: 7,
  wantedShare: 7 / 12,
  highInterest: { received: 2, top1: 0, top3: 2, top10: 2, meanRank: 2 },
  value: null,
  valueShare: null,
  envies: { rank: 1, token: 0 },
  ef1Violations: { rank: 0, token: 0 },
};

describe('fairness report', () => {
  it('says it is not ready before the last automatic step, and asks the server nothing it would refuse', async () => {
    const net = mockFetch({
      'GET /api/setup': { needsSetup: false },
      'POST /api/auth/refresh': { accessToken: 'token' },
      'GET /api/me': makeMe({ roles: [30], stage: 11 }),
      'GET /api/estates/e1/stage': { stage: 11, name: 'Beneficiaries Select Items of Interest' },
      'GET /api/estates/e1/members': { members: [] },
    });
    renderApp('/trustee/reports');
    expect(await screen.findByRole('heading', { name: 'The fairness report is not ready yet' }, { timeout: 8000 })).toBeInTheDocument();
    expect(net.find('GET', '/api/estates/e1/fairness')).toHaveLength(0);
    expect(net.find('GET', '/api/estates/e1/draws')).toHaveLength(0);
  });

  it('tells a beneficiary in plain words what they received and what went to whom, and why', async () => {
    const me = makeMe({ roles: [10], stage: 40 });
    mockFetch({
      'GET /api/setup': { needsSetup: false },
      'POST /api/auth/refresh': { accessToken: 'token' },
      'GET /api/me': { ...me, user: { ...me.user, id: 'me-1' } },
      'GET /api/estates/e1/stage': { stage: 40, name: 'Beneficiary Assignment Completed' },
      'GET /api/estates/e1/members': { members: [{ id: 'z1', displayName: 'Zeynep Ellis', roles: [10], receivesThrough: null }] },
      'GET /api/estates/e1/draws': { draws: [{ step: 31 }] },
      'GET /api/estates/e1/fairness': {
        scope: 'own',
        report: { row, aggregates },
        missed: [{ itemId: 'i5', label: 'A-0005', name: 'Oak Dining Table', receiverId: 'z1', reason: 'tokens' }],
      },
    });
    renderApp('/reports/');
    const plain = within(await screen.findByRole('region', { name: 'In plain words' }, { timeout: 8000 }));
    expect(plain.getByText('You received 7 things.')).toBeInTheDocument();
    expect(plain.getByText('Of the 12 things you hearted, 7 came to you.')).toBeInTheDocument();
    expect(plain.getByText('2 of the three things you ranked highest came to you.')).toBeInTheDocument();
    expect(plain.getByText(/Oak Dining Table → Zeynep Ellis: they placed more priority tokens on it/)).toBeInTheDocument();

    // The expert numbers are folded away until asked for.
    const details = screen.getByRole('button', { name: 'The numbers behind it' });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'true');
    expect(document.body.textContent).not.toMatch(/envi|kıskan|غيرة|حسد/i);
  });
});
