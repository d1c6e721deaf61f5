import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/render-app';
import { apiError, json, mockFetch, type MockHandler } from '../../test/fetch-mock';
import { makeMe } from '../../test/fixtures';
import type { Item, ListItem } from '@estate/domain/schemas/items';

const LOC = '11111111-1111-4111-8111-111111111111';
const ROOM = '22222222-2222-4222-8222-222222222222';

function listItem(n: number, extra: Partial<ListItem> = {}): ListItem {
  return {
    id: `item-${n}`,
    number: n,
    label: `A-${String(n).padStart(4, '0')}`,
    name: `Dining Chair ${n}`,
    locationId: LOC,
    roomId: ROOM,
    categories: ['Furniture'],
    status: 'unassigned',
    distribution: 'divide',
    highInterest: false,
    value: null,
    currency: 'USD',
    photoCount: 0,
    thumbUrl: null,
    interestCount: 0,
    interested: false,
    assignedTo: null,
    version: 1,
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

function fullItem(extra: Partial<Item> = {}): Item {
  return {
    ...listItem(1),
    notes: '',
    tags: [],
    giver: '',
    owners: '',
    brand: '',
    model: '',
    year: null,
    highInterestSource: null,
    assignment: null,
    unwantedOutcome: null,
    featuredPhotoId: null,
    photos: [],
    warnings: [],
    addedByYou: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    name: 'Oak Dining Table',
    id: 'it1',
    version: 2,
    ...extra,
  };
}

function signedIn(roles: number[], stage: number, routes: Record<string, MockHandler | Response | object>) {
  return mockFetch({
    'GET /api/setup': { needsSetup: false },
    'POST /api/auth/refresh': { accessToken: 'token' },
    'GET /api/me': makeMe({ roles, stage }),
    'GET /api/estates/e1/stage': { stage, name: 'Stage' },
    'GET /api/estates/e1/locations': {
      locations: [{ id: LOC, name: 'Family House', position: 0, settings: {}, itemCount: 3, roomCount: 1 }],
    },
    [`GET /api/estates/e1/locations/${LOC}/rooms`]: {
      rooms: [{ id: ROOM, locationId: LOC, name: 'Dining Room', position: 0, itemCount: 3 }],
    },
    'GET /api/estates/e1/labels': { categories: ['Furniture', 'Book'], tags: [] },
    'GET /api/estates/e1/approvals/mine': { approvals: [] },
    'GET /api/estates/e1/members': { members: [] },
    ...routes,
  });
}

describe('item list', () => {
  it('loads the next page at the end and sends filters and search to the server', async () => {
    const api = signedIn([10], 1, {
      'GET /api/estates/e1/items': ({ search }) => {
        const params = new URLSearchParams(search);
        if (params.get('cursor') === 'c2') return json(200, { items: [listItem(3)], nextCursor: null, total: 3 });
        return json(200, { items: [listItem(1), listItem(2)], nextCursor: 'c2', total: 3 });
      },
    });
    renderApp('/p/e1/i?status=hold');
    expect(await screen.findByText('Dining Chair 1', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('3 items')).toBeInTheDocument();
    const first = new URLSearchParams(api.find('GET', '/api/estates/e1/items')[0]!.search);
    expect(first.get('status')).toBe('hold');

    // The end of a short list is on screen, so the next page loads on its own ("Show more" is the fallback).
    expect(await screen.findByText('Dining Chair 3')).toBeInTheDocument();
    expect(api.find('GET', '/api/estates/e1/items').filter((c) => c.search.includes('cursor=c2'))).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search items' }), 'A-0003');
    await waitFor(() =>
      expect(api.find('GET', '/api/estates/e1/items').some((c) => new URLSearchParams(c.search).get('q') === 'A-0003')).toBe(true),
    );
  });

  it('shows the items as photos or as a table, the choice pressed and remembered', async () => {
    signedIn([10], 1, { 'GET /api/estates/e1/items': { items: [listItem(1)], nextCursor: null, total: 1 } });
    const first = renderApp('/p/e1/i');
    expect(await screen.findByText('Dining Chair 1', {}, { timeout: 8000 })).toBeInTheDocument();
    const view = screen.getByRole('group', { name: 'View' });
    expect(within(view).getByRole('button', { name: 'Photos' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('rowgroup')).not.toBeInTheDocument();

    await userEvent.setup().click(within(view).getByRole('button', { name: 'Table' }));
    expect(within(view).getByRole('button', { name: 'Table' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(view).getByRole('button', { name: 'Photos' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('rowgroup')).toBeInTheDocument();

    first.unmount();
    renderApp('/p/e1/i');
    expect(await screen.findByRole('button', { name: 'Table' }, { timeout: 8000 })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says what to do when the estate has no items yet', async () => {
    signedIn([4], 1, { 'GET /api/estates/e1/items': { items: [], nextCursor: null, total: 0 } });
    renderApp('/p/e1/i');
    expect(await screen.findByRole('heading', { name: 'No items yet' }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add an item' }).length).toBeGreaterThan(0);
  });

  it('shows "Requested room do not exist." for an unknown room', async () => {
    signedIn([10], 1, { 'GET /api/estates/e1/items': { items: [], nextCursor: null, total: 0 } });
    renderApp(`/p/e1/l/${LOC}/r/33333333-3333-4333-8333-333333333333/i`);
    expect(await screen.findByText('Requested room do not exist.', {}, { timeout: 8000 })).toBeInTheDocument();
  });
});

describe('item form', () => {
  it('warns live about the style guide and shows what changed after a 412', async () => {
    let current = fullItem();
    const api = signedIn([30], 1, {
      'GET /api/estates/e1/items': { items: [], nextCursor: null, total: 0 },
      'GET /api/estates/e1/items/it1': () => json(200, { item: current }),
      'PATCH /api/estates/e1/items/it1': ({ headers, body }) => {
        if (headers.get('If-Match') === '"2"') {
          current = fullItem({ name: 'Oak Table', version: 3 });
          return apiError(412, 'version_mismatch', 'Changed meanwhile');
        }
        current = fullItem({ ...(body as Partial<Item>), version: 4 });
        return json(200, { item: current });
      },
    });
    renderApp('/p/e1/i/it1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }, { timeout: 8000 }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit item' }));
    const name = dialog.getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'old clock');
    expect(await dialog.findByText(/Start each word with a capital letter/)).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Old Clock');
    await waitFor(() => expect(dialog.queryByText(/Start each word with a capital letter/)).not.toBeInTheDocument());

    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Someone else changed this item while you were editing')).toBeInTheDocument();
    const diff = within(dialog.getByRole('table'));
    expect(diff.getByText('Old Clock')).toBeInTheDocument();
    expect(diff.getByText('Oak Table')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Keep my changes' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.find('PATCH', '/api/estates/e1/items/it1')).toHaveLength(2));
    const retry = api.find('PATCH', '/api/estates/e1/items/it1')[1]!;
    expect(retry.headers.get('If-Match')).toBe('"3"');
    expect(retry.body).toEqual({ name: 'Old Clock' });
  });
});

describe('hearts (stage 11)', () => {
  it('counts the heart at once and rolls back with a message when the server refuses', async () => {
    let release: (r: Response) => void = () => undefined;
    signedIn([10], 11, {
      'GET /api/estates/e1/items/it1': { item: fullItem({ interestCount: 2 }) },
      'PUT /api/estates/e1/items/it1/interest': () => new Promise<Response>((resolve) => (release = resolve)),
    });
    renderApp('/p/e1/i/it1');
    const user = userEvent.setup();
    const heart = await screen.findByRole('button', { name: "I'd like this" }, { timeout: 8000 });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await user.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('3 people interested')).toBeInTheDocument();

    release(apiError(409, 'wrong_stage', 'Hearts are closed.'));
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'));
    expect(screen.getByText('2 people interested')).toBeInTheDocument();
    expect(await screen.findByText(/Your heart was not saved/)).toBeInTheDocument();
  });

  it('keeps the person\'s own heart in view after the hearts\' stage, fixed, with why', async () => {
    signedIn([10], 12, { 'GET /api/estates/e1/items/it1': { item: fullItem({ interested: true, interestCount: 2 }) } });
    renderApp('/p/e1/i/it1');
    const bar = within(await screen.findByRole('navigation', { name: 'Going through the items' }, { timeout: 8000 }));
    const mine = bar.getByRole('button', { name: 'On my wish list' });
    expect(mine).toBeDisabled();
    expect(mine).toHaveAccessibleDescription('This was possible until the stage “Express Your Interest In Items”.');
  });

  it('shows no fixed heart to someone whose role never hearts (a trustee)', async () => {
    signedIn([30], 12, { 'GET /api/estates/e1/items/it1': { item: fullItem({ interestCount: 2 }) } });
    renderApp('/p/e1/i/it1');
    expect(await screen.findByRole('button', { name: 'Edit' }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'On my wish list' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "I'd like this" })).not.toBeInTheDocument();
  });
});

describe('buttons the server would refuse', () => {
  it('offers the trustee\'s item actions after the results disabled, with the reason, and none to a beneficiary', async () => {
    signedIn([30], 40, { 'GET /api/estates/e1/items/it1': { item: fullItem() } });
    renderApp('/p/e1/i/it1');
    const edit = await screen.findByRole('button', { name: 'Edit' }, { timeout: 8000 });
    expect(edit).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(edit).toHaveAccessibleDescription(/This was possible until the stage/);
  });

  it('offers an asset creator Edit and Delete only on the items they added; on others\' disabled, with why', async () => {
    signedIn([4], 1, { 'GET /api/estates/e1/items/it1': { item: fullItem({ addedByYou: false }) } });
    renderApp('/p/e1/i/it1');
    const edit = await screen.findByRole('button', { name: 'Edit' }, { timeout: 8000 });
    expect(edit).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(edit).toHaveAccessibleDescription('Only the person who added this, or a trustee, can change it.');
    // Photos can still be added to it: creators add.
    expect(screen.getByRole('button', { name: 'Photos' })).toBeEnabled();
  });

  it('offers an asset creator Edit and Delete on an item they added', async () => {
    signedIn([4], 1, { 'GET /api/estates/e1/items/it1': { item: fullItem({ addedByYou: true }) } });
    renderApp('/p/e1/i/it1');
    expect(await screen.findByRole('button', { name: 'Edit' }, { timeout: 8000 })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it('says a closed estate changes no more', async () => {
    signedIn([30], 99, { 'GET /api/estates/e1/items/it1': { item: fullItem() } });
    renderApp('/p/e1/i/it1');
    const edit = await screen.findByRole('button', { name: 'Edit' }, { timeout: 8000 });
    expect(edit).toBeDisabled();
    expect(edit).toHaveAccessibleDescription('The estate is closed, so nothing can be changed any more.');
  });

  it("disables every change for the administrator visiting to help, with why, and says so on the page", async () => {
    // The visit of an estate the administrator is not a member of: /api/me lists it with 99 only.
    signedIn([99], 12, { 'GET /api/me': makeMe({ roles: [99], stage: 12, isAdmin: true }), 'GET /api/estates/e1/items/it1': { item: fullItem() } });
    renderApp('/p/e1/i/it1');
    const edit = await screen.findByRole('button', { name: 'Edit' }, { timeout: 8000 });
    expect(edit).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(edit).toHaveAccessibleDescription('You are visiting this estate to help; you can look, but not change anything.');
    expect(screen.getByTestId('support-visit-banner')).toHaveTextContent('You are visiting this estate to help. You can look at everything the family shares, but you cannot change anything.');
    // The family's own buttons too: seen, and not the visitor's to press.
    expect(screen.getByRole('button', { name: "I'd like this" })).toBeDisabled();
  });

  it('gives an administrator who is a member only their membership\'s buttons (no banner)', async () => {
    signedIn([10], 12, { 'GET /api/me': makeMe({ roles: [10], stage: 12, isAdmin: true }), 'GET /api/estates/e1/items/it1': { item: fullItem() } });
    renderApp('/p/e1/i/it1');
    await screen.findByRole('heading', { level: 1 }, { timeout: 8000 });
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByTestId('support-visit-banner')).toBeNull();
  });

  it('shows a beneficiary no trustee buttons at all', async () => {
    signedIn([10], 40, { 'GET /api/estates/e1/items/it1': { item: fullItem() } });
    renderApp('/p/e1/i/it1');
    await screen.findByRole('heading', { level: 1 }, { timeout: 8000 });
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});

describe('review (stage 2)', () => {
  it('flags an item with a comment and a suggested correction of only the changed field', async () => {
    const api = signedIn([10], 2, {
      'GET /api/estates/e1/items/it1': { item: fullItem({ categories: ['Book'] }) },
      'PUT /api/estates/e1/items/it1/approval': () => new Response(null, { status: 204 }),
    });
    renderApp('/p/e1/i/it1');
    const user = userEvent.setup();
    // The question is in the card; the answers are the bar's buttons at the bottom.
    expect(await screen.findByText(/tap “Correct” at the bottom/, {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    await user.click(screen.getByRole('button', { name: "Something's wrong" }));
    await user.type(screen.getByRole('textbox', { name: 'What is wrong?' }), 'The author is missing');
    await user.type(screen.getByRole('textbox', { name: 'Brand/Author' }), 'Jane Austen');
    await user.click(screen.getByRole('button', { name: 'Send flag' }));
    await waitFor(() => expect(api.find('PUT', '/api/estates/e1/items/it1/approval')).toHaveLength(1));
    expect(api.find('PUT', '/api/estates/e1/items/it1/approval')[0]!.body).toEqual({
      status: 'flagged',
      comment: 'The author is missing',
      suggestion: { brand: 'Jane Austen' },
    });
    expect(await screen.findByText('Flag sent to the trustee.')).toBeInTheDocument();
  });
});

describe('going through items in one flow', () => {
  it('approves and moves to the next item of the list last shown, in one tap', async () => {
    window.sessionStorage.setItem('estate.itemFlow.e1', JSON.stringify({ ids: ['it0', 'it1', 'it2'], search: '?review=1' }));
    const api = signedIn([10], 2, {
      'GET /api/estates/e1/items/it1': { item: fullItem() },
      'GET /api/estates/e1/items/it2': { item: fullItem({ id: 'it2', name: 'Brass Lamp', number: 2, label: 'A-0002' }) },
      'PUT /api/estates/e1/items/it1/approval': () => new Response(null, { status: 204 }),
    });
    renderApp('/p/e1/i/it1?review=1');
    const user = userEvent.setup();
    const bar = within(await screen.findByRole('navigation', { name: 'Going through the items' }, { timeout: 8000 }));
    expect(bar.getByText('2 of 3')).toBeInTheDocument();
    await user.click(bar.getByRole('button', { name: 'Correct — next' }));
    await waitFor(() => expect(api.find('PUT', '/api/estates/e1/items/it1/approval')).toHaveLength(1));
    expect(api.find('PUT', '/api/estates/e1/items/it1/approval')[0]!.body).toMatchObject({ status: 'approved' });
    expect(await screen.findByRole('heading', { name: 'Brass Lamp' }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/p/e1/i/it2?review=1');
  });

  it("opens the correction form from 'Something's wrong'", async () => {
    signedIn([10], 2, { 'GET /api/estates/e1/items/it1': { item: fullItem() } });
    renderApp('/p/e1/i/it1');
    const user = userEvent.setup();
    const bar = within(await screen.findByRole('navigation', { name: 'Going through the items' }, { timeout: 8000 }));
    await user.click(bar.getByRole('button', { name: "Something's wrong" }));
    expect(await screen.findByRole('textbox', { name: 'What is wrong?' })).toBeInTheDocument();
  });

  it('says why there is no heart on an item the will already gives', async () => {
    signedIn([10], 11, {
      'GET /api/estates/e1/items/it1': { item: fullItem({ status: 'assigned', assignment: { memberId: 'm9', reason: 'directive', step: 10, at: null, detail: {} } }) },
    });
    renderApp('/p/e1/i/it1');
    const bar = within(await screen.findByRole('navigation', { name: 'Going through the items' }, { timeout: 8000 }));
    expect(bar.getByText('The will already gives this item to someone.')).toBeInTheDocument();
    expect(bar.getByRole('button', { name: "I'd like this" })).toBeDisabled();
  });

  it('offers no heart on a Return item, says why, and does not call it assigned', async () => {
    signedIn([10], 11, { 'GET /api/estates/e1/items/it1': { item: fullItem({ distribution: 'return', status: 'assigned' }) } });
    renderApp('/p/e1/i/it1');
    const bar = within(await screen.findByRole('navigation', { name: 'Going through the items' }, { timeout: 8000 }));
    expect(bar.getByRole('button', { name: "I'd like this" })).toBeDisabled();
    expect(bar.getByText('This item goes back to its owner, so it is not being divided.')).toBeInTheDocument();
    expect(screen.getByText('Goes back to its owner')).toBeInTheDocument();
    expect(screen.queryByText('Assigned')).not.toBeInTheDocument();
  });

  it('keeps a flag: the next tap moves on without approving', async () => {
    window.sessionStorage.setItem('estate.itemFlow.e1', JSON.stringify({ ids: ['it0', 'it1', 'it2'], search: '?review=1' }));
    const api = signedIn([10], 2, {
      'GET /api/estates/e1/items/it1': { item: fullItem() },
      'GET /api/estates/e1/items/it2': { item: fullItem({ id: 'it2', name: 'Brass Lamp', number: 2, label: 'A-0002' }) },
      'GET /api/estates/e1/approvals/mine': { approvals: [{ itemId: 'it1', status: 'flagged', comment: 'Wrong author', suggestion: null, resolution: null, automatic: false }] },
    });
    renderApp('/p/e1/i/it1?review=1');
    const user = userEvent.setup();
    const bar = within(await screen.findByRole('navigation', { name: 'Going through the items' }, { timeout: 8000 }));
    const next = await bar.findByRole('button', { name: 'Next item (your flag stays)' });
    expect(bar.queryByRole('button', { name: 'Correct — next' })).not.toBeInTheDocument();
    await user.click(next);
    expect(await screen.findByRole('heading', { name: 'Brass Lamp' }, { timeout: 8000 })).toBeInTheDocument();
    expect(api.find('PUT', '/api/estates/e1/items/it1/approval')).toHaveLength(0);
  });
});

describe('photos of an item: at most 24', () => {
  const photo = (n: number) => ({
    id: `p${n}`,
    width: 10,
    height: 10,
    thumbUrl: `/api/estates/e1/photos/p${n}/thumb`,
    previewUrl: `/api/estates/e1/photos/p${n}/preview`,
    originalUrl: `/api/estates/e1/photos/p${n}/original`,
    addedByYou: true,
  });
  const openPhotos = async () => {
    renderApp('/p/e1/i/it1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Photos' }, { timeout: 15_000 }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Photos' }, { timeout: 15_000 }));
    // The photo tools load with the dialog.
    await dialog.findByTestId('photo-limit', {}, { timeout: 15_000 });
    return { user, dialog };
  };

  it('says the limit before any upload, and with 24 offers adding disabled with the reason', async () => {
    const api = signedIn([30], 1, { 'GET /api/estates/e1/items/it1': { item: fullItem({ photos: Array.from({ length: 24 }, (_, i) => photo(i + 1)) }) } });
    const { dialog } = await openPhotos();
    expect(dialog.getByTestId('photo-limit').textContent).toContain('Up to 24 photos an item');
    const reason = dialog.getByText('This item has 24 photos, the most it can keep. Delete one to add another.');
    for (const name of ['Take a photo', 'Choose photos']) {
      const button = dialog.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button.getAttribute('aria-describedby')).toBe(reason.id);
    }
    expect(api.find('POST', '/api/estates/e1/items/it1/photos')).toHaveLength(0);
  }, 45_000);

  it('sends only as many as the item has room for and names the rest', async () => {
    const api = signedIn([30], 1, {
      'GET /api/estates/e1/items/it1': { item: fullItem({ photos: Array.from({ length: 23 }, (_, i) => photo(i + 1)) }) },
      'POST /api/estates/e1/items/it1/photos': { photo: photo(24) },
    });
    const { user, dialog } = await openPhotos();
    expect(dialog.queryByTestId('photo-full')).toBeNull();
    const files = ['a.jpg', 'b.jpg', 'c.jpg'].map((name) => new File(['x'], name, { type: 'image/jpeg' }));
    await user.upload(dialog.getByTestId('photo-files'), files);
    await waitFor(() => expect(dialog.getByText(/b\.jpg: not added: an item keeps at most 24 photos/)).toBeTruthy());
    expect(dialog.getByText(/c\.jpg: not added/)).toBeTruthy();
    expect(api.find('POST', '/api/estates/e1/items/it1/photos')).toHaveLength(1);
  }, 45_000);
});
