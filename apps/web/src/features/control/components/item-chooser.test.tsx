/**
 * The chooser of a written directive's item (issue 36): the server searches (by number, name or
 * room) and pages, 20 items at a time; each match shows its photo and room; keyboard alone picks.
 */
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ListItem } from '@estate/domain/schemas/items';
import { renderWithProviders } from '../../../test/render-app';
import { json, mockFetch, type MockRequest } from '../../../test/fetch-mock';
import { makeMe } from '../../../test/fixtures';
import { ItemChooser } from './item-chooser';

const ROOMS = [
  { id: 'r1', locationId: 'l1', name: 'Kitchen', position: 0, itemCount: 0 },
  { id: 'r2', locationId: 'l1', name: 'Attic', position: 1, itemCount: 0 },
];

function item(n: number): ListItem {
  return {
    id: `i${n}`,
    number: n,
    label: `A-${String(n).padStart(4, '0')}`,
    name: n % 2 ? `Copper Pan ${n}` : `Oak Chair ${n}`,
    locationId: 'l1',
    roomId: n % 2 ? 'r1' : 'r2',
    categories: [],
    status: 'unassigned',
    distribution: 'divide',
    highInterest: false,
    value: null,
    currency: 'USD',
    photoCount: n === 1 ? 1 : 0,
    thumbUrl: n === 1 ? '/photos/i1-thumb.webp' : null,
    interestCount: 0,
    interested: false,
    assignedTo: null,
    version: 1,
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}
const CATALOGUE = Array.from({ length: 45 }, (_, i) => item(i + 1));

/** The server's list: `q` on name, number and room; pages by a cursor that is the offset here. */
function listItems(request: MockRequest) {
  const search = new URLSearchParams(request.search);
  const q = (search.get('q') ?? '').toLowerCase();
  const room = (id: string | null) => ROOMS.find((r) => r.id === id)?.name.toLowerCase() ?? '';
  const found = CATALOGUE.filter((i) => !q || i.name.toLowerCase().includes(q) || i.label.toLowerCase() === q || room(i.roomId).includes(q));
  const limit = Number(search.get('limit'));
  const from = Number(search.get('cursor') || 0);
  const page = found.slice(from, from + limit);
  return json(200, { items: page, nextCursor: from + limit < found.length ? String(from + limit) : null, total: found.length });
}

function setUp() {
  const api = mockFetch({
    'GET /api/setup': { needsSetup: false },
    'POST /api/auth/refresh': { accessToken: 'token-1' },
    'GET /api/me': makeMe({ roles: [30], stage: 10 }),
    'GET /api/estates/e1/rooms': { rooms: ROOMS },
    'GET /api/estates/e1/items': listItems,
  });
  const chosen: (ListItem | null)[] = [];
  function Harness() {
    const [value, setValue] = useState<ListItem | null>(null);
    return (
      <ItemChooser
        estateId="e1"
        label="Item"
        value={value}
        onChange={(next) => {
          chosen.push(next);
          setValue(next);
        }}
      />
    );
  }
  renderWithProviders(<Harness />);
  const itemCalls = () => api.calls.filter((c) => c.path === '/api/estates/e1/items').map((c) => new URLSearchParams(c.search));
  return { api, chosen, itemCalls };
}

describe('ItemChooser', () => {
  it('lists the first 20 items still to be given, with photo and room, and pages on when scrolled to the end', async () => {
    const { itemCalls } = setUp();
    const box = await screen.findByRole('combobox', { name: 'Item' }, { timeout: 8000 });
    // Nothing is read before the chooser is opened.
    expect(itemCalls()).toHaveLength(0);
    await userEvent.click(box);
    const list = await screen.findByRole('listbox', {}, { timeout: 8000 });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(20), { timeout: 8000 });
    const first = itemCalls()[0]!;
    expect(first.get('status')).toBe('unassigned');
    expect(first.get('limit')).toBe('20');
    expect(first.get('q')).toBeNull();
    const option = within(list).getAllByRole('option')[0]!;
    expect(option.textContent).toContain('A-0001 · Copper Pan 1');
    expect(option.textContent).toContain('Kitchen');
    expect(option.querySelector('img')?.getAttribute('src')).toBe('/photos/i1-thumb.webp');
    expect(screen.getByText(/Showing 20 of 45/)).toBeTruthy();

    // Scrolled to its end, the list asks for the next page (never everything at once).
    Object.defineProperty(list, 'scrollHeight', { configurable: true, value: 2000 });
    Object.defineProperty(list, 'clientHeight', { configurable: true, value: 400 });
    list.scrollTop = 1600;
    fireEvent.scroll(list);
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(40), { timeout: 8000 });
    expect(itemCalls().at(-1)!.get('cursor')).toBe('20');
    expect(itemCalls().every((c) => c.get('limit') === '20')).toBe(true);
  });

  it('searches on the server by name, number or room and picks with the keyboard alone', async () => {
    const { chosen, itemCalls } = setUp();
    const box = await screen.findByRole('combobox', { name: 'Item' }, { timeout: 8000 });
    await userEvent.click(box);
    await screen.findAllByRole('option', {}, { timeout: 8000 });
    await userEvent.type(box, 'attic');
    await waitFor(() => expect(itemCalls().at(-1)!.get('q')).toBe('attic'), { timeout: 8000 });
    await waitFor(() => {
      const names = screen.getAllByRole('option').map((o) => o.textContent ?? '');
      expect(names.length).toBeGreaterThan(0);
      expect(names.every((n) => n.includes('Oak Chair') && n.includes('Attic'))).toBe(true);
    }, { timeout: 8000 });
    // Typing waits for a pause: not a request for every letter of "attic".
    expect(itemCalls().filter((c) => c.get('q') !== null).length).toBeLessThan(5);

    await userEvent.clear(box);
    await userEvent.type(box, 'A-0007');
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([expect.stringContaining('A-0007 · Copper Pan 7')]), { timeout: 8000 });
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(chosen.at(-1)?.id).toBe('i7'));
    expect((box as HTMLInputElement).value).toBe('A-0007 · Copper Pan 7');
  });

  it('says so when nothing matches', async () => {
    setUp();
    const box = await screen.findByRole('combobox', { name: 'Item' }, { timeout: 8000 });
    await userEvent.click(box);
    await userEvent.type(box, 'piano');
    await screen.findByText('No item still to be given matches “piano”.', {}, { timeout: 8000 });
  });
});
