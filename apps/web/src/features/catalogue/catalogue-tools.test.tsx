/**
 * The catalogue's tools around the item list: import from a file (preview, then confirm), a
 * location's settings, and putting an item on hold. Only `fetch` is faked.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/render-app';
import { apiError, json, mockFetch, type MockHandler } from '../../test/fetch-mock';
import { makeMe } from '../../test/fixtures';
import type { ImportPreviewAnswer } from '@estate/domain/schemas/catalogue-io';
import type { Item } from '@estate/domain/schemas/items';

const LOC = '11111111-1111-4111-8111-111111111111';
const TRUSTEE = [30];

function signedIn(routes: Record<string, MockHandler | Response | object>) {
  return mockFetch({
    'GET /api/setup': { needsSetup: false },
    'POST /api/auth/refresh': { accessToken: 'token' },
    'GET /api/me': makeMe({ roles: TRUSTEE, stage: 1 }),
    'GET /api/estates/e1/stage': { stage: 1, name: 'Stage' },
    'GET /api/estates/e1/locations': {
      locations: [{ id: LOC, name: 'Family House', position: 0, settings: {}, itemCount: 0, roomCount: 0 }],
    },
    [`GET /api/estates/e1/locations/${LOC}/rooms`]: { rooms: [] },
    'GET /api/estates/e1/labels': { categories: [], tags: [] },
    'GET /api/estates/e1/members': { members: [] },
    'GET /api/estates/e1/items': { items: [], nextCursor: null, total: 0 },
    ...routes,
  });
}

function preview(summary: Partial<ImportPreviewAnswer['summary']>, rows: ImportPreviewAnswer['rows']): ImportPreviewAnswer {
  return {
    rows,
    summary: {
      format: 'csv',
      rows: rows.length,
      create: 0,
      update: 0,
      unchanged: 0,
      error: 0,
      newLocations: [],
      newRooms: [],
      newCategories: [],
      newTags: [],
      ignoredColumns: [],
      ...summary,
    },
  };
}

/** The file sent in a multipart request (the fake network keeps only text bodies). */
function sentFile(api: ReturnType<typeof mockFetch>, path: string): File | null {
  const url = (input: RequestInfo | URL) =>
    typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const call = api.fetchMock.mock.calls.find(([input]) => url(input).endsWith(path));
  const body = call?.[1]?.body;
  return body instanceof FormData ? (body.get('file') as File | null) : null;
}

async function openImport() {
  renderApp('/p/e1/i');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'More actions' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Import from a file' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import items' });
  return { user, dialog: within(dialog), element: dialog };
}

describe('import from a file', () => {
  it('shows what would change, then imports the same file on confirm', async () => {
    const api = signedIn({
      'POST /api/estates/e1/items/import/preview': preview(
        { create: 1, update: 1, unchanged: 1, newLocations: ['Lake Cottage'], ignoredColumns: ['Colour'] },
        [
          { row: 2, action: 'create' },
          {
            row: 3,
            action: 'update',
            itemId: 'it3',
            changes: { Name: { from: 'Oak Table', to: 'Oak Dining Table' } },
          },
          { row: 4, action: 'unchanged', itemId: 'it4' },
        ],
      ),
      'POST /api/estates/e1/items/import': { created: 1, updated: 1, unchanged: 1 },
    });
    const { user, dialog, element } = await openImport();
    const confirm = dialog.getByRole('button', { name: 'Import' });
    expect(confirm).toBeDisabled();

    const file = new File(['Name,Location / Room\nOak Dining Table,Lake Cottage\n'], 'items.csv', {
      type: 'text/csv',
    });
    await user.upload(dialog.getByLabelText('Choose a file'), file);
    expect(await dialog.findByText('1 new')).toBeInTheDocument();
    expect(dialog.getByText('1 changed')).toBeInTheDocument();
    expect(dialog.getByText('1 unchanged')).toBeInTheDocument();
    expect(dialog.getByText('0 with problems')).toBeInTheDocument();
    expect(dialog.getByText('New places: Lake Cottage')).toBeInTheDocument();
    expect(dialog.getByText('Columns not used: Colour')).toBeInTheDocument();
    expect(dialog.getByText('items.csv')).toBeInTheDocument();
    // Rows that change are listed with what changes; unchanged rows are not.
    const rows = within(dialog.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['2', '3']);
    expect(rows[1]).toHaveTextContent('Name: Oak Table → Oak Dining Table');
    expect(sentFile(api, '/items/import/preview')?.name).toBe('items.csv');
    expect(api.find('POST', '/api/estates/e1/items/import')).toHaveLength(0);

    await user.click(confirm);
    expect(await screen.findByText('Imported: 1 new, 1 changed, 1 unchanged.')).toBeInTheDocument();
    await waitFor(() => expect(element).not.toBeInTheDocument());
    expect(sentFile(api, '/items/import')).toBe(file);
    // The list is asked for again, with the new items.
    await waitFor(() => expect(api.find('GET', '/api/estates/e1/items').length).toBeGreaterThan(1));
  });

  it('imports nothing when nothing would change, or when a row has a problem', async () => {
    let answer = preview({ unchanged: 2 }, [
      { row: 2, action: 'unchanged', itemId: 'a' },
      { row: 3, action: 'unchanged', itemId: 'b' },
    ]);
    const api = signedIn({ 'POST /api/estates/e1/items/import/preview': () => json(200, answer) });
    const { user, dialog } = await openImport();
    await user.upload(
      dialog.getByLabelText('Choose a file'),
      new File(['x'], 'same.csv', { type: 'text/csv' }),
    );
    expect(await dialog.findByText('2 unchanged')).toBeInTheDocument();
    expect(
      dialog.getByText('Nothing to import: every row already matches the catalogue.'),
    ).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(dialog.queryByRole('table')).not.toBeInTheDocument();

    answer = preview({ create: 1, error: 1 }, [
      { row: 2, action: 'create' },
      { row: 3, action: 'error', errors: { Year: 'Enter a year between 1000 and 2100.' } },
    ]);
    await user.upload(
      dialog.getByLabelText('Choose another file'),
      new File(['y'], 'bad.csv', { type: 'text/csv' }),
    );
    expect(await dialog.findByText('1 with problems')).toBeInTheDocument();
    const problem = within(dialog.getByRole('table')).getAllByRole('row')[2]!;
    expect(problem).toHaveTextContent('Problem');
    expect(problem).toHaveTextContent('Year: Enter a year between 1000 and 2100.');
    expect(dialog.getByText(/nothing is imported while a row has a problem/)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(api.find('POST', '/api/estates/e1/items/import')).toHaveLength(0);
  });

  it('says why when the server cannot read the file', async () => {
    signedIn({
      'POST /api/estates/e1/items/import/preview': apiError(
        415,
        'unsupported_type',
        'That file is not a spreadsheet we can read.',
      ),
    });
    const { user, dialog } = await openImport();
    await user.upload(
      dialog.getByLabelText('Choose a file'),
      new File(['%PDF'], 'scan.csv', { type: 'text/csv' }),
    );
    expect(await dialog.findByText(/not a spreadsheet we can read/)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled();
  });

  it('refuses a file over the size limit before sending it, and shows the limit the server names', async () => {
    const api = signedIn({
      'POST /api/estates/e1/items/import/preview': apiError(
        413,
        'too_large',
        'The file has more than 5,000 rows; at most 5,000 can be imported at once. Please split it into smaller files.',
      ),
    });
    const { user, dialog } = await openImport();
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'everything.csv', { type: 'text/csv' });
    await user.upload(dialog.getByLabelText('Choose a file'), big);
    expect(await dialog.findByText(/larger than 10 MB, the most we can import at once/)).toBeInTheDocument();
    expect(api.find('POST', '/api/estates/e1/items/import/preview')).toHaveLength(0);
    await user.upload(
      dialog.getByLabelText('Choose another file'),
      new File(['Name\nSpoon'], 'spoons.csv', { type: 'text/csv' }),
    );
    expect(await dialog.findByText(/more than 5,000 rows; at most 5,000/)).toBeInTheDocument();
  });
});

describe('location settings', () => {
  it('saves the colour, board covers and notifications; refuses a bad colour code', async () => {
    const api = signedIn({
      [`PATCH /api/estates/e1/locations/${LOC}`]: ({ body }) =>
        json(200, {
          location: {
            id: LOC,
            name: 'Family House',
            position: 0,
            settings: (body as { settings: object }).settings,
            itemCount: 0,
            roomCount: 0,
          },
        }),
    });
    renderApp('/p/e1/l');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Family House/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Settings' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Settings' }));

    const covers = dialog.getByRole('switch', { name: 'Show photos on board cards' });
    const subscribed = dialog.getByRole('switch', { name: 'Tell me about changes here' });
    expect(covers).toBeChecked();
    expect(subscribed).not.toBeChecked();
    expect(dialog.getByRole('radio', { name: '#5b7083' })).toHaveAttribute('aria-checked', 'true');

    const hex = dialog.getByRole('textbox', { name: 'Colour code' });
    await user.clear(hex);
    await user.type(hex, '#12345');
    expect(dialog.getByText('Bad Hex')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.click(dialog.getByRole('radio', { name: '#2e7d32' }));
    expect(hex).toHaveValue('#2e7d32');
    expect(dialog.getByRole('radio', { name: '#2e7d32' })).toHaveAttribute('aria-checked', 'true');
    await user.click(covers);
    await user.click(subscribed);
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.find('PATCH', `/api/estates/e1/locations/${LOC}`)).toHaveLength(1));
    expect(api.find('PATCH', `/api/estates/e1/locations/${LOC}`)[0]!.body).toEqual({
      settings: { color: '#2e7d32', subscribed: true, cardCoverImages: false },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Settings' })).not.toBeInTheDocument());
  });
});

describe('hold', () => {
  function item(extra: Partial<Item> = {}): Item {
    return {
      id: 'it1',
      number: 1,
      label: 'A-0001',
      name: 'Oak Dining Table',
      notes: '',
      locationId: null,
      roomId: null,
      categories: ['Furniture'],
      tags: [],
      giver: '',
      owners: '',
      brand: '',
      model: '',
      year: null,
      value: null,
      currency: 'USD',
      distribution: 'divide',
      status: 'unassigned',
      highInterest: false,
      highInterestSource: null,
      assignment: null,
      unwantedOutcome: null,
      featuredPhotoId: null,
      photos: [],
      interestCount: 0,
      interested: false,
      warnings: [],
      addedByYou: false,
      version: 3,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      ...extra,
    };
  }

  it('a trustee puts an item on hold and back in the pool through the hold route, each time with its version', async () => {
    let current = item();
    const hold: MockHandler = ({ method }) => {
      current = item({ status: method === 'PUT' ? 'hold' : 'unassigned', version: current.version + 1 });
      return json(200, { item: current });
    };
    const api = signedIn({
      'GET /api/estates/e1/items/it1': () => json(200, { item: current }),
      'PUT /api/estates/e1/items/it1/hold': hold,
      'DELETE /api/estates/e1/items/it1/hold': hold,
    });
    renderApp('/p/e1/i/it1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Put on hold' }));
    expect(await screen.findByRole('button', { name: 'Back to the pool' })).toBeInTheDocument();
    expect(screen.getAllByText('Hold').length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Back to the pool' }));
    expect(await screen.findByRole('button', { name: 'Put on hold' })).toBeInTheDocument();
    const holds = api.calls.filter((c) => c.path === '/api/estates/e1/items/it1/hold');
    expect(holds.map((c) => [c.method, c.headers.get('If-Match')])).toEqual([
      ['PUT', '"3"'],
      ['DELETE', '"4"'],
    ]);
    // A PATCH no longer carries a status.
    expect(api.find('PATCH', '/api/estates/e1/items/it1')).toHaveLength(0);
  });

  const routes = (roles: number[], status: Item['status'], stage = 1) => ({
    'GET /api/setup': { needsSetup: false },
    'POST /api/auth/refresh': { accessToken: 'token' },
    'GET /api/me': makeMe({ roles, stage }),
    'GET /api/estates/e1/stage': { stage, name: 'Stage' },
    'GET /api/estates/e1/locations': { locations: [] },
    'GET /api/estates/e1/members': { members: [] },
    'GET /api/estates/e1/items/it1': { item: item({ status }) },
  });

  it('is not offered to a creator', async () => {
    mockFetch(routes([4], 'unassigned'));
    renderApp('/p/e1/i/it1');
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Put on hold' })).not.toBeInTheDocument();
  });

  it('is not offered for an item already assigned', async () => {
    mockFetch(routes(TRUSTEE, 'assigned'));
    renderApp('/p/e1/i/it1');
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Put on hold' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back to the pool' })).not.toBeInTheDocument();
  });

  describe('value', () => {
    it('an appraiser sets the value and currency through the value route, with the version', async () => {
      let current = item({ status: 'unassigned' });
      const api = mockFetch({
        ...routes([20], 'unassigned', 11),
        'GET /api/estates/e1/items/it1': () => json(200, { item: current }),
        'PUT /api/estates/e1/items/it1/value': ({ body }) => {
          const { value, currency } = body as { value: number; currency: string };
          current = item({ value: value.toFixed(2), currency, version: current.version + 1 });
          return json(200, { item: current });
        },
      });
      renderApp('/p/e1/i/it1');
      const form = within(await screen.findByRole('form', { name: 'Value' }));
      // An appraiser does not edit the rest of the item.
      expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
      const user = userEvent.setup();
      await user.click(form.getByRole('combobox', { name: 'Currency' }));
      await user.click(await screen.findByRole('option', { name: /^EUR/ }));
      await user.type(form.getByRole('textbox', { name: 'Amount' }), '1,250.50');
      await user.click(form.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(api.find('PUT', '/api/estates/e1/items/it1/value')).toHaveLength(1));
      const [put] = api.find('PUT', '/api/estates/e1/items/it1/value');
      expect([put?.headers.get('If-Match'), put?.body]).toEqual(['"3"', { value: 1250.5, currency: 'EUR' }]);
      expect(await screen.findByText('€1,250.50')).toBeInTheDocument();
      expect(api.find('PATCH', '/api/estates/e1/items/it1')).toHaveLength(0);
    });

    it('says what to type instead of sending something that is not an amount', async () => {
      const api = mockFetch(routes([20], 'unassigned', 11));
      renderApp('/p/e1/i/it1');
      const form = within(await screen.findByRole('form', { name: 'Value' }));
      const user = userEvent.setup();
      await user.type(form.getByRole('textbox', { name: 'Amount' }), 'about 20');
      await user.click(form.getByRole('button', { name: 'Save' }));
      expect(await form.findByText('Enter an amount such as 120.50.')).toBeInTheDocument();
      expect(api.find('PUT', '/api/estates/e1/items/it1/value')).toHaveLength(0);
    });

    it.each([
      ['a beneficiary', [10], 11],
      ['an appraiser once results are published', [20], 40],
    ])('is not offered to %s', async (_who, roles, stage) => {
      mockFetch(routes(roles, 'unassigned', stage));
      renderApp('/p/e1/i/it1');
      expect(await screen.findByRole('heading', { name: 'Oak Dining Table' })).toBeInTheDocument();
      expect(screen.queryByRole('form', { name: 'Value' })).not.toBeInTheDocument();
    });
  });

  // One way to ask at a time: the family's chat before the results, a question on the record after.
  it.each([
    [11, 'Ask about this item', 'Ask about this result'],
    [40, 'Ask about this result', 'Ask about this item'],
  ])('a beneficiary in stage %i is offered "%s" and not "%s"', async (stage, offered, notOffered) => {
    mockFetch({ ...routes([10], 'unassigned', stage), 'GET /api/estates/e1/agreements': { agreements: [] } });
    renderApp('/p/e1/i/it1');
    expect(await screen.findByRole('button', { name: offered }, { timeout: 10_000 })).toBeEnabled();
    expect(screen.queryByRole('button', { name: notOffered })).not.toBeInTheDocument();
  });
});
