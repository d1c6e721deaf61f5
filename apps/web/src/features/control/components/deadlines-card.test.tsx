/**
 * The deadline form on the control panel: a time in the past is refused before anything is sent,
 * a good one is saved with "move on automatically", the server's refusal is shown, and a deadline
 * can be removed.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_ESTATE_SETTINGS } from '@estate/domain/schemas/estate';
import { renderApp } from '../../../test/render-app';
import { apiError, json, mockFetch, type MockRequest } from '../../../test/fetch-mock';
import { makeMe } from '../../../test/fixtures';
import type { Deadline } from '@estate/domain/schemas/deadlines';

const estate = {
  id: 'e1',
  name: 'Smith Estate',
  stage: 2,
  deadlines: {},
  settings: DEFAULT_ESTATE_SETTINGS,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const STAGE_2 = 'Beneficiaries Approve All Items';

/** "2026-05-12T18:00", local time, as the datetime-local input holds it. */
function local(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function setUp(
  put: (request: MockRequest) => Response = (request) => json(200, request.body),
  initial: Deadline[] = [],
) {
  let deadlines = initial;
  return mockFetch({
    'GET /api/setup': { needsSetup: false },
    'POST /api/auth/refresh': { accessToken: 'token-1' },
    'GET /api/me': makeMe({ roles: [30], stage: 2 }),
    'GET /api/estates/e1/stage': { stage: 2, name: 'x', next: { stage: 10, name: 'y' } },
    'GET /api/estates/e1': { estate },
    'GET /api/estates/e1/participation/2': { stage: 2, members: [] },
    'GET /api/estates/e1/approvals/progress': { totalItems: 0, members: [] },
    'GET /api/estates/e1/approvals/flags': { flags: [] },
    'GET /api/estates/e1/deadlines': () => json(200, { deadlines }),
    'PUT /api/estates/e1/deadlines/2': (request) => {
      const answer = put(request);
      if (answer.ok) {
        const body = request.body as { dueAt: string; autoAdvance: boolean };
        deadlines = [
          { stage: 2, name: STAGE_2, dueAt: body.dueAt, autoAdvance: body.autoAdvance, passed: false },
        ];
      }
      return answer;
    },
    'DELETE /api/estates/e1/deadlines/2': () => {
      deadlines = [];
      return json(204);
    },
  });
}

async function stageTwo() {
  return screen.findByRole('group', { name: STAGE_2 }, { timeout: 8000 });
}

describe('deadline form', () => {
  it('refuses a time in the past before sending anything, then saves a future one with "move on automatically"', async () => {
    const api = setUp();
    renderApp('/trustee/control');
    const row = await stageTwo();
    expect(within(row).getByText('No deadline set.')).toBeInTheDocument();
    const input = within(row).getByLabelText('Date and time');
    const save = within(row).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    fireEvent.change(input, { target: { value: local(new Date(Date.now() - 3600_000)) } });
    await userEvent.click(save);
    const refusal = await within(row).findByRole('alert');
    expect(refusal).toHaveTextContent('That time has already gone by. Choose a date and time in the future.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-describedby', refusal.id);
    expect(api.find('PUT', '/api/estates/e1/deadlines/2')).toHaveLength(0);

    const due = new Date(Date.now() + 3 * 24 * 3600_000);
    due.setSeconds(0, 0);
    fireEvent.change(input, { target: { value: local(due) } });
    // Changing the time clears the old complaint.
    expect(within(row).queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(within(row).getByRole('switch', { name: 'Move on automatically at the deadline' }));
    await userEvent.click(save);
    await waitFor(() => expect(api.find('PUT', '/api/estates/e1/deadlines/2')).toHaveLength(1));
    expect(api.find('PUT', '/api/estates/e1/deadlines/2')[0]?.body).toEqual({
      dueAt: due.toISOString(),
      autoAdvance: true,
    });
    expect(await screen.findByText('Deadline saved.')).toBeInTheDocument();
    expect(await within(row).findByText(/then the estate moves on by itself/)).toBeInTheDocument();
    // The form shows what is stored.
    expect(input).toHaveValue(local(due));
    expect(within(row).getByRole('switch', { name: 'Move on automatically at the deadline' })).toBeChecked();
  });

  it('shows the server’s reason when it refuses', async () => {
    setUp(() =>
      apiError(400, 'validation_failed', 'A deadline must be in the future.', {
        dueAt: 'Choose a date and time in the future.',
      }),
    );
    renderApp('/trustee/control');
    const row = await stageTwo();
    fireEvent.change(within(row).getByLabelText('Date and time'), {
      target: { value: local(new Date(Date.now() + 3600_000)) },
    });
    await userEvent.click(within(row).getByRole('button', { name: 'Save' }));
    expect(await within(row).findByRole('alert')).toHaveTextContent('A deadline must be in the future.');
    expect(screen.queryByText('Deadline saved.')).not.toBeInTheDocument();
  });

  it('removes a deadline', async () => {
    const dueAt = new Date(Date.now() + 24 * 3600_000).toISOString();
    const api = setUp(undefined, [{ stage: 2, name: STAGE_2, dueAt, autoAdvance: false, passed: false }]);
    renderApp('/trustee/control');
    const row = await stageTwo();
    expect(await within(row).findByText(/^Due /)).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Remove deadline' }));
    await waitFor(() => expect(api.find('DELETE', '/api/estates/e1/deadlines/2')).toHaveLength(1));
    expect(await screen.findByText('Deadline removed.')).toBeInTheDocument();
    expect(await within(row).findByText('No deadline set.')).toBeInTheDocument();
    expect(within(row).getByLabelText('Date and time')).toHaveValue('');
  });

  it('a deadline that has passed can no longer be changed', async () => {
    const dueAt = new Date(Date.now() - 24 * 3600_000).toISOString();
    setUp(undefined, [{ stage: 2, name: STAGE_2, dueAt, autoAdvance: true, passed: true }]);
    renderApp('/trustee/control');
    const row = await stageTwo();
    expect(await within(row).findByText(/^Passed on /)).toBeInTheDocument();
    expect(within(row).getByLabelText('Date and time')).toBeDisabled();
    expect(within(row).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(within(row).queryByRole('button', { name: 'Remove deadline' })).not.toBeInTheDocument();
  });
});
