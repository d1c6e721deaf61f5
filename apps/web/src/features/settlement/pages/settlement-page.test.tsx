/** The settlement page: a beneficiary's plain sentence, the trustee's rows and shares with a confirmation. */
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SettlementAnswer } from '@estate/domain/schemas/settlement';
import { renderApp } from '../../../test/render-app';
import { mockFetch } from '../../../test/fetch-mock';
import { makeMe } from '../../../test/fixtures';
import { i18n } from '../../../shared/i18n/i18n';
import { ownSentence as sentenceWithIsolates } from '../sentence';

/** The sentence as read, without the invisible marks that keep names and amounts whole in either direction. */
const plainText = (s: string | null) => s?.replace(/[\u2068\u2069]/g, '') ?? null;
const ownSentence = (...args: Parameters<typeof sentenceWithIsolates>) => plainText(sentenceWithIsolates(...args));
const normalizer = (s: string) => s.replace(/[\u2068\u2069]/g, '').replace(/\s+/g, ' ').trim();

const people = [
  { memberId: 'a', displayName: 'Ayla Demir', weight: 1, items: 1, inKind: 90000, target: 50000, balance: -40000 },
  { memberId: 'u1', displayName: 'Ann Lee', weight: 1, items: 2, inKind: 30000, target: 50000, balance: 20000 },
  { memberId: 'c', displayName: 'Cem Kaya', weight: 1, items: 2, inKind: 0, target: 50000, balance: 50000 },
];
const payments = [
  { from: 'estate', to: 'c', amount: 30000 },
  { from: 'a', to: 'c', amount: 20000 },
  { from: 'a', to: 'u1', amount: 20000 },
];
const full: SettlementAnswer = {
  scope: 'full',
  currency: 'EUR',
  weights: 'equal',
  people,
  pool: 150000,
  totals: { receivers: 3, weight: 3, inKind: 120000 },
  proceeds: 30000,
  notValued: [{ itemId: 'i3', label: 'A-0003', name: 'Harbour Painting', receiverId: 'c', value: null, currency: 'EUR' }],
  otherCurrencies: [{ currency: 'USD', items: [{ itemId: 'i4', label: 'A-0004', name: 'Pocket Watch', receiverId: 'c', value: 5000, currency: 'USD' }] }],
  awaitingSale: [],
  payments,
  names: { a: 'Ayla Demir', u1: 'Ann Lee', c: 'Cem Kaya' },
};
const own = (me: string): SettlementAnswer => ({
  ...full,
  scope: 'own',
  people: people.filter((p) => p.memberId === me),
  payments: payments.filter((p) => p.from === me || p.to === me),
});
const t = i18n.t.bind(i18n);

describe('the beneficiary’s sentence', () => {
  it('says what they would receive and from whom, each name and amount kept whole in either direction', () => {
    expect(sentenceWithIsolates(own('u1'), 'u1', t, 'en')).toContain('\u2068Ayla Demir\u2069');
    expect(ownSentence(own('u1'), 'u1', t, 'en')).toBe('Your share of the value: €500.00; you received €300.00; to even things out you would receive €200.00 from Ayla Demir.');
    expect(ownSentence(own('c'), 'c', t, 'en')).toBe(
      'Your share of the value: €500.00; you received €0.00; to even things out you would receive €300.00 from the estate (money from items sold) and €200.00 from Ayla Demir.',
    );
  });

  it('says what they would pay and to whom, or that it is equal', () => {
    expect(ownSentence(own('a'), 'a', t, 'en')).toBe('Your share of the value: €500.00; you received €900.00; to even things out you would pay €200.00 to Cem Kaya and €200.00 to Ann Lee.');
    const even = { ...own('u1'), people: [{ ...people[1]!, inKind: 50000, balance: 0 }], payments: [] };
    expect(ownSentence(even, 'u1', t, 'en')).toBe('Your share of the value: €500.00; you received €500.00. Your share and what you received are equal.');
  });

  it('formats money in the reader’s language', () => {
    expect(ownSentence(own('u1'), 'u1', t, 'tr')).toContain('500,00');
  });
});

describe('settlement page', () => {
  it('shows a beneficiary their sentence, the totals and what is listed apart, and says nobody has to pay', async () => {
    const me = makeMe({ roles: [10], stage: 41 });
    mockFetch({
      'GET /api/setup': { needsSetup: false },
      'POST /api/auth/refresh': { accessToken: 'token' },
      'GET /api/me': me,
      'GET /api/estates/e1/stage': { stage: 41, name: 'Beneficiary Distribution' },
      'GET /api/estates/e1/settlement': own('u1'),
    });
    renderApp('/reports/settlement');
    const plain = within(await screen.findByRole('region', { name: 'In plain words' }, { timeout: 8000 }));
    expect(plain.getByText('Your share of the value: €500.00; you received €300.00; to even things out you would receive €200.00 from Ayla Demir.', { normalizer })).toBeInTheDocument();
    expect(screen.getByText('This is a suggestion to help the family talk about fairness; nobody has to pay.')).toBeInTheDocument();
    const apart = within(screen.getByRole('region', { name: 'Listed apart' }));
    expect(apart.getByText(/Harbour Painting/)).toBeInTheDocument();
    expect(apart.getByText('In USD (not counted: no conversion)')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change the shares' })).toBeNull();
  });

  it('shows the trustee every row and changes the shares only after a confirmation', async () => {
    const net = mockFetch({
      'GET /api/setup': { needsSetup: false },
      'POST /api/auth/refresh': { accessToken: 'token' },
      'GET /api/me': makeMe({ roles: [30], stage: 41 }),
      'GET /api/estates/e1/stage': { stage: 41, name: 'Beneficiary Distribution' },
      'GET /api/estates/e1/settlement': full,
      'PUT /api/estates/e1/settlement/weights': { ...full, weights: 'set' },
    });
    renderApp('/trustee/reports/settlement');
    const table = within(await screen.findByRole('table', { name: "Each person's share" }, { timeout: 8000 }));
    expect(table.getByText('Ayla Demir')).toBeInTheDocument();
    expect(table.getByText('pays €400.00')).toBeInTheDocument();
    expect(screen.getByText(/The estate \(money from items sold\) to Cem Kaya/, { normalizer })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Change the shares' }));
    const ayla = screen.getByRole('textbox', { name: 'Share weight for Ayla Demir' });
    await userEvent.clear(ayla);
    await userEvent.type(ayla, '0');
    expect(screen.getByRole('button', { name: 'Save the shares' })).toBeDisabled();
    await userEvent.clear(ayla);
    await userEvent.type(ayla, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Save the shares' }));
    expect(net.find('PUT', '/api/estates/e1/settlement/weights')).toHaveLength(0);
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, change the shares' }));
    await screen.findByText('The shares have been changed.');
    expect(net.find('PUT', '/api/estates/e1/settlement/weights')[0]!.body).toEqual({
      weights: [
        { memberId: 'a', weight: 2 },
        { memberId: 'u1', weight: 1 },
        { memberId: 'c', weight: 1 },
      ],
    });
  });

  it('shows each person as a card on a 390 px phone', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width'), media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
    mockFetch({
      'GET /api/setup': { needsSetup: false },
      'POST /api/auth/refresh': { accessToken: 'token' },
      'GET /api/me': makeMe({ roles: [1], stage: 90 }),
      'GET /api/estates/e1/stage': { stage: 90, name: 'Estate Distribution Finalizing' },
      'GET /api/estates/e1/settlement': full,
      'GET /api/estates/e1/reports': { reports: [] },
    });
    renderApp('/reports/settlement');
    const cards = within(await screen.findByRole('list', { name: "Each person's share" }, { timeout: 8000 }));
    expect(cards.getAllByTestId('settlement-card')).toHaveLength(3);
    expect(cards.getByText('receives €500.00')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    // An observer reads every row but changes nothing.
    expect(screen.queryByRole('button', { name: 'Change the shares' })).toBeNull();
  });
});
