import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../test/render-app';
import { mockFetch, type MockRequest, json } from '../../../test/fetch-mock';
import { makeMe } from '../../../test/fixtures';

const ROOT = 'ab'.repeat(32);

const base = {
  'GET /api/setup': { needsSetup: false },
  'POST /api/auth/refresh': { accessToken: 'token-1' },
  'GET /api/me': makeMe({ roles: [10], stage: 40 }),
  'GET /api/estates/e1/draws': { draws: [{ step: 21, name: 'x', commitment: 'c', inputCommitment: ROOT, ranAt: '2026-01-01T00:00:00.000Z' }] },
  'GET /api/estates/e1/input-commitments': { commitments: [{ stage: 20, inputCommitment: ROOT, frozenAt: '2026-03-04T09:30:00.000Z' }] },
  'GET /api/estates/e1/stage': { stage: 40, name: '' },
};

describe('verify page', () => {
  it('says Verified for a good uploaded record', async () => {
    const api = mockFetch({ ...base, 'POST /api/draws/verify': { verified: true, scope: 'full', checks: ['rerun', 'commitment'], differences: [] } });
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
        json(200, { verified: false, scope: 'full', checks: ['rerun'], differences: [`assignments[0].memberId differs (step ${(req.body as { step: number }).step})`] }),
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

  it("checks a beneficiary's own copy as far as it goes: never 'Not verified', no command line, and says who shows what", async () => {
    const copy = { format: 'estate-draw/1', estateId: 'e1', step: 21, memberId: 'u1', lines: 'want u1 i1', inputCommitment: ROOT };
    mockFetch({
      ...base,
      'GET /api/estates/e1/draws/21': copy,
      'POST /api/draws/verify': { verified: true, scope: 'own', checks: ['commitment', 'inclusion', 'ownResults'], differences: [] },
    });
    renderApp('/draws/verify?step=21');
    await waitFor(() => expect(screen.getByTestId('verify-result')).toHaveTextContent('Your part of this record checks out'), { timeout: 8000 });
    const result = screen.getByTestId('verify-result');
    expect(result).toHaveTextContent('Your choices, as sealed, are in the list whose fingerprint every member was shown.');
    expect(await screen.findByText(/That fingerprint was shown to every member on/)).toBeInTheDocument();
    expect(screen.getByTestId('verify-not-in-copy')).toHaveTextContent('may publish to everyone after the results');
    expect(screen.getByText(/Who shows what/)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('Not verified');
    expect(document.body).not.toHaveTextContent('npm run verify-draw');
  });

  it('shows the command line to trustees', async () => {
    mockFetch({ ...base, 'GET /api/me': makeMe({ roles: [30], stage: 40 }) });
    renderApp('/draws/verify');
    expect(await screen.findByText('npm run verify-draw -- record.json', {}, { timeout: 8000 })).toBeInTheDocument();
  });
});
