/**
 * Issue 3's bar in Chromium: a creator on a phone adds a location, a room and an item with three
 * photos, and sees it in the list and in its detail; a beneficiary in Arabic on a desktop, in
 * stage 2, flags an item with a suggested correction and approves the rest. axe finds no serious
 * or critical problems on the list and the detail.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeProblems, launchBrowser, screenshot } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/server.js';
import { acceptAgreements, advanceTo, api, seedEstate } from '../support/seed.js';
import { openAs } from '../support/process.js';
import type { Lang } from '../support/texts.js';

type Sharp = (input: unknown) => { png(): { toFile(path: string): Promise<unknown> } };
// sharp is a dependency of the server workspace.
const sharp = createRequire(fileURLToPath(new URL('../../apps/server/package.json', import.meta.url)))('sharp') as Sharp;

const bundles = new Map<Lang, Record<string, unknown>>();
/** A text of the `catalogue` namespace. */
function ct(lang: Lang, key: string, values: Record<string, string | number> = {}): string {
  let root = bundles.get(lang);
  if (!root) {
    const file = fileURLToPath(new URL(`../../apps/web/src/shared/i18n/locales/${lang}/catalogue.json`, import.meta.url));
    root = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    bundles.set(lang, root);
  }
  let node: unknown = root;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no text ${lang}:catalogue:${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

async function photos(): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'catalogue-photos-'));
  const colours = [
    { r: 180, g: 90, b: 40 },
    { r: 40, g: 120, b: 180 },
    { r: 90, g: 160, b: 70 },
  ];
  return Promise.all(
    colours.map(async (background, i) => {
      const path = join(dir, `photo-${i + 1}.png`);
      await sharp({ create: { width: 640, height: 480, channels: 3, background } }).png().toFile(path);
      return path;
    }),
  );
}

async function expectAccessible(page: Page, where: string) {
  expect(await axeProblems(page), `axe on ${where}`).toEqual([]);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('catalogue', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('a creator on a phone adds a location, a room and an item with three photos', async () => {
    const lang: Lang = 'en';
    const seeded = await seedEstate(server.url, { carl: [4], anna: [10] });
    await advanceTo(server.url, seeded, [1]);
    const page = await openAs(browser, server.url, seeded.members.carl!, 'phone', lang);
    const shot = (name: string) => screenshot(page, `catalogue-phone-${lang}-${name}`);
    const files = await photos();

    await page.goto(`${server.url}/p/${seeded.estateId}/l`);
    await page.getByRole('heading', { name: ct(lang, 'locations.empty.title') }).waitFor();
    await shot('locations-empty');
    await page.getByRole('button', { name: ct(lang, 'locations.add') }).first().click();
    await page.getByRole('textbox', { name: ct(lang, 'locations.name') }).fill('Family House');
    await page.getByRole('button', { name: ct(lang, 'common.save') }).click();
    await page.getByRole('link', { name: /Family House/ }).click();

    await page.waitForURL(/\/r$/);
    await page.getByRole('button', { name: ct(lang, 'rooms.add') }).first().click();
    await page.getByRole('textbox', { name: ct(lang, 'rooms.name') }).fill('Dining Room');
    await page.getByRole('button', { name: ct(lang, 'common.save') }).click();
    await page.getByRole('link', { name: /Dining Room/ }).click();
    await page.waitForURL(/\/i$/);

    const started = Date.now();
    await page.getByRole('button', { name: ct(lang, 'items.add') }).first().click();
    const dialog = page.getByRole('dialog', { name: ct(lang, 'form.newTitle') });
    await dialog.getByRole('textbox', { name: new RegExp(`^${ct(lang, 'fields.name')}`) }).fill('Oak Dining Table');
    const categories = dialog.getByRole('combobox', { name: ct(lang, 'fields.categories') });
    await categories.fill('Furniture');
    await categories.press('Enter');
    await shot('form');
    await dialog.getByRole('button', { name: ct(lang, 'form.saveAndPhotos') }).click();
    const photosDialog = page.getByRole('dialog', { name: ct(lang, 'form.photosTitle') });
    await photosDialog.getByTestId('photo-files').setInputFiles(files);
    await expect.poll(() => photosDialog.getByRole('list', { name: ct(lang, 'photos.title') }).getByRole('img').count(), { timeout: 20_000 }).toBe(3);
    await shot('photos');
    await photosDialog.getByRole('button', { name: ct(lang, 'form.done') }).click();
    expect(Date.now() - started).toBeLessThan(60_000);

    const card = page.getByRole('link', { name: /Oak Dining Table/ });
    await card.waitFor();
    await expect.poll(() => page.getByText('A-0001').first().isVisible()).toBe(true);
    await shot('list');
    await expectAccessible(page, 'item list (phone)');

    await card.click();
    await page.getByRole('heading', { level: 1, name: 'Oak Dining Table' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: ct(lang, 'photos.show', { n: 3 }) }).isVisible()).toBe(true);
    await shot('detail');
    await expectAccessible(page, 'item detail (phone)');

    // The location's board: the room is a column and the item a card in it.
    const locationId = new URL(await page.getByRole('link', { name: 'Dining Room' }).getAttribute('href') ?? '', server.url).pathname.split('/')[4];
    await page.goto(`${server.url}/apps/scrumboard/boards/${locationId}`);
    const column = page.getByRole('region', { name: 'Dining Room' });
    await column.getByRole('link', { name: 'Oak Dining Table' }).waitFor();
    await shot('board');
  });

  it('a beneficiary in Arabic on a desktop flags one item with a suggestion and approves the rest', async () => {
    const lang: Lang = 'ar';
    // The installation from the first test is set up already: a second estate with its own beneficiary.
    const base = server.url;
    const estate = await secondEstate(base);
    await advanceTo(base, estate, [1]);
    const ids: string[] = [];
    for (const name of ['Brass Lamp', 'Pride and Prejudice', 'Walnut Desk']) {
      const { item } = await api<{ item: { id: string } }>(base, 'POST', `/api/estates/${estate.estateId}/items`, { name, categories: ['Furniture'] }, estate.trustee.token);
      ids.push(item.id);
    }
    await advanceTo(base, estate, [2]);
    const ben = estate.members.ben;
    // Arabic reads right to left: the direction is its own setting.
    await api(base, 'PATCH', '/api/me', { settings: { language: lang, direction: 'rtl' } }, ben.token);
    const page = await openAs(browser, base, ben, 'desktop', lang);
    const shot = (name: string) => screenshot(page, `catalogue-desktop-${lang}-${name}`);

    await page.goto(`${base}/p/${estate.estateId}/i`);
    await page.getByRole('link', { name: /Pride and Prejudice/ }).first().waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await shot('list');
    await expectAccessible(page, 'item list (desktop, ar)');

    await page.getByRole('link', { name: /Pride and Prejudice/ }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Pride and Prejudice' }).waitFor();
    await page.getByRole('button', { name: ct(lang, 'flow.wrong') }).click();
    await page.getByRole('textbox', { name: ct(lang, 'review.comment') }).fill('المؤلف غير مذكور');
    await page.getByRole('textbox', { name: ct(lang, 'fields.brand') }).fill('Jane Austen');
    await shot('flag');
    await expectAccessible(page, 'item detail (desktop, ar)');
    await page.getByRole('button', { name: ct(lang, 'review.sendFlag') }).click();
    await page.getByText(ct(lang, 'review.flaggedOne')).waitFor();

    await page.goto(`${base}/p/${estate.estateId}/i`);
    await page.getByRole('button', { name: ct(lang, 'review.approveAll') }).click();
    await page.getByRole('dialog').getByRole('button', { name: ct(lang, 'review.approveAll') }).click();
    await expect
      .poll(async () => {
        const { approvals } = await api<{ approvals: { itemId: string; status: string; suggestion: unknown }[] }>(
          base,
          'GET',
          `/api/estates/${estate.estateId}/approvals/mine`,
          undefined,
          ben.token,
        );
        return approvals.map((a) => [a.itemId, a.status, a.suggestion]).sort();
      })
      .toEqual(
        [
          [ids[0], 'approved', null],
          [ids[1], 'flagged', { brand: 'Jane Austen' }],
          [ids[2], 'approved', null],
        ].sort(),
      );
    await shot('approved');

    // The same pages on a phone, right to left.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${base}/p/${estate.estateId}/i`);
    await page.getByRole('link', { name: /Walnut Desk/ }).first().waitFor();
    await shot('phone-list');
    await page.getByRole('link', { name: /Pride and Prejudice/ }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Pride and Prejudice' }).waitFor();
    await shot('phone-detail');
  });
});

/** A second estate on the same server (set-up has run), with a beneficiary "ben". */
async function secondEstate(base: string) {
  const login = await api<{ accessToken: string; user: { id: string } }>(base, 'POST', '/api/auth/login', {
    email: 'admin@example.com',
    password: 'Quiet-Harbour-1947',
  });
  const admin = { id: login.user.id, email: 'admin@example.com', firstName: 'Ada', token: login.accessToken };
  const { estate } = await api<{ estate: { id: string } }>(base, 'POST', '/api/estates', { name: 'Estate of Omar Haddad' }, admin.token);
  const { invitation } = await api<{ invitation: { link: string } }>(base, 'POST', `/api/estates/${estate.id}/invitations`, { email: 'ben@example.com', roles: [10] }, admin.token);
  await api(base, 'POST', '/api/auth/register', {
    firstName: 'Ben',
    lastName: 'Haddad',
    email: 'ben@example.com',
    password: 'Quiet-Harbour-1947',
    invitation: invitation.link.split('/invite/')[1],
  });
  const benLogin = await api<{ accessToken: string; user: { id: string } }>(base, 'POST', '/api/auth/login', {
    email: 'ben@example.com',
    password: 'Quiet-Harbour-1947',
  });
  // Ben has read and accepted the Terms and the Agreement (consent.spec.ts reads them in the browser).
  await acceptAgreements(base, estate.id, benLogin.accessToken);
  return {
    estateId: estate.id,
    admin,
    trustee: admin,
    members: { ben: { id: benLogin.user.id, email: 'ben@example.com', firstName: 'Ben', token: benLogin.accessToken } },
  };
}
