/**
 * Consent before taking part (issue 13): a beneficiary who has not accepted the Terms of Use and
 * the Estate Agreement finds, where they would heart, a card that leads them to the documents
 * instead of an error; they read every part on their phone, accept both, and are brought back to
 * heart. Anna in English from the items page, Dan in Arabic (right to left) from his to-do list.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeProblems, launchBrowser, screenshot } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/server.js';
import { advanceTo, api, PASSWORD, seedEstate, type Person, type SeededEstate } from '../support/seed.js';
import { ct, openAs } from '../support/process.js';
import type { Lang } from '../support/texts.js';

let browser: Browser;
let server: RunningServer;
beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const consentTexts = (lang: Lang) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../apps/web/src/shared/i18n/locales/${lang}/consent.json`, import.meta.url)), 'utf8')) as Record<
    string,
    Record<string, string>
  >;
/** `kt('ar', 'reader.next')`: a text of the `consent` namespace. */
const kt = (lang: Lang, key: string, values: Record<string, string | number> = {}) => {
  const [group, name] = key.split('.') as [string, string];
  const text = consentTexts(lang)[group]?.[name];
  if (typeof text !== 'string') throw new Error(`no text consent:${key}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_, v: string) => String(values[v] ?? ''));
};

describe('reading and accepting before the first heart, on a phone', () => {
  let seeded: SeededEstate;
  const people = {} as Record<'anna' | 'dan', Person>;
  const ids = {} as Record<string, string>;

  /** A beneficiary who joins once hearts are open, and has read nothing yet. */
  async function newcomer(key: 'anna' | 'dan'): Promise<Person> {
    const email = `${key}@example.com`;
    const { invitation } = await api<{ invitation: { link: string } }>(server.url, 'POST', `/api/estates/${seeded.estateId}/invitations`, { email, roles: [10] }, seeded.trustee.token);
    const firstName = key === 'anna' ? 'Anna' : 'Dan';
    await api(server.url, 'POST', '/api/auth/register', { firstName, lastName: 'Ellis', email, password: PASSWORD, invitation: invitation.link.split('/invite/')[1] });
    const login = await api<{ accessToken: string; user: { id: string } }>(server.url, 'POST', '/api/auth/login', { email, password: PASSWORD });
    return { id: login.user.id, email, firstName, token: login.accessToken };
  }

  beforeAll(async () => {
    // Cara took part from the start (and accepted when she joined); Anna and Dan join at stage 11.
    seeded = await seedEstate(server.url, { cara: [10] });
    await advanceTo(server.url, seeded, [1]);
    for (const name of ['Ring', 'Clock']) {
      ids[name] = (await api<{ item: { id: string } }>(server.url, 'POST', `/api/estates/${seeded.estateId}/items`, { name, categories: ['Jewellery'] }, seeded.trustee.token)).item.id;
    }
    await advanceTo(server.url, seeded, [2, 10, 11]);
    people.anna = await newcomer('anna');
    people.dan = await newcomer('dan');
  });

  /** Reads every part of the open document with "Next", then accepts on its last part. */
  async function readAndAccept(page: Page, lang: Lang, parts: number, accept: string, shot: string) {
    for (let n = 1; n < parts; n++) {
      await page.getByTestId('part-of').filter({ hasText: kt(lang, 'reader.partOf', { number: n, total: parts }) }).waitFor();
      await page.getByRole('link', { name: kt(lang, 'reader.next') }).click();
    }
    await page.getByTestId('part-of').filter({ hasText: kt(lang, 'reader.partOf', { number: parts, total: parts }) }).waitFor();
    await screenshot(page, shot);
    await page.getByRole('button', { name: accept }).click();
  }

  async function accepted(who: Person) {
    const { agreements, required } = await api<{ agreements: { kind: string; acceptedAt?: string }[]; required: boolean }>(
      server.url,
      'GET',
      `/api/estates/${seeded.estateId}/agreements`,
      undefined,
      who.token,
    );
    return { required, kinds: agreements.filter((a) => a.acceptedAt).map((a) => a.kind) };
  }

  it('Anna (English) is led from the items page to the documents, reads them, accepts, and hearts', async () => {
    const lang: Lang = 'en';
    const page = await openAs(browser, server.url, people.anna, 'phone', lang);
    await page.goto(`${server.url}/p/${seeded.estateId}/i`);
    const card = page.getByTestId('consent-card');
    await card.getByText(kt(lang, 'card.title')).waitFor();
    // No heart to press yet, and no error shown: the card leads the way.
    expect(await page.getByRole('button', { name: ct(lang, 'interest.toggle', { name: 'Ring' }) }).count()).toBe(0);
    await screenshot(page, 'consent-en-phone-card');
    expect(await axeProblems(page)).toEqual([]);

    await card.getByRole('link', { name: kt(lang, 'card.action') }).click();
    await page.getByTestId('agreement-terms').waitFor();
    await screenshot(page, 'consent-en-phone-overview');
    await page.getByTestId('agreement-terms').getByRole('link', { name: kt(lang, 'overview.start') }).click();
    await page.getByRole('heading', { level: 2, name: 'What this portal is' }).waitFor();
    await screenshot(page, 'consent-en-phone-terms-part-1');
    expect(await axeProblems(page)).toEqual([]);
    await readAndAccept(page, lang, 10, kt(lang, 'reader.acceptTerms'), 'consent-en-phone-terms-last');
    // Straight on to the Agreement, which says who sees what.
    await page.getByRole('heading', { level: 2, name: 'We accept the published rules and the results' }).waitFor();
    expect(await page.getByText('Who sees what.').count()).toBeGreaterThan(0);
    await readAndAccept(page, lang, 4, kt(lang, 'reader.acceptAgreement'), 'consent-en-phone-agreement-last');

    // Back where she was, now with the hearts.
    await page.waitForURL((url) => url.pathname === `/p/${seeded.estateId}/i`);
    const heart = page.getByRole('button', { name: ct(lang, 'interest.toggle', { name: 'Ring' }) });
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('consent-card').count()).toBe(0);
    await screenshot(page, 'consent-en-phone-hearted');
    expect(await accepted(people.anna)).toEqual({ required: false, kinds: ['terms', 'agreement'] });
    await page.context().close();
  });

  it('Dan (Arabic, right to left) starts from his to-do list and hearts afterwards', async () => {
    const lang: Lang = 'ar';
    const page = await openAs(browser, server.url, people.dan, 'phone', lang);
    await page.goto(`${server.url}/todo/all`);
    const todo = page.getByTestId('todo').filter({ hasText: kt(lang, 'todo.title') });
    await todo.waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await todo.getByRole('link').first().click();
    await page.getByTestId('agreement-terms').getByRole('link', { name: kt(lang, 'overview.start') }).click();
    await screenshot(page, 'consent-ar-phone-terms-part-1');
    await readAndAccept(page, lang, 10, kt(lang, 'reader.acceptTerms'), 'consent-ar-phone-terms-last');
    await readAndAccept(page, lang, 4, kt(lang, 'reader.acceptAgreement'), 'consent-ar-phone-agreement-last');
    // No way back was given: the list says both are accepted.
    await page.getByText(kt(lang, 'overview.allDone')).waitFor();
    await screenshot(page, 'consent-ar-phone-all-accepted');

    await page.goto(`${server.url}/p/${seeded.estateId}/i`);
    const heart = page.getByRole('button', { name: ct(lang, 'interest.toggle', { name: 'Clock' }) });
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    expect(await accepted(people.dan)).toEqual({ required: false, kinds: ['terms', 'agreement'] });
    await page.context().close();
  });
});
