/**
 * Issue 3, a location's board in Chromium: rooms are columns, items are cards. A trustee drags a
 * card to another room with the mouse (the item's room changes on the server) and drags a column
 * by its handle to reorder the rooms (the order stays after a reload); the keyboard does both too
 * (focus a handle, Space, arrow keys, Space). Desktop in English, phone in Arabic (right to left).
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { axeProblems, screenshot, settled } from '../support/browser.js';
import { api, type SeededEstate } from '../support/seed.js';
import { useSpecEstate } from '../support/spec-estate.js';
import { openAs } from '../support/process.js';
import { ct } from '../support/catalogue.js';
import { t, type Lang } from '../support/texts.js';

type Room = { id: string; name: string; position: number };
type Board = { locationId: string; rooms: Record<string, string>; items: Record<string, string> };

async function makeBoard(base: string, seeded: SeededEstate, name: string): Promise<Board> {
  const token = seeded.admin.token;
  const e = `/api/estates/${seeded.estateId}`;
  const { location } = await api<{ location: { id: string } }>(
    base,
    'POST',
    `${e}/locations`,
    { name },
    token,
  );
  const rooms: Record<string, string> = {};
  for (const room of ['Kitchen', 'Study', 'Garage']) {
    rooms[room] = (
      await api<{ room: { id: string } }>(
        base,
        'POST',
        `${e}/locations/${location.id}/rooms`,
        { name: room },
        token,
      )
    ).room.id;
  }
  const items: Record<string, string> = {};
  for (const [item, room] of [
    ['Copper Kettle', 'Kitchen'],
    ['Bread Bin', 'Kitchen'],
    ['Writing Desk', 'Study'],
    ['Tool Chest', 'Garage'],
  ] as const) {
    const body = { name: item, categories: ['Furniture'], locationId: location.id, roomId: rooms[room] };
    items[item] = (await api<{ item: { id: string } }>(base, 'POST', `${e}/items`, body, token)).item.id;
  }
  return { locationId: location.id, rooms, items };
}

async function roomOf(base: string, seeded: SeededEstate, itemId: string): Promise<string | null> {
  const { item } = await api<{ item: { roomId: string | null } }>(
    base,
    'GET',
    `/api/estates/${seeded.estateId}/items/${itemId}`,
    undefined,
    seeded.admin.token,
  );
  return item.roomId;
}

async function roomOrder(base: string, seeded: SeededEstate, locationId: string): Promise<string[]> {
  const { rooms } = await api<{ rooms: Room[] }>(
    base,
    'GET',
    `/api/estates/${seeded.estateId}/locations/${locationId}/rooms`,
    undefined,
    seeded.admin.token,
  );
  return rooms.map((r) => r.name);
}

/** The column headings as they stand on the board, in reading order of the DOM. */
async function columnsOnScreen(page: Page): Promise<string[]> {
  return page.locator('main section[aria-label] h2').allTextContents();
}

/**
 * Drags with a real mouse: press on the handle, move in small steps (dnd-kit's pointer sensor
 * starts after a few pixels and follows each move), release over the target.
 */
async function drag(
  page: Page,
  handle: Locator,
  target: Locator,
  where: 'center' | 'top' = 'center',
): Promise<void> {
  await handle.scrollIntoViewIfNeeded();
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('nothing to drag or nowhere to drop');
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
  const width = page.viewportSize()?.width ?? 1000;
  // A column partly off screen (a phone): aim at the part that shows.
  const x = Math.min(Math.max(to.x + to.width / 2, to.x + 20, 10), to.x + to.width - 20, width - 10);
  const end = { x, y: where === 'top' ? to.y + 30 : to.y + to.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 4, start.y + 4, { steps: 2 });
  await page.mouse.move(end.x, end.y, { steps: 20 });
  await page.mouse.move(end.x + 2, end.y + 2, { steps: 2 });
  await page.mouse.up();
}

const spec = useSpecEstate({ carl: [4] }, [1]);

describe('location board', () => {
  it('desktop, en: a card dragged to another room moves the item; a column dragged by its handle reorders the rooms', async () => {
    const lang: Lang = 'en';
    const board = await makeBoard(spec.server.url, spec.seeded, 'Family House');
    const page = await openAs(spec.browser, spec.server.url, spec.seeded.admin, 'desktop', lang);
    const shot = (name: string) => screenshot(page, `catalogue-board-desktop-${lang}-${name}`);
    await page.goto(`${spec.server.url}/apps/scrumboard/boards/${board.locationId}`);
    const column = (name: string) => page.getByRole('region', { name, exact: true });
    await column('Kitchen').getByRole('link', { name: 'Copper Kettle' }).waitFor();
    expect(await columnsOnScreen(page)).toEqual(['Kitchen', 'Study', 'Garage']);
    await shot('board');
    expect(await axeProblems(page), 'axe on the board').toEqual([]);

    // A card to another column.
    await drag(
      page,
      page.getByRole('button', { name: ct(lang, 'board.moveItem', { name: 'Copper Kettle' }) }),
      column('Study'),
    );
    await column('Study').getByRole('link', { name: 'Copper Kettle' }).waitFor();
    await expect
      .poll(() => roomOf(spec.server.url, spec.seeded, board.items['Copper Kettle']!))
      .toBe(board.rooms.Study);
    await page.getByText(ct(lang, 'board.moved', { name: 'Copper Kettle' })).waitFor();
    expect(await column('Kitchen').getByRole('link', { name: 'Copper Kettle' }).count()).toBe(0);
    await shot('card-moved');

    // A column before another: Garage first.
    await drag(
      page,
      page.getByRole('button', { name: ct(lang, 'board.moveColumn', { name: 'Garage' }) }),
      column('Kitchen'),
    );
    await expect.poll(() => columnsOnScreen(page)).toEqual(['Garage', 'Kitchen', 'Study']);
    await expect
      .poll(() => roomOrder(spec.server.url, spec.seeded, board.locationId))
      .toEqual(['Garage', 'Kitchen', 'Study']);
    await page.reload();
    await column('Garage').getByRole('link', { name: 'Tool Chest' }).waitFor();
    expect(await columnsOnScreen(page)).toEqual(['Garage', 'Kitchen', 'Study']);
    expect(await column('Study').getByRole('link').allTextContents()).toEqual(
      expect.arrayContaining(['Copper Kettle', 'Writing Desk']),
    );
    await shot('reordered');

    // The keyboard: the Bread Bin one column on (Kitchen → Study), then Study back to the front. Each
    // step is announced (what a screen reader says), and the next key waits for it, as a person would.
    const said = (key: string, values: Record<string, string>) =>
      page.getByText(t(lang, `drag.${key}`, values), { exact: true }).waitFor({ state: 'attached' });
    await settled(page); // a pick-up measures where everything is: not while cards still slide
    await page.getByRole('button', { name: ct(lang, 'board.moveItem', { name: 'Bread Bin' }) }).focus();
    await page.keyboard.press('Space');
    await said('over', { name: 'Bread Bin', target: 'Kitchen' });
    await page.keyboard.press('ArrowRight');
    await said('over', { name: 'Bread Bin', target: 'Study' });
    await page.keyboard.press('Space');
    await said('dropped', { name: 'Bread Bin', target: 'Study' });
    await expect.poll(() => roomOf(spec.server.url, spec.seeded, board.items['Bread Bin']!)).toBe(board.rooms.Study);
    await column('Study').getByRole('link', { name: 'Bread Bin' }).waitFor();

    await settled(page);
    await page.getByRole('button', { name: ct(lang, 'board.moveColumn', { name: 'Study' }) }).focus();
    await page.keyboard.press('Space');
    await said('pickedUp', { name: 'Study' });
    // The first step waits for the board to come to rest, as the pick-up did. (One CI run timed
    // out on the announcement below; not reproduced since, even with both cores busy.)
    await settled(page);
    await page.keyboard.press('ArrowLeft');
    await said('over', { name: 'Study', target: 'Kitchen' });
    await page.keyboard.press('ArrowLeft');
    await said('over', { name: 'Study', target: 'Garage' });
    await page.keyboard.press('Space');
    await said('dropped', { name: 'Study', target: 'Garage' });
    await expect.poll(() => columnsOnScreen(page)).toEqual(['Study', 'Garage', 'Kitchen']);
    await expect
      .poll(() => roomOrder(spec.server.url, spec.seeded, board.locationId))
      .toEqual(['Study', 'Garage', 'Kitchen']);
    await page.reload();
    await column('Study').getByRole('link', { name: 'Bread Bin' }).waitFor();
    expect(await columnsOnScreen(page)).toEqual(['Study', 'Garage', 'Kitchen']);
    await page.context().close();
  });

  // The trustee moves the family's things; an asset creator changes only what they added (issue 31).
  it('phone, ar (right to left): a card dragged to the next room moves the item', async () => {
    const lang: Lang = 'ar';
    const board = await makeBoard(spec.server.url, spec.seeded, 'Lake Cottage');
    await api(
      spec.server.url,
      'PATCH',
      '/api/me',
      { settings: { language: lang, direction: 'rtl' } },
      spec.seeded.admin.token,
    );
    const page = await openAs(spec.browser, spec.server.url, spec.seeded.admin, 'phone', lang);
    const shot = (name: string) => screenshot(page, `catalogue-board-phone-${lang}-${name}`);
    await page.goto(`${spec.server.url}/apps/scrumboard/boards/${board.locationId}`);
    const column = (name: string) => page.getByRole('region', { name, exact: true });
    await column('Kitchen').getByRole('link', { name: 'Copper Kettle' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await shot('board');

    // On a phone the second column is partly off screen: drop on the part that shows.
    await drag(
      page,
      page.getByRole('button', { name: ct(lang, 'board.moveItem', { name: 'Bread Bin' }) }),
      column('Study'),
      'top',
    );
    await expect.poll(() => roomOf(spec.server.url, spec.seeded, board.items['Bread Bin']!)).toBe(board.rooms.Study);
    await column('Study').getByRole('link', { name: 'Bread Bin' }).waitFor();
    await shot('card-moved');
    await page.context().close();
  });
});
