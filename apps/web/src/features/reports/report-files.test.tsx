/** Reports at stage 90 and 99: the files each person may read, the archive, and a closed estate said calmly. */
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/render-app';
import { json, mockFetch } from '../../test/fetch-mock';
import { makeMe } from '../../test/fixtures';

const file = (over: object) => ({ id: 'r1', name: 'Who received what', kind: 'assignments', type: 'pdf', accessLevel: 'beneficiaries', size: 19_400, createdAt: '2026-11-21T12:00:00.000Z', step: null, ...over });

function signedIn(roles: number[], stage: number, reports: object[]) {
  return mockFetch({
    'GET /api/setup': { needsSetup: false },
    'POST /api/auth/refresh': { accessToken: 'token' },
    'GET /api/me': makeMe({ roles, stage }),
    'GET /api/estates/e1/stage': { stage, name: 'Stage' },
    'GET /api/estates/e1/members': { members: [] },
    'GET /api/estates/e1/draws': { draws: [] },
    'GET /api/estates/e1/fairness': () => json(409, { error: { code: 'wrong_stage', message: 'Not yet.' } }),
    'GET /api/estates/e1/reports': { reports },
    'POST /api/estates/e1/reports/generate': { reports },
  });
}

describe('report files', () => {
  it('lists the files in the reader\'s words and offers the trustee the archive and making them again (stage 90)', { timeout: 40_000 }, async () => {
    const net = signedIn([30], 90, [file({ id: 'r0', name: 'Assignment summary by receiver', kind: 'assignment-summary', accessLevel: 'trustees' }), file({}), file({ id: 'r9', name: 'Draw record: x', kind: 'draw-record', type: 'json', accessLevel: 'trustees', step: 31 })]);
    renderApp('/trustee/reports');
    expect(await screen.findByRole('heading', { name: 'Report files' }, { timeout: 30_000 })).toBeInTheDocument();
    expect(await screen.findByText('Assignment summary by receiver')).toBeInTheDocument();
    expect(screen.getByText('Draw record: Assign Remaining Items')).toBeInTheDocument();
    expect(screen.getAllByTestId('report-file')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Download Who received what' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download the archive (ZIP)' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Make the reports again' }));
    await waitFor(() => expect(net.find('POST', '/api/estates/e1/reports/generate')).toHaveLength(1));
    expect(screen.queryByText('This estate is closed')).not.toBeInTheDocument();
  });

  it('says a closed estate is closed and refuses making the reports again with that reason (stage 99)', { timeout: 40_000 }, async () => {
    const net = signedIn([30], 99, [file({})]);
    renderApp('/trustee/reports');
    expect(await screen.findByText('This estate is closed', {}, { timeout: 30_000 })).toBeInTheDocument();
    const again = await screen.findByRole('button', { name: 'Make the reports again' });
    expect(again).toBeDisabled();
    expect(screen.getByText('The estate is closed, so nothing can be changed any more.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download the archive (ZIP)' })).toBeEnabled();
    expect(net.find('POST', '/api/estates/e1/reports/generate')).toHaveLength(0);
  });

  it('shows a beneficiary only their files and no archive', { timeout: 40_000 }, async () => {
    signedIn([10], 90, [file({})]);
    renderApp('/reports');
    expect(await screen.findByText('Who received what', {}, { timeout: 30_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download the archive (ZIP)' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make the reports again' })).not.toBeInTheDocument();
  });
});
