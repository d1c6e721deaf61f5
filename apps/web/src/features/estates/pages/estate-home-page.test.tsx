/** The estate's front page offers only what the policy allows this person now. */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../../../test/render-app';
import { mockFetch } from '../../../test/fetch-mock';
import { makeMe } from '../../../test/fixtures';

function signedIn(roles: number[], stage = 11, nextStep: unknown = { kind: 'wait', stage }, extra: Record<string, object> = {}) {
  return mockFetch({
    'GET /api/setup': { needsSetup: false },
    'POST /api/auth/refresh': { accessToken: 'token' },
    'GET /api/me': makeMe({ roles, stage }),
    'GET /api/estates/e1/stage': { stage, name: 'Stage' },
    'GET /api/estates/e1/next-step': { nextStep },
    ...extra,
  });
}

describe('estate home', () => {
  it('offers a beneficiary their items, not inviting', async () => {
    signedIn([10]);
    renderApp('/i/');
    const page = within(await screen.findByRole('main', {}, { timeout: 8000 }));
    expect(await page.findByRole('link', { name: 'My items' })).toHaveAttribute('href', '/my-items');
    expect(page.queryByRole('link', { name: /invite/i })).not.toBeInTheDocument();
  });

  it('does not offer My items to a trustee who is not a beneficiary, but offers inviting', async () => {
    signedIn([30]);
    renderApp('/i/');
    const page = within(await screen.findByRole('main', {}, { timeout: 8000 }));
    expect(await page.findByRole('link', { name: 'See the items' })).toBeInTheDocument();
    expect(page.queryByRole('link', { name: 'My items' })).not.toBeInTheDocument();
    expect(page.getByRole('link', { name: /invite/i })).toHaveAttribute('href', '/trustee/users/all');
  });

  it('opens with the next step in view: the task, its progress, the deadline and one button', async () => {
    signedIn([10], 2, { kind: 'task', task: 'review', stage: 2, path: '/p/e1/i?review=1', dueAt: '2026-12-01T18:00:00Z', progress: { done: 3, total: 10 } });
    renderApp('/i/');
    const card = within(await screen.findByRole('region', { name: 'Your next step' }, { timeout: 8000 }));
    expect(await card.findByRole('heading', { name: 'Your turn: check 10 items' })).toBeInTheDocument();
    expect(card.getByText('3 of 10 checked')).toBeInTheDocument();
    expect(card.getByText(/Please finish by/)).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/p/e1/i?review=1');
  });

  it('puts the Terms and Agreement first, and names a helper\'s work', async () => {
    signedIn([10], 2, { kind: 'task', task: 'agreements', stage: 2, path: '/agreements?estate=e1', dueAt: null, progress: { done: 0, total: null } });
    const app = renderApp('/i/');
    const card = within(await screen.findByRole('region', { name: 'Your next step' }, { timeout: 8000 }));
    expect(await card.findByRole('heading', { name: 'First: read and accept the Terms and the Agreement' })).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Start' })).toHaveAttribute('href', '/agreements?estate=e1');
    app.unmount();

    signedIn([20], 41, { kind: 'task', task: 'appraise', stage: 41, path: '/unwanted-items', dueAt: null, progress: { done: 1, total: 3 } });
    renderApp('/i/');
    const helper = within(await screen.findByRole('region', { name: 'Your next step' }, { timeout: 8000 }));
    expect(await helper.findByRole('heading', { name: 'Items wait for your appraisal' })).toBeInTheDocument();
    expect(helper.getByText('1 of 3 appraised')).toBeInTheDocument();
    expect(helper.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/unwanted-items');
  });

  it('names what the stage needs from the trustee, and shows an administrator without a button', async () => {
    signedIn([30], 30, { kind: 'lead', stage: 30, path: '/trustee/control', need: 'members', progress: { done: 2, total: 5 }, acts: true });
    let app = renderApp('/i/');
    let card = within(await screen.findByRole('region', { name: 'Your next step' }, { timeout: 8000 }));
    expect(await card.findByRole('heading', { name: 'Waiting for the family to finish' })).toBeInTheDocument();
    expect(card.getByText(/^2 of 5 beneficiaries have finished “Allocate Priority Tokens”/)).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Open the control panel' })).toHaveAttribute('href', '/trustee/control');
    app.unmount();

    signedIn([30], 21, { kind: 'lead', stage: 21, path: '/trustee/control', need: 'step', progress: null, acts: true });
    app = renderApp('/i/');
    card = within(await screen.findByRole('region', { name: 'Your next step' }, { timeout: 8000 }));
    expect(await card.findByRole('heading', { name: 'Run the step “Assign High Interest Items”' })).toBeInTheDocument();
    app.unmount();

    signedIn([30], 41, { kind: 'lead', stage: 41, path: '/trustee/handover', need: 'handover', progress: { done: 3, total: null }, acts: true });
    app = renderApp('/i/');
    card = within(await screen.findByRole('region', { name: 'Your next step' }, { timeout: 8000 }));
    expect(await card.findByRole('heading', { name: '3 things still to hand over' })).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Open the hand-over board' })).toHaveAttribute('href', '/trustee/handover');
    app.unmount();

    signedIn([30], 13, { kind: 'lead', stage: 13, path: '/trustee/control', need: 'move', progress: null, acts: false });
    renderApp('/i/');
    card = within(await screen.findByRole('region', { name: 'Your next step' }, { timeout: 8000 }));
    expect(await card.findByRole('heading', { name: 'Ready for the next stage' })).toBeInTheDocument();
    expect(card.getByText(/move it on to “Assign Unwanted Items”/)).toBeInTheDocument();
    expect(card.getByText(/As the administrator you can look/)).toBeInTheDocument();
    expect(card.queryByRole('link')).not.toBeInTheDocument();
  });

  it('says calmly when there is nothing to do', async () => {
    signedIn([1], 13);
    renderApp('/i/');
    const card = within(await screen.findByRole('region', { name: 'Your next step' }, { timeout: 8000 }));
    expect(await card.findByRole('heading', { name: 'Nothing to do now' })).toBeInTheDocument();
    expect(card.getByText('We will email you when it is your turn.')).toBeInTheDocument();
    expect(card.queryByRole('link')).not.toBeInTheDocument();
  });

  it('leads a trustee of a closed estate to its archive, and thanks a beneficiary', async () => {
    signedIn([30], 99, { kind: 'wait', stage: 99 });
    const app = renderApp('/i/');
    const card = within(await screen.findByRole('region', { name: 'Your next step' }, { timeout: 8000 }));
    expect(await card.findByRole('heading', { name: 'Keep a copy for the family' })).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Go to the archive' })).toHaveAttribute('href', '/reports#archive');
    app.unmount();

    signedIn([10], 99, { kind: 'wait', stage: 99 });
    renderApp('/i/');
    const theirs = within(await screen.findByRole('region', { name: 'Your next step' }, { timeout: 8000 }));
    expect(await theirs.findByRole('heading', { name: 'Your part is complete. Thank you.' })).toBeInTheDocument();
    expect(theirs.queryByRole('link')).not.toBeInTheDocument();
  });

  it("tells the family when the website's administrator last looked at the estate to help", async () => {
    const event = { id: 'a1', actorName: 'Ada Admin', action: 'estate.support-opened', entity: 'estate', entityId: 'e1', field: 'support', from: null, to: { readOnly: true }, at: '2026-11-20T10:00:00.000Z' };
    const mock = signedIn([10], 11, { kind: 'wait', stage: 11 }, { 'GET /api/estates/e1/activity': { events: [event], nextCursor: null } });
    renderApp('/i/');
    const note = await screen.findByTestId('support-visits-note', {}, { timeout: 8000 });
    expect(note).toHaveTextContent(/Ada Admin, who looks after this website, last looked at the estate to help on/);
    const asked = mock.calls.find((c) => c.path === '/api/estates/e1/activity');
    expect(asked?.search).toContain('action=estate.support-opened');
  });

  it('says nothing of visits when there were none', async () => {
    signedIn([10], 11, { kind: 'wait', stage: 11 }, { 'GET /api/estates/e1/activity': { events: [], nextCursor: null } });
    renderApp('/i/');
    await screen.findByRole('main', {}, { timeout: 8000 });
    expect(screen.queryByTestId('support-visits-note')).toBeNull();
  });
});
