/**
 * Issue 3, an item's photos in Chromium: a trustee reorders them by dragging a photo by its handle
 * with the mouse, with the keyboard (focus the handle, Space, arrows, Space) and with the arrow
 * buttons; each order reaches the server. Desktop in English, phone in Arabic (right to left).
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { axeProblems, screenshot, settled, type ViewportName } from '../support/browser.js';
import { api, type SeededEstate } from '../support/seed.js';
import { useSpecEstate } from '../support/spec-estate.js';
import { openAs } from '../support/process.js';
import { ct, faded } from '../support/catalogue.js';
import { t, type Lang } from '../support/texts.js';

type Sharp = (input: unknown) => { png(): { toBuffer(): Promise<Buffer> } };
// sharp is a dependency of the server workspace.
const sharp = createRequire(fileURLToPath(new URL('../../apps/server/package.json', import.meta.url)))(
  'sharp',
) as Sharp;

const COLOURS = [
  { r: 180, g: 90, b: 40 },
  { r: 40, g: 120, b: 180 },
  { r: 90, g: 160, b: 70 },
];

/** An item with three photos of different colours; returns its id and the photo ids in upload order. */
async function itemWithPhotos(
  base: string,
  seeded: SeededEstate,
  name: string,
): Promise<{ id: string; photos: string[] }> {
  const e = `/api/estates/${seeded.estateId}`;
  const { item } = await api<{ item: { id: string } }>(
    base,
    'POST',
    `${e}/items`,
    { name, categories: ['Furniture'] },
    seeded.admin.token,
  );
  const photos: string[] = [];
  for (const background of COLOURS) {
    const png = await sharp({ create: { width: 480, height: 360, channels: 3, background } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
    const res = await fetch(`${base}${e}/items/${item.id}/photos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${seeded.admin.token}` },
      body: form,
    });
    if (!res.ok) throw new Error(`photo upload → ${res.status} ${await res.text()}`);
    photos.push(((await res.json()) as { photo: { id: string } }).photo.id);
  }
  return { id: item.id, photos };
}

async function photoOrder(base: string, seeded: SeededEstate, itemId: string): Promise<string[]> {
  const { item } = await api<{ item: { photos: { id: string }[] } }>(
    base,
    'GET',
    `/api/estates/${seeded.estateId}/items/${itemId}`,
    undefined,
    seeded.admin.token,
  );
  return item.photos.map((p) => p.id);
}

/** Presses on a handle and moves the mouse in steps (dnd-kit starts after a few pixels) onto the target. */
async function drag(page: Page, handle: Locator, target: Locator): Promise<void> {
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('nothing to drag or nowhere to drop');
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
  const end = { x: to.x + to.width / 2, y: to.y + to.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 5, start.y + 5, { steps: 2 });
  await page.mouse.move(end.x, end.y, { steps: 15 });
  await page.mouse.move(end.x + 1, end.y + 1);
  await page.mouse.up();
}

const spec = useSpecEstate({}, [1]);

async function openPhotos(viewport: ViewportName, lang: Lang, itemId: string) {
  const page = await openAs(spec.browser, spec.server.url, spec.seeded.admin, viewport, lang);
  await page.goto(`${spec.server.url}/p/${spec.seeded.estateId}/i/${itemId}`);
  await page.getByRole('button', { name: ct(lang, 'photos.manage'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: ct(lang, 'photos.manage') });
  const tiles = dialog.getByRole('list', { name: ct(lang, 'photos.title') }).getByRole('listitem');
  await expect.poll(() => tiles.count()).toBe(3);
  await faded(dialog);
  const handle = (n: number) => dialog.getByRole('button', { name: ct(lang, 'photos.drag', { n }) });
  return { page, dialog, tiles, handle };
}

describe('photo order', () => {
  it('desktop, en: drag with the mouse, with the keyboard, and the buttons', async () => {
    const lang: Lang = 'en';
    const {
      id,
      photos: [a, b, c],
    } = await itemWithPhotos(spec.server.url, spec.seeded, 'Oak Sideboard');
    const { page, dialog, tiles, handle } = await openPhotos('desktop', lang, id);
    const shot = (name: string) => screenshot(page, `catalogue-photos-desktop-${lang}-${name}`);
    await shot('manager');
    expect(await axeProblems(page), 'axe on the photo manager').toEqual([]);

    // The third photo onto the first: it goes first.
    await drag(page, handle(3), tiles.nth(0));
    await expect.poll(() => photoOrder(spec.server.url, spec.seeded, id)).toEqual([c, a, b]);
    await shot('dragged');

    // The keyboard: the first photo one place on (once the tiles have slid into their new places:
    // a pick-up measures where each tile is).
    await settled(page);
    await handle(1).focus();
    await page.keyboard.press('Space');
    await page
      .getByText(t(lang, 'drag.pickedUp', { name: ct(lang, 'photos.name', { n: 1 }) }), { exact: true })
      .waitFor({ state: 'attached' });
    // The picked-up tile lifts (a transition); a move during it can be lost on a busy machine.
    await settled(page);
    await page.keyboard.press('ArrowRight');
    await page
      .getByText(
        t(lang, 'drag.over', {
          name: ct(lang, 'photos.name', { n: 1 }),
          target: ct(lang, 'photos.name', { n: 2 }),
        }),
        { exact: true },
      )
      .waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await expect.poll(() => photoOrder(spec.server.url, spec.seeded, id)).toEqual([a, c, b]);

    // The buttons stay, for a phone or a keyboard without dragging.
    await dialog.getByRole('button', { name: ct(lang, 'photos.later', { n: 2 }) }).click();
    await expect.poll(() => photoOrder(spec.server.url, spec.seeded, id)).toEqual([a, b, c]);
    await page.context().close();
  });

  it('phone, ar (right to left): drag a photo to the front', async () => {
    const lang: Lang = 'ar';
    await api(
      spec.server.url,
      'PATCH',
      '/api/me',
      { settings: { language: lang, direction: 'rtl' } },
      spec.seeded.admin.token,
    );
    const {
      id,
      photos: [a, b, c],
    } = await itemWithPhotos(spec.server.url, spec.seeded, 'Brass Lamp');
    const { page, tiles, handle } = await openPhotos('phone', lang, id);
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const shot = (name: string) => screenshot(page, `catalogue-photos-phone-${lang}-${name}`);
    await shot('manager');

    await drag(page, handle(2), tiles.nth(0));
    await expect.poll(() => photoOrder(spec.server.url, spec.seeded, id)).toEqual([b, a, c]);
    await shot('dragged');
    await api(
      spec.server.url,
      'PATCH',
      '/api/me',
      { settings: { language: 'en', direction: 'ltr' } },
      spec.seeded.admin.token,
    );
    await page.context().close();
  });
});

describe('the item list on a first load', () => {
  it("phone, en: the first row's photos are asked for before the list's code has come, and each photo and the texts once", async () => {
    // Two items with photos at least, so that the grid's first row (two cards on a phone) has
    // photos, and one before them, so that the second row has one too.
    await itemWithPhotos(spec.server.url, spec.seeded, 'Elm Chest');
    await itemWithPhotos(spec.server.url, spec.seeded, 'Walnut Bureau');
    await itemWithPhotos(spec.server.url, spec.seeded, 'Pine Dresser');
    const { items } = await api<{ items: { thumbUrl: string | null }[] }>(
      spec.server.url,
      'GET',
      `/api/estates/${spec.seeded.estateId}/items?limit=4`,
      undefined,
      spec.seeded.admin.token,
    );
    const photoPath = (item: { thumbUrl: string | null }) =>
      item.thumbUrl ? [item.thumbUrl.split('?')[0]!] : [];
    const firstRow = items.slice(0, 2).flatMap(photoPath);
    const secondRow = items.slice(2, 4).flatMap(photoPath);
    expect(firstRow).toHaveLength(2);
    expect(secondRow.length).toBeGreaterThan(0);

    const page = await openAs(spec.browser, spec.server.url, spec.seeded.admin, 'phone', 'en');
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    // Each request the browser sent, and who asked: the page's HTML ("parser") or a script.
    const sent: { path: string; by: string }[] = [];
    const devtools = await page.context().newCDPSession(page);
    devtools.on('Network.requestWillBeSent', ({ request, initiator }) =>
      sent.push({ path: new URL(request.url).pathname, by: initiator.type }),
    );
    await devtools.send('Network.enable');
    // When the first card is in the page (in the page's own clock, like its timeline's marks).
    await page.addInitScript(() => {
      const seen = new MutationObserver(() => {
        if (!document.querySelector('.item-card')) return;
        (window as unknown as { firstCardAt: number }).firstCardAt = performance.now();
        seen.disconnect();
      });
      seen.observe(document, { childList: true, subtree: true });
    });
    // The list's own code is held back: its first row's photos must come without it, from the
    // list's answer read early while the session is restored.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/items-page-*.js', async (route) => {
      await held;
      await route.continue();
    });
    // A page load of the list by someone who was signed in (their session comes back by itself).
    await page.goto(`${spec.server.url}/p/${spec.seeded.estateId}/i`);
    await expect.poll(() => firstRow.every((path) => asked.includes(path)), { timeout: 30_000 }).toBe(true);
    release();
    await page
      .getByRole('link', { name: /Walnut Bureau/ })
      .first()
      .waitFor();
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.querySelectorAll<HTMLImageElement>('main img')]
            .slice(0, 2)
            .every((img) => img.complete && img.naturalWidth > 0),
        ),
      )
      .toBe(true);
    await screenshot(page, 'catalogue-first-load-phone-en');
    // The frame's own reads (the stage's deadline, the counters) start once the cards are drawn
    // (ADR 0031); places and labels wait for the filter form; a restored session asks no set-up.
    const readTimeline = () =>
      page.evaluate(() => ({
        firstCardAt: (window as unknown as { firstCardAt?: number }).firstCardAt ?? null,
        shownAt: performance.getEntriesByName('first-content')[0]?.startTime ?? null,
        reads: performance
          .getEntriesByType('resource')
          .map((entry) => ({ path: new URL(entry.name).pathname, startTime: entry.startTime })),
      }));
    const isFrameRead = (path: string) => /\/(stage|conversations|todos\/counts)$/.test(path);
    // (A read is in the timeline once its answer has come.)
    await expect
      .poll(async () => (await readTimeline()).reads.filter((read) => isFrameRead(read.path)).length, {
        timeout: 15_000,
      })
      .toBe(3);
    const timeline = await readTimeline();
    expect(timeline.firstCardAt).not.toBeNull();
    expect(timeline.shownAt).toBeGreaterThanOrEqual(timeline.firstCardAt!);
    const frameReads = timeline.reads.filter((read) => isFrameRead(read.path));
    for (const read of frameReads) expect(read.startTime).toBeGreaterThanOrEqual(timeline.shownAt!);
    // The second row's photos are asked for once the first content is shown, and then come.
    await expect
      .poll(async () => (await readTimeline()).reads.filter((read) => secondRow.includes(read.path)).length)
      .toBe(secondRow.length);
    for (const read of (await readTimeline()).reads.filter((read) => secondRow.includes(read.path)))
      expect(read.startTime).toBeGreaterThanOrEqual(timeline.shownAt!);
    expect(
      asked.filter((p) => /\/(labels|locations)$/.test(p) || p === '/api/setup' || p === '/favicon.svg'),
    ).toEqual([]);
    // The page's <img> took the photos already loaded: none was asked for twice. The texts came
    // once, from the page's own preload.
    for (const path of firstRow) expect(asked.filter((p) => p === path), JSON.stringify(asked)).toHaveLength(1);
    expect(asked.filter((p) => /^\/assets\/texts\.en-[\w-]+\.json$/.test(p)), JSON.stringify(asked)).toHaveLength(1);
    expect(
      await page.locator('head link[rel="preload"][as="fetch"][href*="/assets/texts.en-"]').count(),
    ).toBe(1);
    // The list's code and the frame's are named by the page itself (ADR 0032): asked for by its
    // HTML beside the entry file, not once the entry file has run, and each once.
    const listCode = /^\/assets\/(frame|items-page)-[\w-]+\.js$/;
    const scripts = sent.filter((request) => listCode.test(request.path));
    expect(scripts.map((request) => listCode.exec(request.path)![1]).sort()).toEqual(['frame', 'items-page']);
    for (const request of scripts) expect(request.by, request.path).toBe('parser');
    // The page draws the house mark itself, as the tab's icon and its first screen (the build
    // writes both from the mark's one description).
    const html = await (await page.request.get(`${spec.server.url}/p/${spec.seeded.estateId}/i`)).text();
    expect(html).not.toContain('__HOUSE_MARK');
    expect(html).toMatch(/<link rel="icon" type="image\/svg\+xml" href="data:image\/svg\+xml,[^"]+"/);
    expect(html).toMatch(/<div class="boot" aria-hidden="true"><svg viewBox="0 0 64 64"[^>]*>.*<\/svg>/);
    await page.context().close();
  });
});
