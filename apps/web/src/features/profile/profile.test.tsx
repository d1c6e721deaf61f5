/** The profile in the running app: the timeline speaks in sentences, the photos tab gathers photos, edit saves. */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/render-app';
import { mockFetch } from '../../test/fetch-mock';
import { makeMe } from '../../test/fixtures';

const signedIn = (me = makeMe()) => ({
  'GET /api/setup': { needsSetup: false },
  'POST /api/auth/refresh': { accessToken: 'token-1' },
  'GET /api/me': me,
  'GET /api/estates/e1/stage': { stage: 11, name: 'Express Your Interest In Items' },
  'GET /api/me/profile': { profile: { phone: '+90 212 555 01 01', avatarUrl: null } },
});

const entry = (kind: string, values: Record<string, string | number>, path: string | null = null) => ({
  id: `${kind}-id`,
  estateId: 'e1',
  estateName: 'Smith Estate',
  kind,
  values,
  path,
  at: '2026-11-20T10:00:00.000Z',
});

describe('profile', () => {
  it('writes the timeline as sentences, with links to the items, and no codes', async () => {
    mockFetch({
      ...signedIn(),
      'GET /api/me/timeline': {
        entries: [
          entry('interestAdded', { item: 'A-0001 Brass Lamp' }, '/p/e1/i/i1'),
          entry('done', { stage: 2 }),
          entry('itemUpdated', { item: 'A-0002 Clock', field: 'brand' }, '/p/e1/i/i2'),
          entry('rankingSet', { count: 3 }),
          entry('agreementAccepted', { document: 'terms' }),
          entry('somethingNew', {}),
        ],
        nextCursor: null,
      },
    });
    renderApp('/profile/timeline');
    // The first page of a run loads the profile's code: allow a busy machine time for it.
    const list = await screen.findByRole('list', { name: 'Timeline' }, { timeout: 15_000 });
    expect(within(list).getByRole('link', { name: 'You said you would like A-0001 Brass Lamp.' })).toHaveAttribute('href', '/p/e1/i/i1');
    expect(within(list).getByText('You said you were done with “Beneficiaries Approve All Items”.')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'You changed the brand of A-0002 Clock.' })).toBeInTheDocument();
    expect(within(list).getByText('You saved your ranking (3 items).')).toBeInTheDocument();
    expect(within(list).getByText('You accepted the Terms of Use.')).toBeInTheDocument();
    expect(within(list).getByText('You made a change in the estate.')).toBeInTheDocument();
    expect(list.textContent).not.toMatch(/interestAdded|somethingNew|\{|→/);
  });

  it('gathers the photos the person added, each opening its item', async () => {
    mockFetch({
      ...signedIn(),
      'GET /api/me/photos': {
        photos: [
          {
            id: 'p1',
            estateId: 'e1',
            estateName: 'Smith Estate',
            itemId: 'i1',
            itemName: 'Brass Lamp',
            itemNumber: 1,
            thumbUrl: '/api/estates/e1/photos/p1/thumb?expires=1&sig=x',
            previewUrl: '/api/estates/e1/photos/p1/preview?expires=1&sig=x',
            addedAt: '2026-11-20T10:00:00.000Z',
          },
        ],
        nextCursor: null,
      },
    });
    renderApp('/profile/photos');
    const photo = await screen.findByRole('img', { name: 'A-0001 Brass Lamp' });
    expect(photo.closest('a')).toHaveAttribute('href', '/p/e1/i/i1');
  });

  it('shows the phone and language in About', async () => {
    mockFetch(signedIn());
    renderApp('/profile/about');
    expect(await screen.findByText('+90 212 555 01 01')).toBeInTheDocument();
    expect(screen.getByText('English')).toBeInTheDocument();
  });

  it('lets a person with an incomplete profile complete it and go on', async () => {
    const pending = makeMe({ accountStatus: 'pending-profile' });
    let saved = false;
    const api = mockFetch({
      ...signedIn(pending),
      'GET /api/me': () => new Response(JSON.stringify(saved ? makeMe() : pending), { headers: { 'content-type': 'application/json' } }),
      'PATCH /api/me': () => {
        saved = true;
        return new Response(JSON.stringify({ user: makeMe().user, settings: makeMe().settings }), { headers: { 'content-type': 'application/json' } });
      },
      'PATCH /api/me/profile': { profile: { phone: '0212 555 0101', avatarUrl: null } },
    });
    const app = renderApp('/members');
    await waitFor(() => expect(app.location()).toBe('/profile/edit'));
    const user = userEvent.setup();
    const phone = await screen.findByLabelText('Phone');
    await waitFor(() => expect(phone).toHaveValue('+90 212 555 01 01'));
    await user.clear(phone);
    await user.type(phone, 'call me');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Write a phone number with digits/)).toBeInTheDocument();
    await user.clear(phone);
    await user.type(phone, '0212 555 0101');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.find('PATCH', '/api/me/profile')[0]?.body).toEqual({ phone: '0212 555 0101' }));
    expect(api.find('PATCH', '/api/me')[0]?.body).toEqual({ firstName: 'Ann', lastName: 'Lee' });
    await waitFor(() => expect(app.location()).not.toBe('/profile/edit'));
  });
});
