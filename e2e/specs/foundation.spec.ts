/**
 * Issue "Foundation", end to end in Chromium: a new installation on a phone in Arabic and on a
 * desktop in English. The admin sets up, creates an estate and invites a beneficiary, who
 * registers from the link and sees the shell their role allows; a self-registered person confirms
 * their email by the link sent to it. axe finds no serious or critical problems on these pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeProblems, launchBrowser, newContext, screenshot, type ViewportName } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/server.js';
import { lastMailLinkTo, signInApi } from '../support/api.js';
import { nt, t, type Lang } from '../support/texts.js';

const PASSWORD = 'Quiet-Harbour-1947';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function fillForm(page: Page, lang: Lang, fields: Record<string, string>) {
  for (const [key, value] of Object.entries(fields)) {
    await page.getByLabel(t(lang, `fields.${key}`), { exact: true }).fill(value);
  }
}

async function chooseLanguage(page: Page, lang: Lang) {
  if (lang === 'en') return;
  await page.getByRole('button', { name: /language|Language|Dil|اللغة/ }).first().click();
  await page.getByRole('menuitem', { name: 'العربية' }).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
}

/** Opens the navigation on a phone (it is a drawer there) and returns the nav region. */
async function navigation(page: Page, viewport: ViewportName, lang: Lang) {
  if (viewport === 'phone') await page.getByRole('button', { name: t(lang, 'layout.openNavbar') }).click();
  return page.getByRole('navigation', { name: t(lang, 'nav.label') });
}

async function expectAccessible(page: Page, where: string) {
  const problems = await axeProblems(page);
  expect(problems, `axe on ${where}`).toEqual([]);
}

// A phone in Arabic (the drawer, right to left, the language chosen on each page) and a desktop in
// English (the side navigation, the default language) cover every path of the journey; the other
// two pairings repeated the same code (four runs took ~270 s of a CI run).
const CASES: [ViewportName, Lang][] = [
  ['phone', 'ar'],
  ['desktop', 'en'],
];

describe.each(CASES)('foundation on a %s in %s', (viewport, lang) => {
  let server: RunningServer;
  beforeAll(async () => {
    // One installation makes its embedded database itself, as a new one does; the other starts
    // from a copy of one made so (as every other browser test does).
    server = await startServer({}, { fresh: viewport === 'phone' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('sets up, invites a beneficiary who registers from the link, and confirms a self-registered email', async () => {
    const shot = (page: Page, name: string) => screenshot(page, `foundation-${viewport}-${lang}-${name}`);
    const adminEmail = `admin-${viewport}-${lang}@example.com`;
    const beneficiaryEmail = `nora-${viewport}-${lang}@example.com`;

    // 1. First run: the set-up screen creates the admin.
    const admin = await newContext(browser, viewport, lang);
    const page = await admin.newPage();
    await page.goto(server.url);
    await page.waitForURL(/\/setup/);
    await chooseLanguage(page, lang);
    await expect.poll(() => page.getByRole('heading', { name: t(lang, 'auth.setup.title') }).isVisible()).toBe(true);
    await expectAccessible(page, 'setup');
    await shot(page, 'setup');
    await fillForm(page, lang, { firstName: 'Ada', lastName: 'Admin', email: adminEmail, password: PASSWORD, confirmPassword: PASSWORD });
    await page.getByRole('button', { name: t(lang, 'auth.setup.submit') }).click();

    // 2. Create an estate.
    await page.getByRole('button', { name: t(lang, 'estates.create.button') }).click();
    await page.getByLabel(t(lang, 'estates.create.name')).fill('Estate of Rose Ellis');
    await page.getByRole('button', { name: t(lang, 'estates.create.submit'), exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Estate of Rose Ellis' }).isVisible()).toBe(true);
    await expectAccessible(page, 'estate home');
    await shot(page, 'estate-home');

    // 3. Invite a beneficiary from Accounts.
    const nav = await navigation(page, viewport, lang);
    await nav.getByRole('link', { name: t(lang, 'nav.accounts'), exact: true }).click();
    await page.getByRole('button', { name: nt(lang, 'people', 'directory.invite') }).first().click();
    await page.getByRole('dialog').getByLabel(t(lang, 'fields.email')).fill(beneficiaryEmail);
    await page.getByRole('checkbox', { name: new RegExp(`^${t(lang, 'roles.beneficiary.name')}`) }).check();
    await page.getByRole('button', { name: t(lang, 'members.invite.submit') }).click();
    const linkField = page.getByRole('dialog').getByLabel(t(lang, 'members.invite.link'));
    await expect.poll(() => linkField.inputValue()).toContain('/invite/');
    const inviteLink = await linkField.inputValue();
    await shot(page, 'invited');

    // 4. The beneficiary opens the link on their own device and registers.
    const family = await newContext(browser, viewport, lang);
    const nora = await family.newPage();
    await nora.goto(inviteLink.replace(/^https?:\/\/[^/]+/, server.url));
    await chooseLanguage(nora, lang);
    await expect.poll(() => nora.getByRole('heading', { name: t(lang, 'invite.heading', { estate: 'Estate of Rose Ellis' }) }).isVisible(), { timeout: 15_000 }).toBe(true);
    await expectAccessible(nora, 'invitation');
    await nora.getByRole('link', { name: t(lang, 'invite.createAccount') }).or(nora.getByRole('button', { name: t(lang, 'invite.createAccount') })).first().click();
    await nora.waitForURL(/\/register/);
    await expect.poll(() => nora.getByLabel(t(lang, 'fields.email'), { exact: true }).inputValue()).toBe(beneficiaryEmail);
    await fillForm(nora, lang, { firstName: 'Nora', lastName: 'Ellis', password: PASSWORD, confirmPassword: PASSWORD });
    await nora.getByRole('button', { name: t(lang, 'auth.register.submit') }).click();

    // Signed in (directly, or after the sign-in page), the shell shows what a beneficiary may use.
    await nora.waitForURL((url) => !/\/register/.test(url.pathname), { timeout: 15_000 });
    if (/\/login/.test(nora.url())) {
      await fillForm(nora, lang, { email: beneficiaryEmail, password: PASSWORD });
      await nora.getByRole('button', { name: t(lang, 'auth.login.submit') }).click();
    }
    await expect.poll(() => nora.getByRole('heading', { name: 'Estate of Rose Ellis' }).isVisible(), { timeout: 15_000 }).toBe(true);
    const noraNav = await navigation(nora, viewport, lang);
    await expect.poll(() => noraNav.getByRole('link', { name: t(lang, 'nav.assets'), exact: true }).isVisible()).toBe(true);
    expect(await noraNav.getByRole('link', { name: t(lang, 'nav.members'), exact: true }).isVisible()).toBe(true);
    expect(await noraNav.getByRole('link', { name: t(lang, 'nav.controlPanel'), exact: true }).count()).toBe(0);
    expect(await noraNav.getByRole('link', { name: t(lang, 'nav.accounts'), exact: true }).count()).toBe(0);
    expect(await noraNav.getByRole('link', { name: t(lang, 'nav.adminOutbox'), exact: true }).count()).toBe(0);
    await shot(nora, 'beneficiary-shell');
    if (viewport === 'phone') await nora.keyboard.press('Escape');
    await expectAccessible(nora, 'beneficiary home');

    // 5. Someone registers on their own and confirms the email by the link sent to it.
    const stranger = await (await newContext(browser, viewport, lang)).newPage();
    const selfEmail = `sam-${viewport}-${lang}@example.com`;
    await stranger.goto(`${server.url}/register`);
    await chooseLanguage(stranger, lang);
    await fillForm(stranger, lang, { firstName: 'Sam', lastName: 'Lee', email: selfEmail, password: PASSWORD, confirmPassword: PASSWORD });
    await stranger.getByRole('button', { name: t(lang, 'auth.register.submit') }).click();
    await expect.poll(() => stranger.getByRole('heading', { name: t(lang, 'auth.mailConfirm.title') }).isVisible()).toBe(true);
    const confirmLink = await lastMailLinkTo(server.url, await signInApi(server.url, adminEmail, PASSWORD), selfEmail);
    await stranger.goto(confirmLink.replace(/^https?:\/\/[^/]+/, server.url));
    await expect.poll(() => stranger.getByText(t(lang, 'auth.mailConfirm.confirmed')).isVisible()).toBe(true);
    await stranger.getByRole('link', { name: t(lang, 'auth.mailConfirm.toLogin') }).or(stranger.getByRole('button', { name: t(lang, 'auth.mailConfirm.toLogin') })).first().click();
    await fillForm(stranger, lang, { email: selfEmail, password: PASSWORD });
    await stranger.getByRole('button', { name: t(lang, 'auth.login.submit') }).click();
    await expect.poll(() => stranger.getByRole('heading', { name: t(lang, 'estates.empty.title') }).isVisible(), { timeout: 15_000 }).toBe(true);
    await shot(stranger, 'self-registered');
  });
});
