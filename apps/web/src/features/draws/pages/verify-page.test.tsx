import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../test/render-app';
import { mockFetch, type MockRequest, json } from '../../../test/fetch-mock';
import { makeMe } from '../../../test/fixtures';

const base = {
  'GET /api/setup': { needsSetup: false },
  'POST /api/auth/refresh': { accessToken: 'token-1' },
  'GET /api/me': makeMe({ roles: [10], stage: 40 }),
  'GET /api/estates/e1/draws': { draws: [{ step: 21, name: 'x', commitment: 'c', inputHash: 'h', ranAt: '2026-01-01T00:00:00.000Z' }] },
  'GET /api/estates/e1/stage': { stage: 40, name: '' },
};

describe('verify page', () => {
  it('says Verified for a good uploaded record', async () => {
    const api = mockFetch({ ...base, 'POST /api/draws/verify': { verified: true, differences: [] } });
    renderApp('/draws/verify');
    const input = await screen.findByTestId('record-file', {}, { timeout: 8000 });
    const file = new File([JSON.stringify({ format: 'estate-draw/1', step: 21 })], 'record.json', { type: 'application/json' });
    await userEvent.upload(input, file);
    expect(await screen.findByTestId('verify-result')).toHaveTextContent('Verified');
    expect(api.find('POST', '/api/draws/verify')[0]?.body).toEqual({ format: 'estate-draw/1', step: 21 });
  });

  it('lists the differences for an estate record that does not verify', async () => {
    const api = mockFetch({
      ...base,
      'GET /api/estates/e1/draws/21': { format: 'estate-draw/1', step: 21 },
      'POST /api/draws/verify': (req: MockRequest) =>
        json(200, { verified: false, differences: [`assignments[0].memberId differs (step ${(req.body as { step: number }).step})`] }),
    });
    renderApp('/draws/verify?step=21');
    await waitFor(() => expect(screen.getByTestId('verify-result')).toHaveTextContent('Not verified'), { timeout: 8000 });
    expect(screen.getByTestId('verify-result')).toHaveTextContent('assignments[0].memberId differs (step 21)');
    expect(api.find('GET', '/api/estates/e1/draws/21')).toHaveLength(1);
  });

  it('says so when the file is not JSON', async () => {
    mockFetch(base);
    renderApp('/draws/verify');
    await userEvent.upload(await screen.findByTestId('record-file', {}, { timeout: 8000 }), new File(['not json'], 'x.json', { type: 'application/json' }));
    expect(await screen.findByText(/not valid JSON/)).toBeInTheDocument();
  });
});
