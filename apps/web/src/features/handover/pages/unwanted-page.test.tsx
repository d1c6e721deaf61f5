/** The page of unwanted items adds up what the sales brought in: sale prices only, never appraised values. */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp } from '../../../test/render-app';
import { mockFetch } from '../../../test/fetch-mock';
import { makeMe } from '../../../test/fixtures';

const entry = (itemId: string, name: string, disposition: string, appraised: string, sale: { price: string; currency: string } | null) => ({
  itemId,
  label: `A-000${itemId}`,
  name,
  itemStatus: 'unwanted',
  version: 2,
  disposition,
  note: '',
  appraisal: { value: appraised, currency: 'USD', note: '', at: '2026-01-01T00:00:00.000Z' },
  sale: sale ? { ...sale, soldAt: '2026-01-02T00:00:00.000Z', buyer: '', note: '' } : null,
  updatedAt: '2026-01-02T00:00:00.000Z',
});

describe('unwanted items', () => {
  it('totals the sale proceeds from sale prices, leaving appraised values out', async () => {
    mockFetch({
      'GET /api/setup': { needsSetup: false },
      'POST /api/auth/refresh': { accessToken: 'token' },
      'GET /api/me': makeMe({ roles: [10], stage: 90 }),
      'GET /api/estates/e1/stage': { stage: 90, name: 'Estate Distribution Finalizing' },
      'GET /api/estates/e1/members': { members: [] },
      'GET /api/estates/e1/dispositions': {
        dispositions: [
          entry('1', 'Upright Piano', 'sell', '3000.00', { price: '1200.50', currency: 'USD' }),
          entry('2', 'Oak Sofa', 'sell', '500.00', { price: '99.50', currency: 'USD' }),
          entry('3', 'Blue Vase', 'donate', '15.00', null),
        ],
      },
    });
    renderApp('/unwanted-items');
    const proceeds = await screen.findByTestId('sale-proceeds', {}, { timeout: 8000 });
    expect(proceeds).toHaveTextContent('Sale proceeds: $1,300.00 from 2 items sold.');
  });
});
