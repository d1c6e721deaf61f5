/** The family agreement page: where each document stands for the person reading it. */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Agreement, AgreementsAnswer } from '@estate/domain/schemas/agreements';
import { renderApp } from '../../test/render-app';
import { mockFetch } from '../../test/fetch-mock';
import { makeMe } from '../../test/fixtures';

const doc = (kind: Agreement['kind'], title: string): Agreement => ({
  kind,
  version: 1,
  title,
  language: 'en',
  parts: [{ id: `${kind}-1`, title: 'Who we are', body: 'Plain words.' }],
  publishedAt: '2026-11-01T10:00:00.000Z',
});

function open(roles: number[], answer: AgreementsAnswer) {
  mockFetch({
    'GET /api/setup': { needsSetup: false },
    'POST /api/auth/refresh': { accessToken: 'token-1' },
    'GET /api/me': makeMe({ roles }),
    'GET /api/estates/e1/stage': { stage: 1, name: 'Cataloging Assets' },
    'GET /api/estates/e1/agreements': answer,
  });
  renderApp('/agreements');
}

describe('family agreement page', () => {
  const both = [doc('terms', 'Terms of Use'), doc('agreement', 'Estate Agreement')];

  it('asks someone who takes part to accept what they have not accepted yet', async () => {
    open([10], { agreements: both, required: true });
    const terms = await screen.findByTestId('agreement-terms', {}, { timeout: 15_000 });
    expect(within(terms).getByText('Not accepted yet')).toBeInTheDocument();
    expect(screen.queryByText(/you do not need to accept/)).toBeNull();
  });

  it('tells a trustee who does not take part that accepting is not needed, instead of "not accepted yet"', async () => {
    open([30], { agreements: both, required: false });
    const terms = await screen.findByTestId('agreement-terms', {}, { timeout: 15_000 });
    expect(within(terms).getByText('Not needed for you')).toBeInTheDocument();
    expect(within(screen.getByTestId('agreement-agreement')).getByText('Not needed for you')).toBeInTheDocument();
    expect(screen.queryByText('Not accepted yet')).toBeNull();
    expect(screen.getByText(/you do not need to accept these documents/)).toBeInTheDocument();
    // Reading stays open to them.
    expect(within(terms).getByRole('link', { name: 'Start reading' })).toBeInTheDocument();
  });
});
