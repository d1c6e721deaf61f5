/**
 * Issue 34, editing with no signal, in Chromium on a phone: the item list reloaded offline shows
 * what was kept with a plain note; a trustee renames an item, moves it to another room and adds a
 * photo to it, and edits a second item that someone else changes meanwhile; when the network
 * returns the first goes through in order, and the second is shown with both versions and what to
 * do (keep mine), never dropped.
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
const ct = (lang: Lang, key: string, values: Record<string, string> = {}) => nt(lang, 'catalogue', key, values);

type ServerItem = { id: string; name: string; notes: string; roomId: string | null; version: number; photos: unknown[] };

async function serverItem(id: string): Promise<ServerItem> {
  const { server, seeded } = world;
  return (await api<{ item: ServerItem }>(server.url, 'GET', `/api/estates/${seeded.estateId}/items/${id}`, undefined, seeded.trustee.token)).item;
}

/** A house with a kitchen and an attic, and two things in the kitchen. */
async function house(names = ['Oak Chest', 'Tea Set']) {
  const { server, seeded } = world;
  const e = `/api/estates/${seeded.estateId}`;
  const token = seeded.trustee.token;
  const { location } = await api<{ location: { id: string } }>(server.url, 'POST', `${e}/locations`, { name: 'Family House' }, token);
  const rooms: Record<string, string> = {};
  for (const room of ['Kitchen', 'Attic']) {
    rooms[room] = (await api<{ room: { id: string } }>(server.url, 'POST', `${e}/locations/${location.id}/rooms`, { name: room }, token)).room.id;
  }
  const items: Record<string, string> = {};
  for (const name of names) {
    items[name] = (await api<{ item: { id: string } }>(server.url, 'POST', `${e}/items`, { name, locationId: location.id, roomId: rooms.Kitchen }, token)).item.id;
  }
  return { rooms, items };
}

async function openEdit(page: Page, lang: Lang = 'en') {
  await page.getByRole('button', { name: ct(lang, 'common.edit'), exact: true }).click();
  return page.getByRole('dialog', { name: ct(lang, 'form.editTitle') });
}

/** Someone else's edit of the item, on their laptop, while the phone is offline. */
async function editMeanwhile(id: string, notes: string) {
  const { server, seeded } = world;
  const { version } = await serverItem(id);
  const res = await fetch(`${server.url}/api/estates/${seeded.estateId}/items/${id}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${seeded.trustee.token}`, 'content-type': 'application/json', 'if-match': `"${version}"` },
    body: JSON.stringify({ notes }),
  });
  expect(res.status).toBe(200);
}

describe('offline edits', () => {
  it('shows the kept list offline, keeps edits, moves and photos of items, and shows a conflict with what to do', async () => {
    const { browser, server, seeded } = world;
    const { rooms, items } = await house();
    const page = await openAs(browser, server.url, seeded.trustee, 'phone', 'en');
    const list = `${server.url}/p/${seeded.estateId}/i`;
    await page.goto(list);
    await settled(page);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // Each item's page seen once online: its answers are kept on the phone.
    for (const id of Object.values(items)) {
      await page.goto(`${list}/${id}`);
      await page.getByRole('button', { name: ct('en', 'common.edit'), exact: true }).waitFor();
    }
    await page.goto(list);
    await page.getByText('Tea Set').first().waitFor();

    const context = page.context();
    await context.setOffline(true);

    // The list, reloaded with no network: what was kept, with a plain note.
    await page.reload();
    await page.getByTestId('offline-banner').waitFor();
    await page.getByTestId('list-kept').getByText(st('en', 'offline.listKept')).waitFor();
    await page.getByText('Oak Chest').first().waitFor();
    await page.getByText('Tea Set').first().waitFor();
    await settled(page);
    await screenshot(page, 'offline-list-kept-phone-en');

    // Rename the chest and move it to the attic.
    await page.goto(`${list}/${items['Oak Chest']}`);
    await page.getByTestId('offline-banner').waitFor();
    const form = await openEdit(page);
    await form.getByRole('textbox', { name: new RegExp(`^${ct('en', 'fields.name')}`) }).fill('Oak Chest of Drawers');
    await form.getByRole('combobox', { name: ct('en', 'fields.room') }).click();
    await page.getByRole('option', { name: 'Attic' }).click();
    await form.getByRole('button', { name: ct('en', 'common.save') }).click();
    await form.waitFor({ state: 'detached' });
    await page.getByText(st('en', 'offline.editKept', { name: 'Oak Chest of Drawers' })).waitFor();

    // And add a photo to it.
    await page.getByRole('button', { name: ct('en', 'photos.manage') }).click();
    const photos = page.getByRole('dialog', { name: ct('en', 'photos.manage') });
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 120, g: 80, b: 50 } } }).jpeg().toBuffer();
    await photos.getByTestId('photo-files').setInputFiles({ name: 'chest.jpg', mimeType: 'image/jpeg', buffer: photo });
    await photos.getByTestId('photos-kept').waitFor();
    await photos.getByRole('button', { name: ct('en', 'form.done') }).click();
    await photos.waitFor({ state: 'detached' });

    // Notes on the tea set, which someone else changes meanwhile on their laptop.
    await page.goto(`${list}/${items['Tea Set']}`);
    await page.getByTestId('offline-banner').waitFor();
    const teaForm = await openEdit(page);
    await teaForm.getByRole('textbox', { name: ct('en', 'fields.notes') }).fill('Grandma’s wedding present, one cup chipped.');
    await teaForm.getByRole('button', { name: ct('en', 'common.save') }).click();
    await teaForm.waitFor({ state: 'detached' });
    const waiting = page.getByTestId('waiting-changes');
    await waiting.getByText(st('en', 'offline.waiting', { what: '2 changes, 1 photo' })).waitFor();
    await settled(page);
    await screenshot(page, 'offline-edits-waiting-phone-en');
    await editMeanwhile(items['Tea Set']!, 'Six cups, a teapot.');
    expect((await serverItem(items['Oak Chest']!)).name).toBe('Oak Chest');

    await context.setOffline(false);
    const conflict = page.getByTestId('changed-meanwhile');
    await conflict.waitFor({ timeout: 60_000 });
    await expect.poll(async () => (await serverItem(items['Oak Chest']!)).photos.length).toBe(1);
    const chest = await serverItem(items['Oak Chest']!);
    expect([chest.name, chest.roomId]).toEqual(['Oak Chest of Drawers', rooms.Attic]);
    expect(await conflict.getByRole('row').allTextContents()).toEqual([
      `${ct('en', 'conflict.field')}${ct('en', 'conflict.yours')}${ct('en', 'conflict.now')}`,
      `${ct('en', 'fields.notes')}Grandma’s wedding present, one cup chipped.Six cups, a teapot.`,
    ]);
    await conflict.scrollIntoViewIfNeeded();
    await settled(page);
    await screenshot(page, 'offline-edit-conflict-phone-en');
    // Still there after a reload: never dropped.
    await page.reload();
    await page.getByTestId('changed-meanwhile').waitFor();
    await page.getByRole('button', { name: st('en', 'offline.keepMine') }).click();
    await page.getByTestId('waiting-changes').waitFor({ state: 'detached', timeout: 60_000 });
    expect((await serverItem(items['Tea Set']!)).notes).toBe('Grandma’s wedding present, one cup chipped.');
    await context.close();
  });

  it('says the same in Arabic, on a desktop and a phone', async () => {
    const { browser, server, seeded } = world;
    const { items } = await house(['Walnut Bureau', 'Silver Tray']);
    const page = await openAs(browser, server.url, seeded.trustee, 'desktop', 'ar');
    const list = `${server.url}/p/${seeded.estateId}/i`;
    const tray = `${list}/${items['Silver Tray']}`;
    await page.goto(tray);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.getByRole('button', { name: ct('ar', 'common.edit'), exact: true }).waitFor();
    await page.goto(list);
    await page.getByText('Silver Tray').first().waitFor();

    const context = page.context();
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('list-kept').getByText(st('ar', 'offline.listKept')).waitFor();
    await settled(page);
    await screenshot(page, 'offline-list-kept-desktop-ar');
    await page.setViewportSize({ width: 390, height: 844 });
    await settled(page);
    await screenshot(page, 'offline-list-kept-phone-ar');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.goto(tray);
    const form = await openEdit(page, 'ar');
    await form.getByRole('textbox', { name: ct('ar', 'fields.notes') }).fill('هدية زفاف جدتي.');
    await form.getByRole('button', { name: ct('ar', 'common.save') }).click();
    await form.waitFor({ state: 'detached' });
    await page.getByTestId('waiting-changes').getByText(st('ar', 'offline.waiting', { what: 'تغيير واحد' })).waitFor();
    await editMeanwhile(items['Silver Tray']!, 'A tray for six glasses.');

    await context.setOffline(false);
    const conflict = page.getByTestId('changed-meanwhile');
    await conflict.waitFor({ timeout: 60_000 });
    await conflict.getByRole('button', { name: st('ar', 'offline.takeNewer') }).waitFor();
    await settled(page);
    await screenshot(page, 'offline-edit-conflict-desktop-ar');
    await page.setViewportSize({ width: 390, height: 844 });
    await settled(page);
    await screenshot(page, 'offline-edit-conflict-phone-ar');
    // Taking the newer puts this phone's edit aside: the server keeps the other person's.
    await conflict.getByRole('button', { name: st('ar', 'offline.takeNewer') }).click();
    await page.getByTestId('waiting-changes').waitFor({ state: 'detached' });
    expect((await serverItem(items['Silver Tray']!)).notes).toBe('A tray for six glasses.');
    await context.close();
  });
});
