/**
 * Issue 34, in Chromium on a phone: a trustee with no network adds items with photos and a story,
 * reloads the page while still offline (the app and the waiting list are still there), goes online,
 * and the server holds each item, photo and story exactly once. And the item page's stories: a
 * story with a recording, its large play button, in English and Arabic.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, settled } from '../support/browser.js';
import { api } from '../support/seed.js';
import { useSpecEstate } from '../support/spec-estate.js';
import { openAs } from '../support/process.js';
import { nt, type Lang } from '../support/texts.js';

type Sharp = (input: unknown) => { jpeg(): { toBuffer(): Promise<Buffer> } };
const sharp = createRequire(fileURLToPath(new URL('../../apps/server/package.json', import.meta.url)))('sharp') as Sharp;

const world = useSpecEstate();
const st = (lang: Lang, key: string, values: Record<string, string> = {}) => nt(lang, 'stories', key, values);
const ct = (lang: Lang, key: string) => nt(lang, 'catalogue', key);

/** The first bytes of a WebM recording and a little "sound": the server checks only that it is audio. */
const webm = () => new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, ...new Array<number>(400).fill(7)]);

type ServerItem = { id: string; name: string; photoCount?: number };

async function serverItems(): Promise<ServerItem[]> {
  const { server, seeded } = world;
  const page = await api<{ items: ServerItem[] }>(server.url, 'GET', `/api/estates/${seeded.estateId}/items?limit=200`, undefined, seeded.trustee.token);
  return page.items;
}

async function addItemOffline(page: Page, name: string, photo: Buffer, story?: string) {
  await page.getByRole('button', { name: ct('en', 'items.add') }).first().click();
  const dialog = page.getByRole('dialog', { name: ct('en', 'form.newTitle') });
  await dialog.getByRole('textbox', { name: new RegExp(`^${ct('en', 'fields.name')}`) }).fill(name);
  await dialog.getByRole('button', { name: ct('en', 'form.saveAndPhotos') }).click();
  const kept = page.getByRole('dialog', { name: ct('en', 'form.photosTitle') });
  await kept.getByText(st('en', 'offline.itemKept', { name })).waitFor();
  await kept.getByTestId('offline-photo-input').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: photo });
  await kept.getByText(/photo kept on this phone/).waitFor();
  if (story) {
    await kept.getByRole('button', { name: st('en', 'add') }).click();
    const tell = page.getByRole('dialog', { name: st('en', 'add') });
    await tell.getByLabel(st('en', 'text')).fill(story);
    await tell.getByRole('button', { name: st('en', 'send') }).click();
    await tell.waitFor({ state: 'detached' });
  }
  await kept.getByRole('button', { name: ct('en', 'form.done') }).click();
  await kept.waitFor({ state: 'detached' });
}

describe('offline cataloguing and stories', () => {
  it('keeps items, photos and a story made offline, through a reload, and sends each exactly once', async () => {
    const { browser, server, seeded } = world;
    const page = await openAs(browser, server.url, seeded.trustee, 'phone', 'en');
    await page.goto(`${server.url}/p/${seeded.estateId}/i`);
    await settled(page);
    // The service worker installs after the first visit and takes over on the next load.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await settled(page);

    const context = page.context();
    await context.setOffline(true);
    await page.getByTestId('offline-banner').waitFor();
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 150, g: 90, b: 40 } } }).jpeg().toBuffer();
    await addItemOffline(page, 'Rocking Chair', photo, 'Grandma read to us in this chair every evening.');
    await addItemOffline(page, 'Brass Clock', photo);
    await page.getByTestId('waiting-changes').getByText(st('en', 'offline.waiting', { what: '2 items, 2 photos, 1 story' })).waitFor();
    await screenshot(page, 'offline-waiting-phone-en');

    // A reload with no network: the app and the waiting list are still there.
    await page.reload();
    await page.getByTestId('offline-banner').waitFor();
    await page.getByTestId('waiting-changes').getByText(st('en', 'offline.waiting', { what: '2 items, 2 photos, 1 story' })).waitFor();
    expect((await serverItems()).filter((i) => i.name === 'Rocking Chair')).toHaveLength(0);

    await context.setOffline(false);
    // Sent once the connection is back: wait until the server holds both items with their photo
    // and the chair's story (the waiting line can blink out while the page redraws, so it is not
    // the signal), and the waiting line is gone; then count that each came exactly once.
    const photosOf = async (itemId: string) =>
      (await api<{ item: { photos: unknown[] } }>(server.url, 'GET', `/api/estates/${seeded.estateId}/items/${itemId}`, undefined, seeded.trustee.token)).item.photos.length;
    const storiesOf = async (itemId: string) =>
      (await api<{ stories: unknown[] }>(server.url, 'GET', `/api/estates/${seeded.estateId}/items/${itemId}/stories`, undefined, seeded.trustee.token)).stories.length;
    const allSent = async () => {
      const mine = (await serverItems()).filter((i) => i.name === 'Rocking Chair' || i.name === 'Brass Clock');
      if (mine.length < 2) return false;
      for (const item of mine) if ((await photosOf(item.id)) < 1) return false;
      const chairId = mine.find((i) => i.name === 'Rocking Chair')!.id;
      return (await storiesOf(chairId)) >= 1;
    };
    await expect.poll(allSent, { timeout: 60_000, interval: 500 }).toBe(true);
    await page.getByTestId('waiting-changes').waitFor({ state: 'detached', timeout: 60_000 });
    const items = await serverItems();
    const chair = items.filter((i) => i.name === 'Rocking Chair');
    const clock = items.filter((i) => i.name === 'Brass Clock');
    expect([chair.length, clock.length]).toEqual([1, 1]);
    for (const item of [...chair, ...clock]) {
      const { item: full } = await api<{ item: { photos: unknown[] } }>(server.url, 'GET', `/api/estates/${seeded.estateId}/items/${item.id}`, undefined, seeded.trustee.token);
      expect(full.photos).toHaveLength(1);
    }
    const { stories } = await api<{ stories: { text: string }[] }>(server.url, 'GET', `/api/estates/${seeded.estateId}/items/${chair[0]!.id}/stories`, undefined, seeded.trustee.token);
    expect(stories.map((s) => s.text)).toEqual(['Grandma read to us in this chair every evening.']);
    await context.close();
  });

  for (const lang of ['en', 'ar'] as const) {
    it(`shows an item's stories with a large play button (${lang}, phone)`, async () => {
      const { browser, server, seeded } = world;
      const { item } = await api<{ item: { id: string } }>(server.url, 'POST', `/api/estates/${seeded.estateId}/items`, { name: `Sewing Box ${lang}` }, seeded.trustee.token);
      const form = new FormData();
      form.append('text', 'She mended every coat in the family from this box.');
      form.append('durationSeconds', '42');
      form.append('audio', new Blob([webm()], { type: 'audio/webm' }), 'story.webm');
      const res = await fetch(`${server.url}/api/estates/${seeded.estateId}/items/${item.id}/stories`, { method: 'POST', headers: { authorization: `Bearer ${seeded.trustee.token}` }, body: form });
      expect(res.status).toBe(201);
      const page = await openAs(browser, server.url, seeded.trustee, 'phone', lang);
      await page.goto(`${server.url}/p/${seeded.estateId}/i/${item.id}`);
      await page.getByText('She mended every coat in the family from this box.').waitFor();
      const play = page.getByRole('button', { name: st(lang, 'play', { name: '' }).trim().replace(/\s+$/, '') });
      expect(await play.count()).toBeGreaterThan(0);
      const box = await play.first().boundingBox();
      expect(box!.width).toBeGreaterThanOrEqual(64);
      await page.getByText('She mended every coat in the family from this box.').scrollIntoViewIfNeeded();
      await settled(page);
      await screenshot(page, `stories-item-phone-${lang}`);
      await page.getByRole('button', { name: st(lang, 'add') }).click();
      await page.getByRole('dialog', { name: st(lang, 'add') }).waitFor();
      await settled(page);
      await screenshot(page, `stories-add-phone-${lang}`);
      await page.context().close();
    });
  }
});
