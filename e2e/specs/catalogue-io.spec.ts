/**
 * Issue 3, spreadsheets through the UI in Chromium: a trustee imports a small CSV (preview, then
 * confirm), exports the catalogue as CSV, and imports that export again: the preview says nothing
 * would change, and nothing does. Desktop in English, then a phone in Arabic (right to left).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeProblems, screenshot } from '../support/browser.js';
import { api, type SeededEstate } from '../support/seed.js';
import { useSpecEstate } from '../support/spec-estate.js';
import { openAs } from '../support/process.js';
import { ct, faded } from '../support/catalogue.js';
import type { Lang } from '../support/texts.js';

type ListItem = { id: string; label: string; name: string; version: number; categories: string[] };

const CSV = [
  'Name,Location / Room,Categories,Brand/Author,Year,Notes',
  'Oak Dining Table,Family House / Dining Room,Furniture,,1962,"Seats six; one leaf, in the attic"',
  'Pride and Prejudice,Family House / Study,Book,Jane Austen,1813,',
  'Brass Lamp,Lake Cottage / Porch,Lighting,,,"=SUM(A1) is text, not a formula"',
].join('\n');

async function items(base: string, seeded: SeededEstate): Promise<ListItem[]> {
  const { items } = await api<{ items: ListItem[] }>(
    base,
    'GET',
    `/api/estates/${seeded.estateId}/items?limit=50`,
    undefined,
    seeded.admin.token,
  );
  return items;
}

/** Opens the import dialog from the item list's menu and chooses a file; returns the dialog. */
async function importFile(page: Page, lang: Lang, file: string) {
  await page.getByRole('button', { name: ct(lang, 'io.menu') }).click();
  await page.getByRole('menuitem', { name: ct(lang, 'io.import') }).click();
  const dialog = page.getByRole('dialog', { name: ct(lang, 'io.importTitle') });
  await faded(dialog);
  await dialog.locator('input[type="file"]').setInputFiles(file);
  return dialog;
}

const spec = useSpecEstate({}, [1]);
const dir = mkdtempSync(join(tmpdir(), 'catalogue-io-'));

describe('import and export', () => {
  it('import → export → import: the second import changes nothing', async () => {
    // Desktop, English: the first import.
    let lang: Lang = 'en';
    let page = await openAs(spec.browser, spec.server.url, spec.seeded.admin, 'desktop', lang);
    await page.goto(`${spec.server.url}/p/${spec.seeded.estateId}/i`);
    await page.getByRole('heading', { name: ct(lang, 'items.empty.title') }).waitFor();
    const first = join(dir, 'family-items.csv');
    writeFileSync(first, CSV);
    let dialog = await importFile(page, lang, first);
    await dialog.getByText(ct(lang, 'io.create_other', { count: 3 })).waitFor();
    const places =
      'Family House, Lake Cottage, Family House / Dining Room, Family House / Study, Lake Cottage / Porch';
    await dialog.getByText(ct(lang, 'io.newPlaces', { names: places })).waitFor();
    expect(await dialog.getByRole('row').count()).toBe(4);
    await screenshot(page, 'catalogue-io-desktop-en-preview');
    expect(await axeProblems(page), 'axe on the import preview').toEqual([]);
    await dialog.getByRole('button', { name: ct(lang, 'io.confirmImport'), exact: true }).click();
    await page.getByText(ct(lang, 'io.imported', { created: 3, updated: 0, unchanged: 0 })).waitFor();
    await page.getByRole('link', { name: /Oak Dining Table/ }).waitFor();
    const imported = await items(spec.server.url, spec.seeded);
    expect(imported.map((i) => i.name).sort()).toEqual([
      'Brass Lamp',
      'Oak Dining Table',
      'Pride and Prejudice',
    ]);

    // The export, as the browser saves it.
    await page.getByRole('button', { name: ct(lang, 'io.menu') }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: ct(lang, 'io.exportCsv') }).click(),
    ]);
    // Saved under the server's name for it (the estate and the day), not a generic one.
    expect(download.suggestedFilename()).toMatch(/-items-\d{4}-\d{2}-\d{2}\.csv$/);
    const exported = join(dir, download.suggestedFilename());
    await download.saveAs(exported);
    const text = readFileSync(exported, 'utf8');
    expect(text).toContain('"Ref","Number","Name","Location / Room","Categories"');
    expect(text).toContain('A-0001');
    expect(text).toContain('Jane Austen');
    expect(text).toContain("'=SUM(A1) is text, not a formula");
    await page.context().close();

    // A phone, Arabic, right to left: the export imported again changes nothing.
    lang = 'ar';
    await api(
      spec.server.url,
      'PATCH',
      '/api/me',
      { settings: { language: lang, direction: 'rtl' } },
      spec.seeded.admin.token,
    );
    page = await openAs(spec.browser, spec.server.url, spec.seeded.admin, 'phone', lang);
    await page.goto(`${spec.server.url}/p/${spec.seeded.estateId}/i`);
    await page.getByRole('link', { name: /Oak Dining Table/ }).waitFor();
    dialog = await importFile(page, lang, exported);
    // Arabic plurals: 3 is "few", 0 is "zero".
    await dialog.getByText(ct(lang, 'io.unchanged_few', { count: 3 })).waitFor();
    await dialog.getByText(ct(lang, 'io.create_zero')).waitFor();
    await dialog.getByText(ct(lang, 'io.update_zero')).waitFor();
    await dialog.getByText(ct(lang, 'io.nothingToDo')).waitFor();
    expect(await dialog.getByRole('table').count()).toBe(0);
    expect(
      await dialog.getByRole('button', { name: ct(lang, 'io.confirmImport'), exact: true }).isDisabled(),
    ).toBe(true);
    await screenshot(page, 'catalogue-io-phone-ar-reimport');
    await dialog.getByRole('button', { name: ct(lang, 'common.cancel') }).click();
    // Same items, same versions: nothing was written.
    expect(await items(spec.server.url, spec.seeded)).toEqual(imported);

    // The list after it, with an item on hold: its status reads clearly.
    const lamp = imported.find((i) => i.name === 'Brass Lamp')!;
    const held = await fetch(`${spec.server.url}/api/estates/${spec.seeded.estateId}/items/${lamp.id}/hold`, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${spec.seeded.admin.token}`,
        'If-Match': `"${lamp.version}"`,
      },
    });
    expect(held.status).toBe(200);
    await page.reload();
    await page.getByText(ct(lang, 'status.hold')).first().waitFor();
    await screenshot(page, 'catalogue-io-phone-ar-list');
    expect(await axeProblems(page), 'axe on the list (phone, ar)').toEqual([]);
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
