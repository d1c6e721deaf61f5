/** The to-do app: estate to-dos (links, never deletable) and personal ones (filters, star, soft delete, restore). */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../test/render-app';
import { json, mockFetch, type MockRequest } from '../../../test/fetch-mock';
import { makeMe } from '../../../test/fixtures';

const estateTodo = (stage: number, path: string, required = true) => ({
  id: `stage-e1-${stage}`,
  estateId: 'e1',
  stage,
  titleKey: `stage.${stage}.todo`,
  dueAt: null,
  required,
  done: false,
  path,
});

type Row = { id: string; title: string; starred: boolean; important: boolean; completed: boolean; deleted: boolean };

/** A small stateful server for personal to-dos. */
function signedIn(roles: number[], estate = [estateTodo(20, '/my-items?tab=ranking'), estateTodo(1, '/p/e1/i', false)]) {
  const rows: Row[] = [];
  const full = (r: Row) => ({ notes: '', startAt: null, dueAt: null, completedAt: null, labelIds: [], folderId: null, createdAt: '2026-11-21T12:00:00.000Z', updatedAt: '2026-11-21T12:00:00.000Z', ...r });
  const byId = (req: MockRequest) => rows.find((r) => req.path.includes(r.id))!;
  const net = mockFetch({
    'GET /api/setup': { needsSetup: false },
    'POST /api/auth/refresh': { accessToken: 'token' },
    'GET /api/me': makeMe({ roles, stage: 20 }),
    'GET /api/estates/e1/stage': { stage: 20, name: 'Stage' },
    'GET /api/todos': { todos: estate },
    'GET /api/todos/labels': { labels: [] },
    'GET /api/todos/folders': { folders: [] },
    'GET /api/todos/counts': () => {
      const live = rows.filter((r) => !r.deleted);
      return json(200, {
        counts: {
          estateOpen: estate.length,
          personalOpen: live.filter((r) => !r.completed).length,
          open: estate.length + live.filter((r) => !r.completed).length,
          all: live.length,
          important: live.filter((r) => r.important).length,
          starred: live.filter((r) => r.starred).length,
          done: live.filter((r) => r.completed).length,
          deleted: rows.filter((r) => r.deleted).length,
          folders: {},
          labels: {},
        },
      });
    },
    'GET /api/todos/personal': (req) => {
      const filter = new URLSearchParams(req.search).get('filter');
      const list = rows.filter((r) => (filter === 'deleted' ? r.deleted : !r.deleted && (filter === 'starred' ? r.starred : true)));
      return json(200, { todos: list.map(full) });
    },
    'POST /api/todos/personal': (req) => {
      const row = { id: `0197${rows.length}000-0000-7000-8000-000000000000`, title: (req.body as { title: string }).title, starred: false, important: false, completed: false, deleted: false };
      rows.push(row);
      return json(201, { todo: full(row) });
    },
  });
  // Routes whose path carries the id: answered by a wrapper around the mock.
  const base = net.fetchMock.getMockImplementation()!;
  net.fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    if (url.pathname.startsWith('/api/todos/personal/')) {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Partial<Row>) : {};
      const req = { method, path: url.pathname, search: url.search, body, headers: new Headers() };
      net.calls.push(req);
      const row = byId(req);
      if (method === 'PATCH') Object.assign(row, body);
      if (method === 'DELETE') row.deleted = true;
      if (url.pathname.endsWith('/restore')) row.deleted = false;
      return json(200, { todo: full(row) });
    }
    return base(input, init);
  });
  return net;
}

describe('to-do', () => {
  it('sends a beneficiary to My items', { timeout: 40_000 }, async () => {
    signedIn([10]);
    renderApp('/todo/all');
    // The first render loads the page's code (slow on a busy machine).
    const items = await screen.findAllByTestId('todo', {}, { timeout: 30_000 });
    expect(within(items[0]!).getByRole('link', { name: 'Do it now' })).toHaveAttribute('href', '/my-items?tab=ranking');
  });

  it('does not send a trustee who is not a beneficiary to My items', async () => {
    signedIn([30]);
    renderApp('/todo/all');
    const items = await screen.findAllByTestId('todo', {}, { timeout: 8000 });
    expect(within(items[0]!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(items[1]!).getByRole('link', { name: 'Do it now' })).toHaveAttribute('href', '/p/e1/i');
  });

  it('never offers to delete a required estate to-do, and says why', async () => {
    signedIn([10]);
    renderApp('/todo/all');
    const [required] = await screen.findAllByTestId('todo');
    const del = within(required!).getByRole('button', { name: 'Delete' });
    expect(del).toBeDisabled();
    expect(del).toHaveAccessibleDescription('Required by the estate: it cannot be deleted, and it goes away once it is done.');
  });

  it('adds a to-do, stars it, finds it under Starred, deletes it and restores it from Deleted', { timeout: 40_000 }, async () => {
    const net = signedIn([10]);
    renderApp('/todo/all');
    await userEvent.click(await screen.findByRole('button', { name: 'New to-do' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'What to do' }), 'Collect the photo albums');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const row = await screen.findByTestId('personal-todo');
    expect(net.find('POST', '/api/todos/personal')[0]?.body).toMatchObject({ title: 'Collect the photo albums' });

    await userEvent.click(within(row).getByRole('button', { name: 'Star' }));
    await waitFor(() => expect(within(screen.getByTestId('personal-todo')).getByRole('button', { name: 'Star' })).toHaveAttribute('aria-pressed', 'true'));

    // On a narrow screen the lists are behind the "Lists" button.
    const openList = async (name: RegExp) => {
      await userEvent.click(screen.getByRole('button', { name: 'Lists' }));
      await userEvent.click(await screen.findByRole('link', { name }));
    };
    await openList(/Starred/);
    await waitFor(() => expect(net.calls.some((c) => c.path === '/api/todos/personal' && c.search === '?filter=starred')).toBe(true));
    await userEvent.click(within(await screen.findByTestId('personal-todo')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Nothing starred.')).toBeInTheDocument();

    await openList(/Deleted/);
    const deleted = await screen.findByTestId('personal-todo');
    await userEvent.click(within(deleted).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Nothing in Deleted.')).toBeInTheDocument();
    await openList(/All/);
    expect(await screen.findByText('Collect the photo albums')).toBeInTheDocument();
  });
});
