/**
 * Issue 12's people in Chromium. Anna, on her phone, signs in without a password: she asks for a
 * link on the sign-in page, the mail reaches a real SMTP server (a sink here), she opens the link
 * and is in; the same link later is refused. Tariq, a trustee, on a desktop in Arabic (right to
 * left), opens the member directory: stars Anna (his own star), opens her page (her family link,
 * and 'disable' refused with its reason because her grandchild receives through her), and
 * disables Olive, who then can no longer open the estate. axe finds no serious problems.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { axeProblems, launchBrowser, newContext, screenshot } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/server.js';
import { seedEstate, type SeededEstate } from '../support/seed.js';
import { openAs } from '../support/process.js';
import type { Lang } from '../support/texts.js';

/** A text of the `people` namespace. */
function people(lang: Lang, key: string, values: Record<string, string | number> = {}): string {
  const file = fileURLToPath(new URL(`../../apps/web/src/shared/i18n/locales/${lang}/people.json`, import.meta.url));
  let node: unknown = JSON.parse(readFileSync(file, 'utf8'));
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no text people:${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

const mails: { to: string; body: string }[] = [];
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    let body = '';
    stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
    stream.on('end', () => {
      mails.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), body });
      callback();
    });
  },
});

let browser: Browser;
let server: RunningServer;
let seeded: SeededEstate;
beforeAll(async () => {
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const port = (sink.server.address() as AddressInfo).port;
  browser = await launchBrowser();
  server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${port}`, AUTH_RATE_LIMIT_PER_MINUTE: '100' });
  seeded = await seedEstate(server.url, { anna: [10], kid: [2, 'anna'], olive: [1], tariq: [30] });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise<void>((resolve) => sink.close(() => resolve()));
});

/** The sign-in link in the last mail to `to`, as the reader's mail program shows it (quoted-printable undone). */
async function linkFromMail(to: string): Promise<string> {
  const find = () =>
    mails
      .filter((m) => m.to === to)
      .map((m) => m.body.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
      .map((text) => /https?:\/\/\S+\/pages\/auth\/link\?token=[A-Za-z0-9_-]+/.exec(text)?.[0])
      .filter(Boolean)
      .at(-1);
  await expect.poll(find, { timeout: 15_000 }).toBeTruthy();
  return find()!;
}

async function expectAccessible(page: Page, where: string) {
  expect(await axeProblems(page), `axe on ${where}`).toEqual([]);
}

describe('people: sign-in links and the member directory', () => {
  it('Anna signs in on her phone with a link from her mail, once', async () => {
    const lang: Lang = 'en';
    const anna = seeded.members.anna!;
    const context = await newContext(browser, 'phone', lang);
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email', { exact: true }).fill(anna.email);
    await page.getByRole('link', { name: people(lang, 'signInLink.offer') }).click();
    await page.getByRole('heading', { name: people(lang, 'signInLink.title') }).waitFor();
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(anna.email);
    await screenshot(page, 'people-en-phone-link-request');
    await expectAccessible(page, 'sign-in link request (phone, en)');
    await page.getByRole('button', { name: people(lang, 'signInLink.submit') }).click();
    await page.getByText(people(lang, 'signInLink.sent')).waitFor();

    const link = await linkFromMail(anna.email);
    expect(link.startsWith(`${server.url}/pages/auth/link?token=`)).toBe(true);
    await page.goto(link);
    await page.waitForURL((url) => !url.pathname.startsWith('/pages/auth/'), { timeout: 20_000 });
    // Signed in: her own profile opens, with her name.
    await page.goto(`${server.url}/profile/timeline`);
    await page.getByRole('heading', { level: 1, name: 'Anna Ellis' }).waitFor();
    await page.getByText('You joined the estate.').first().waitFor();
    await screenshot(page, 'people-en-phone-timeline');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The same link a second time (another device): refused, with the way to a new one.
    const other = await (await newContext(browser, 'phone', lang)).newPage();
    await other.goto(link);
    await other.getByText(people(lang, 'signInLink.usedOrExpired')).waitFor();
    await other.getByRole('link', { name: people(lang, 'signInLink.askAgain') }).waitFor();
    await other.context().close();
    await context.close();
  });

  it('Tariq, a trustee, on a desktop in Arabic: the directory, a member’s page, and disabling someone', async () => {
    const lang: Lang = 'ar';
    const { olive, tariq } = seeded.members;
    const page = await openAs(browser, server.url, tariq!, 'desktop', lang);
    await page.goto(`${server.url}/trustee/users/all`);
    const list = page.getByRole('list', { name: people(lang, 'directory.title') });
    await list.waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // Family links, in the directory.
    await list.getByText(people(lang, 'directory.receivesThrough', { name: 'Anna Ellis' })).waitFor();

    // His own star on Anna.
    await list.getByRole('button', { name: people(lang, 'directory.star', { name: 'Anna Ellis' }) }).click();
    await list.getByRole('button', { name: people(lang, 'directory.unstar', { name: 'Anna Ellis' }) }).waitFor();
    await page.getByRole('button', { name: new RegExp(people(lang, 'directory.filters.starred')) }).click();
    await page.waitForURL(/\/trustee\/users\/starred$/);
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    await screenshot(page, 'people-ar-desktop-directory');
    await expectAccessible(page, 'directory (desktop, ar)');

    // Anna's page: her grandchild receives through her, so she cannot be disabled (said beside the button).
    await list.getByRole('link', { name: people(lang, 'directory.open', { name: 'Anna Ellis' }) }).click();
    await page.getByRole('heading', { level: 1, name: 'Anna Ellis' }).waitFor();
    await page.getByRole('link', { name: 'Kid Ellis' }).waitFor();
    const disableAnna = page.getByRole('button', { name: people(lang, 'member.disable') });
    expect(await disableAnna.isDisabled()).toBe(true);
    await page.getByText(people(lang, 'member.refusals.receivesForOthers')).waitFor();
    await screenshot(page, 'people-ar-desktop-member');
    await expectAccessible(page, 'member page (desktop, ar)');

    // Olive's page: disabled in this estate, after a confirmation.
    await page.goto(`${server.url}/trustee/users/${olive!.id}`);
    await page.getByRole('heading', { level: 1, name: 'Olive Ellis' }).waitFor();
    await page.getByRole('button', { name: people(lang, 'member.disable') }).click();
    const confirm = page.getByRole('dialog', { name: people(lang, 'member.disableTitle', { name: 'Olive Ellis' }) });
    await confirm.getByRole('button', { name: people(lang, 'member.disableConfirm') }).click();
    await page.waitForURL(/\/trustee\/users\/all$/);
    await page.getByRole('list', { name: people(lang, 'disabled.title') }).getByText('Olive Ellis').waitFor();
    await screenshot(page, 'people-ar-desktop-disabled');
    // Her access to the estate ended at once.
    const res = await fetch(`${server.url}/api/estates/${seeded.estateId}`, { headers: { authorization: `Bearer ${olive!.token}` } });
    expect(res.status).toBe(404);
    await page.context().close();
  });
});
