/** The member directory and a member's page in the running app. */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Directory, MemberDetail } from '@estate/domain/schemas/people';
import { renderApp } from '../../test/render-app';
import { json, mockFetch } from '../../test/fetch-mock';
import { makeMe } from '../../test/fixtures';

const person = (id: string, displayName: string, roles: number[], extra: Partial<Directory['members'][number]> = {}) => ({
  id,
  displayName,
  roles,
  receivesThrough: null,
  avatarUrl: null,
  joinedAt: '2026-11-01T10:00:00.000Z',
  starred: false,
  ...extra,
});

const directory: Directory = {
  members: [
    person('u1', 'Ann Lee', [30]),
    person('u2', 'Ben Lee', [10]),
    person('u3', 'Kid Lee', [2], { receivesThrough: 'u2' }),
  ],
  groups: [{ id: 'g1', name: 'Mum’s side', memberIds: ['u2'] }],
};

const signedIn = (roles: number[]) => ({
  'GET /api/setup': { needsSetup: false },
  'POST /api/auth/refresh': { accessToken: 'token-1' },
  'GET /api/me': makeMe({ roles }),
  'GET /api/estates/e1/stage': { stage: 1, name: 'Cataloging Assets' },
});

describe('member directory', () => {
  it('shows everyone with roles and family links, and keeps stars and groups to the viewer', async () => {
    let starred = false;
    const api = mockFetch({
      ...signedIn([10]),
      'GET /api/estates/e1/directory': () =>
        json(200, { ...directory, members: directory.members.map((m) => (m.id === 'u1' ? { ...m, starred } : m)) }),
      'PUT /api/estates/e1/members/u1/star': () => {
        starred = true;
        return json(200, { starred: true });
      },
    });
    renderApp('/members');
    const list = await screen.findByRole('list', { name: 'Family and members' }, { timeout: 15_000 });
    expect(within(list).getByText('Receives items through Ben Lee')).toBeInTheDocument();
    expect(within(list).getByText('Receives items for Kid Lee')).toBeInTheDocument();
    // A beneficiary does not open members' pages (trustees only): names are not links.
    expect(within(list).queryByRole('link')).toBeNull();
    expect(screen.getByText('Only you see your stars and your groups.')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(list).getByRole('button', { name: 'Star Ann Lee' }));
    expect(api.find('PUT', '/api/estates/e1/members/u1/star')).toHaveLength(1);
    expect(await within(list).findByRole('button', { name: 'Remove the star from Ann Lee' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: /Mum’s side/ }));
    expect(within(screen.getByRole('list', { name: 'Family and members' })).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('1 person')).toBeInTheDocument();
  });

  it('gives trustees each member’s page, with a refused action shown disabled and why', async () => {
    const detail: MemberDetail = {
      member: { ...person('u1', 'Ann Lee', [30]), email: 'ann@example.com', phone: '', receivesFor: [], invitedBy: null },
      participation: {
        receiver: false,
        approvals: { approved: 0, flagged: 0, total: 3 },
        hearts: 0,
        ranked: 0,
        tokens: 0,
        stages: [],
        due: { stage: 1, dueAt: null, done: false, required: false },
      },
      refusals: { disable: 'self', dropTrustee: 'lastTrustee' },
    };
    mockFetch({
      ...signedIn([30]),
      'GET /api/estates/e1/directory': { ...directory, invitations: [], disabled: [] },
      'GET /api/estates/e1/members/u1': detail,
    });
    const app = renderApp('/trustee/users/all');
    const list = await screen.findByRole('list', { name: 'Family and members' }, { timeout: 15_000 });
    const user = userEvent.setup();
    await user.click(within(list).getByRole('link', { name: 'Open Ann Lee’s page' }));
    await waitFor(() => expect(app.location()).toBe('/trustee/users/u1'));
    const disable = await screen.findByRole('button', { name: 'Disable in this estate' });
    expect(disable).toBeDisabled();
    expect(screen.getByText('You cannot disable yourself. Another trustee can do it.')).toBeInTheDocument();
    expect(screen.getByText('Still to do in “Cataloging Assets”.')).toBeInTheDocument();

    // Taking away the last trustee role is refused before saving.
    await user.click(screen.getByRole('button', { name: 'Change roles' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roles of Ann Lee' });
    await user.click(within(dialog).getByRole('checkbox', { name: /Trustee/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Beneficiary/ }));
    expect(within(dialog).getByText(/only trustee/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('lets trustees send an expired invitation again', async () => {
    const api = mockFetch({
      ...signedIn([30]),
      'GET /api/estates/e1/directory': {
        ...directory,
        invitations: [
          {
            id: 'inv1',
            email: 'may@example.com',
            roles: [10],
            receivesThrough: null,
            state: 'expired',
            sentAt: '2026-10-01T10:00:00.000Z',
            expiresAt: '2026-10-15T10:00:00.000Z',
          },
        ],
        disabled: [],
      },
      'POST /api/estates/e1/invitations/inv1/resend': json(200, { invitation: { id: 'inv1', link: 'http://x/invite/new', expiresAt: '2026-12-05T10:00:00.000Z' } }),
    });
    renderApp('/trustee/users/all');
    const invitations = await screen.findByRole('list', { name: 'Invitations not yet accepted' }, { timeout: 15_000 });
    expect(within(invitations).getByText(/The link expired on/)).toBeInTheDocument();
    await userEvent.setup().click(within(invitations).getByRole('button', { name: 'Send the invitation to may@example.com again' }));
    await waitFor(() => expect(api.find('POST', '/api/estates/e1/invitations/inv1/resend')).toHaveLength(1));
  });
});
