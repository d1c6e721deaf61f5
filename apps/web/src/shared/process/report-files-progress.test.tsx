/**
 * Stage 90's report files are made after the move has answered: the trustee reads that they are
 * being made, that they will be tried again, or what to do when they could not be made.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { StageJob } from '@estate/domain/schemas/stages';
import { renderWithProviders } from '../../test/render-app';
import { mockFetch } from '../../test/fetch-mock';
import { ReportFilesProgress } from './report-files-progress';

const job = (status: StageJob['status'], attempts: number): StageJob => ({
  effect: 'make-report-files',
  status,
  attempts,
  queuedAt: '2026-11-29T10:00:00.000Z',
  finishedAt: null,
});

function show(jobs: StageJob[]) {
  mockFetch({ 'GET /api/estates/e1/stage/jobs': { jobs } });
  return renderWithProviders(<ReportFilesProgress estateId="e1" enabled />);
}

describe('the report files’ progress', () => {
  it('says the files are being made while the job waits or runs', async () => {
    show([job('running', 1)]);
    expect(await screen.findByRole('status')).toHaveTextContent(/being made/);
  });

  it('says they will be tried again after a failed try', async () => {
    show([job('failed', 1)]);
    expect(await screen.findByTestId('report-files-progress')).toHaveTextContent(/tried again/);
  });

  it('says what to do once the tries are used up', async () => {
    show([job('failed', 3)]);
    expect(await screen.findByTestId('report-files-progress')).toHaveTextContent(/Make the reports again/);
  });

  it('says nothing once the files are made', async () => {
    const { container } = show([job('done', 1)]);
    await waitFor(() => expect(container.textContent).toBe(''));
  });
});
