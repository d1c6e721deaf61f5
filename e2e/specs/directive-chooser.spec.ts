/**
 * Issue 36: the item of a written directive is found, not scrolled for. On a phone in English and
 * Arabic the trustee types a room's name, sees the matches with their photos, and picks one with
 * the keyboard; the server is asked for 20 items at a time, never the whole catalogue.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { atRest, launchBrowser, screenshot } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/server.js';
import { advanceTo, api, seedEstate, type SeededEstate } from '../support/seed.js';
import { openAs, pt } from '../support/process.js';
import type { Lang } from '../support/texts.js';

type Sharp = (input: unknown) => { jpeg(options?: { quality: number }): { toBuffer(): Promise<Buffer> } };
// sharp is a dependency of the server workspace.
const sharp = createRequire(fileURLToPath(new URL('../../apps/server/package.json', import.meta.url)))('sharp') as Sharp;

let browser: Browser;
let server: RunningServer;
let seeded: SeededEstate;
const url = (path: string) => `/api/estates/${seeded.estateId}${path}`;

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer();
  seeded = await seedEstate(server.url, { anna: [10], ben: [10] });
  const token = seeded.trustee.token;
  await advanceTo(server.url, seeded, [1]);
  const { location } = await api<{ location: { id: string } }>(server.url, 'POST', url('/locations'), { name: 'Family House' }, token);
  const room = async (name: string) => (await api<{ room: { id: string } }>(server.url, 'POST', url(`/locations/${location.id}/rooms`), { name }, token)).room.id;
  const attic = await room('Attic');
  const kitchen = await room('Kitchen');
  // 40 items: more than one page of the chooser. Two stand in the attic; the trunk has a photo.
  for (let i = 1; i <= 40; i++) {
    const inAttic = i === 17 || i === 33;
    const name = i === 17 ? 'Steamer Trunk' : i === 33 ? 'Rocking Horse' : `Kitchen Chair ${i}`;
    const { item } = await api<{ item: { id: string } }>(server.url, 'POST', url('/items'), { name, categories: ['Furniture'], locationId: location.id, roomId: inAttic ? attic : kitchen }, token);
    if (i === 17) {
      const jpeg = await sharp({ create: { width: 480, height: 360, channels: 3, background: { r: 120, g: 80, b: 40 } } }).jpeg().toBuffer();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'trunk.jpg');
      const res = await fetch(`${server.url}${url(`/items/${item.id}/photos`)}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      if (!res.ok) throw new Error(`photo upload → ${res.status}`);
    }
  }
  await advanceTo(server.url, seeded, [2, 10]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The item lists the page asks for (their `limit` and `q`). */
function watchItemLists(page: Page): URLSearchParams[] {
  const seen: URLSearchParams[] = [];
  page.on('request', (request) => {
    const u = new URL(request.url());
    if (u.pathname.endsWith('/items') && request.method() === 'GET') seen.push(u.searchParams);
  });
  return seen;
}

describe('the directive’s item chooser', () => {
  // First in English: signing in as Arabic saves Arabic as the trustee's language.
  it('on a desktop: picks an item by its number and records the directive', async () => {
    const page = await openAs(browser, server.url, seeded.trustee, 'desktop', 'en');
    await page.goto(`${server.url}/trustee/control`);
    await atRest(page);
    const box = page.getByRole('combobox', { name: pt('en', 'directives.item'), exact: true });
    await box.click();
    await box.fill('A-0005');
    await page.getByRole('option', { name: /Kitchen Chair 5/ }).click();
    await page.getByRole('combobox', { name: pt('en', 'directives.receiver'), exact: true }).click();
    await page.getByRole('option', { name: 'Anna Ellis' }).click();
    await page.getByLabel(pt('en', 'directives.clause')).fill('Clause 3: a kitchen chair to Anna.');
    await page.getByRole('button', { name: pt('en', 'directives.assign') }).click();
    await page.getByText(/Kitchen Chair 5 → Anna Ellis/).waitFor();
    // Given, it leaves the chooser's list.
    await box.click();
    await box.fill('A-0005');
    await page.getByText(pt('en', 'directives.chooser.noMatch', { query: 'A-0005' })).waitFor();
    await screenshot(page, 'directive-chooser-en-desktop');
    await page.context().close();
  }, 90_000);

  for (const lang of ['en', 'ar'] as Lang[]) {
    it(`in ${lang === 'en' ? 'English' : 'Arabic'} on a phone: a room's name finds its items, with photos; the keyboard picks one`, async () => {
      const page = await openAs(browser, server.url, seeded.trustee, 'phone', lang);
      const lists = watchItemLists(page);
      await page.goto(`${server.url}/trustee/control`);
      await atRest(page);
      const box = page.getByRole('combobox', { name: pt(lang, 'directives.item'), exact: true });
      await box.scrollIntoViewIfNeeded();
      await box.click();
      // The first page: 20 options, not the 40 items.
      await expect.poll(() => page.getByTestId('chooser-option').count()).toBe(20);
      await box.fill('attic');
      await expect
        .poll(async () => (await page.getByTestId('chooser-option').allTextContents()).map((text) => /Rocking Horse|Steamer Trunk/.exec(text)?.[0] ?? text).sort())
        .toEqual(['Rocking Horse', 'Steamer Trunk']);
      const trunk = page.getByTestId('chooser-option').filter({ hasText: 'Steamer Trunk' });
      expect(await trunk.locator('img').count()).toBe(1);
      expect(await trunk.getByText('Attic').count()).toBe(1);
      // Options are 48 px or more, for a finger.
      expect((await trunk.boundingBox())!.height).toBeGreaterThanOrEqual(48);
      await screenshot(page, `directive-chooser-${lang}-phone`);
      expect(lists.every((q) => Number(q.get('limit')) <= 20)).toBe(true);
      expect(lists.some((q) => q.get('q') === 'attic' && q.get('status') === 'unassigned')).toBe(true);

      // The keyboard alone: down to the option, Enter.
      const names = await page.getByTestId('chooser-option').allTextContents();
      await box.press('ArrowDown');
      await box.press('Enter');
      expect(await box.inputValue()).toBe(names[0]!.includes('Rocking Horse') ? 'A-0033 · Rocking Horse' : 'A-0017 · Steamer Trunk');
      await page.context().close();
    }, 90_000);
  }
});
