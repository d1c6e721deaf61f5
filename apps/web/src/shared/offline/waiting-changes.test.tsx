/**
 * What waits on the phone, under the toolbar (issue 34): the waiting line with each language's
 * plurals, an edit of an item changed meanwhile with what to do, and the lists read again only when
 * something was sent (opening the app with nothing waiting reads nothing twice).
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import arStories from '../i18n/locales/ar/stories.json';
import trStories from '../i18n/locales/tr/stories.json';
import { i18n } from '../i18n/i18n';
import { setAccessToken } from '../api/client';
import { queryClient } from '../api/query-client';
import { renderWithProviders } from '../../test/render-app';
import { json, mockFetch } from '../../test/fetch-mock';
import { keepChange, keepEdit, putAside, sendWaiting, waitingChanges } from './queue';
import { WaitingChanges, waitingWhat } from './waiting-changes';

const E = 'e1';

function offline(off: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!off);
}

/** Every IndexedDB read queued before this one has answered (its transactions run in order). */
const queueRead = () => waitingChanges();

beforeEach(async () => {
  for (const change of await waitingChanges()) await putAside(change.seq!);
  setAccessToken('token');
});

afterEach(() => {
  mockFetch({});
});

describe('the waiting line', () => {
  it('counts each kind with its plural and leaves out what is not there', () => {
    const t = i18n.getFixedT('en');
    expect(waitingWhat({ items: 1, edits: 0, photos: 2, stories: 1 }, t)).toBe('1 item, 2 photos, 1 story');
    expect(waitingWhat({ items: 12, edits: 1, photos: 31, stories: 3 }, t)).toBe('12 items, 1 change, 31 photos, 3 stories');
  });

  it('uses Arabic’s six forms and Turkish’s one', () => {
    i18n.addResourceBundle('ar', 'stories', arStories, true, true);
    i18n.addResourceBundle('tr', 'stories', trStories, true, true);
    const ar = i18n.getFixedT('ar');
    expect(waitingWhat({ items: 1, edits: 0, photos: 2, stories: 0 }, ar)).toBe('قطعة واحدة، صورتان');
    expect(waitingWhat({ items: 3, edits: 11, photos: 100, stories: 0 }, ar)).toBe('3 قطع، 11 تغييرًا، 100 صورة');
    expect(waitingWhat({ items: 0, edits: 0, photos: 0, stories: 2 }, ar)).toBe('حكايتان');
    const tr = i18n.getFixedT('tr');
    expect(waitingWhat({ items: 2, edits: 0, photos: 1, stories: 5 }, tr)).toBe('2 eşya, 1 fotoğraf, 5 hikâye');
  });

  it('shows what waits while offline', async () => {
    offline(true);
    await keepChange({ kind: 'item', estateId: E, name: 'Rocking Chair', body: { name: 'Rocking Chair' } });
    await keepEdit({ estateId: E, itemId: 'i1', name: 'Oak Chest', version: 3, body: { roomId: 'r2' } });
    renderWithProviders(<WaitingChanges />);
    expect(await screen.findByTestId('waiting-changes')).toHaveTextContent('Waiting to be sent (1 item, 1 change)');
  });
});

describe('an edit of an item changed meanwhile', () => {
  it('shows the person’s values beside the newer ones by name, and taking the newer puts theirs aside', async () => {
    offline(true);
    await keepChange({
      kind: 'edit',
      estateId: E,
      itemId: 'i1',
      name: 'Oak Chest',
      version: 3,
      body: { roomId: 'r2', notes: 'Key in the top drawer' },
      placeNames: { r2: 'Attic', r3: 'Cellar' },
      refusal: 'Someone changed this item meanwhile.',
      newer: { version: 5, values: { roomId: 'r3', notes: '' } },
    });
    renderWithProviders(<WaitingChanges />);
    const alert = await screen.findByTestId('changed-meanwhile');
    expect(alert).toHaveTextContent('Someone changed “Oak Chest” while you were offline');
    const rows = screen.getAllByRole('row').map((r) => r.textContent);
    expect(rows).toEqual(['FieldYour changeNow', 'RoomAtticCellar', 'NotesKey in the top drawer—']);
    expect(screen.getByRole('button', { name: 'Keep mine' })).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: 'Take the newer' }));
    await waitFor(() => expect(screen.queryByTestId('waiting-changes')).not.toBeInTheDocument());
    expect(await waitingChanges()).toEqual([]);
  });
});

describe('reading the lists again', () => {
  it('does not read the lists again when the app opens with nothing waiting', async () => {
    offline(false);
    const { calls } = mockFetch({});
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    renderWithProviders(<WaitingChanges />);
    await sendWaiting();
    await queueRead();
    await queueRead();
    expect(invalidate).not.toHaveBeenCalled();
    expect(calls.filter((c) => c.path.startsWith('/api/estates/'))).toEqual([]);
  });

  it('reads them again once what waited was sent', async () => {
    offline(false);
    await keepChange({ kind: 'item', estateId: E, name: 'Rocking Chair', body: { name: 'Rocking Chair' } });
    const { find } = mockFetch({ [`POST /api/estates/${E}/items`]: () => json(201, { item: { id: 'n1', version: 1 } }) });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    renderWithProviders(<WaitingChanges />);
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['estate'] }));
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(find('POST', `/api/estates/${E}/items`)).toHaveLength(1);
  });
});
