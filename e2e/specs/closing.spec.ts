/**
 * Issue 11, closing: at stage 90 the trustee finds the report files under Trustee Reports and
 * downloads the whole estate as one ZIP (checked inside); at 99 a beneficiary's phone, in Arabic,
 * says calmly that the estate is closed, and the trustee's "make the reports again" is refused
 * with that reason instead of failing. At stages 11, 90 and 99 every page of the trustee and of a
 * beneficiary opens without a refused request or a console error, and at 99 the trustee's buttons
 * that would change something stay on the page, disabled, saying why.
 */
import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { atRest, launchBrowser, screenshot, settled, watchProblems } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/server.js';
import { advanceTo, api, seedEstate, type SeededEstate } from '../support/seed.js';
import { ct, openAs, stageText } from '../support/process.js';
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

/** A text of the `closing` namespace. */
function xt(lang: Lang, key: string, values: Record<string, string> = {}): string {
  const root = JSON.parse(readFileSync(fileURLToPath(new URL(`../../apps/web/src/shared/i18n/locales/${lang}/closing.json`, import.meta.url)), 'utf8')) as Record<string, unknown>;
  let node: unknown = root;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no text ${lang}:closing:${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

function zipNames(file: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: false }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const names: string[] = [];
      zip.on('entry', (e: yauzl.Entry) => names.push(e.fileName));
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
    });
  });
}

/**
 * Opens each page as this person and waits for it to settle. Pages know the stage: none may ask for
 * something the server refuses (409, 401), fail (5xx) or log an error.
 */
async function walk(page: Page, base: string, paths: string[], shots: string): Promise<string[]> {
  const problems = watchProblems(page);
  for (const path of paths) {
    await page.goto(`${base}${path}`);
    await atRest(page);
    await screenshot(page, `${shots}${path.replace(/\/p\/[^/]+/, '').replace(/[0-9a-f-]{36}/, 'item').replace(/[^a-z0-9]+/gi, '-')}`);
  }
  return problems;
}

describe('closing an estate', () => {
  let seeded: SeededEstate;
  let trustee: Page;
  const url = (path: string) => `/api/estates/${seeded.estateId}${path}`;
  const stage11Problems: string[] = [];
  const pagesOf = (who: 'trustee' | 'beneficiary', itemId: string) => [
    '/i/',
    `/p/${seeded.estateId}/i`,
    `/p/${seeded.estateId}/i/${itemId}`,
    `/p/${seeded.estateId}/l`,
    '/members',
    '/draws',
    '/files',
    '/todo/all',
    '/agreements',
    '/profile/timeline',
    ...(who === 'trustee'
      ? ['/trustee/control', '/trustee/users/all', '/trustee/handover', '/trustee/reports', '/trustee/agreements', '/unwanted-items']
      : ['/my-items', '/reports']),
  ];
  const firstItem = async () =>
    (await api<{ items: { id: string }[] }>(server.url, 'GET', url('/items'), undefined, seeded.trustee.token)).items[0]!.id;

  beforeAll(async () => {
    seeded = await seedEstate(server.url, { anna: [10], ben: [10] }, { estateName: 'Estate of Rose Ellis' });
    const token = seeded.trustee.token;
    await advanceTo(server.url, seeded, [1]);
    for (const name of ['Walnut Desk', 'Brass Lamp', 'Blue Vase']) await api(server.url, 'POST', url('/items'), { name, categories: ['Furniture'] }, token);
    // Beneficiaries accept the estate's Terms and Agreement (where the estate has them) before the review.
    for (const person of Object.values(seeded.members)) {
      const list = await fetch(`${server.url}${url('/agreements')}`, { headers: { authorization: `Bearer ${person.token}` } });
      if (!list.ok) continue;
      const { agreements } = (await list.json()) as { agreements: { kind: string; version: number; acceptedAt?: string | null }[] };
      for (const a of agreements.filter((x) => !x.acceptedAt)) await api(server.url, 'POST', url(`/agreements/${a.kind}/accept`), { version: a.version }, person.token);
    }
    // Nobody hearts anything: every item is set aside as unwanted, so hand-over has nothing open.
    await advanceTo(server.url, seeded, [2, 10, 11]);
    // Stage 11, hearts: every page opens without a refusal for the trustee and a beneficiary.
    const itemId = await firstItem();
    for (const [who, person] of [['trustee', seeded.trustee], ['beneficiary', seeded.members.anna!]] as const) {
      const page = await openAs(browser, server.url, person, 'phone', who === 'trustee' ? 'en' : 'ar');
      stage11Problems.push(...(await walk(page, server.url, pagesOf(who, itemId), `closing-11-${who}`)));
      await page.context().close();
    }
    await advanceTo(server.url, seeded, [12, 13, 14]);
    for (const step of [14, 15, 21, 31]) {
      if (step !== 14) await advanceTo(server.url, seeded, step === 15 ? [15] : step === 21 ? [20, 21] : [30, 31]);
      await api(server.url, 'POST', url(`/steps/${step}/preview`), undefined, token);
      await api(server.url, 'POST', url(`/steps/${step}/run`), undefined, token);
    }
    await advanceTo(server.url, seeded, [40, 41, 42, 90]);
    trustee = await openAs(browser, server.url, seeded.trustee, 'desktop', 'en');
  }, 300_000);

  it('stage 11: every page of the trustee and of a beneficiary opened without a refusal or an error', () => {
    expect(stage11Problems).toEqual([]);
  });

  it('stage 90: the trustee sees the report files and downloads the whole estate', async () => {
    await trustee.goto(`${server.url}/trustee/reports`);
    await trustee.getByRole('heading', { name: xt('en', 'reports.title') }).waitFor();
    const files = trustee.getByTestId('report-file');
    await files.first().waitFor();
    expect(await files.count()).toBeGreaterThanOrEqual(7);
    await trustee.getByText('Assignment summary by receiver').first().waitFor();
    await screenshot(trustee, 'closing-en-desktop-90-reports');

    const [download] = await Promise.all([trustee.waitForEvent('download'), trustee.getByRole('button', { name: xt('en', 'archive.download') }).click()]);
    expect(download.suggestedFilename()).toMatch(/^estate-of-rose-ellis-archive-\d{4}-\d{2}-\d{2}\.zip$/);
    const file = join(mkdtempSync(join(tmpdir(), 'archive-')), download.suggestedFilename());
    await download.saveAs(file);
    const names = await zipNames(file);
    for (const name of ['README.txt', 'catalogue/items.csv', 'catalogue/items.xlsx', 'records/receipts.csv', 'records/activity.csv', 'records/draws/step-14.json']) expect(names).toContain(name);
    expect(names.filter((n) => n.startsWith('reports/')).length).toBe(await files.count());
  });

  it('stage 90: every page of the trustee and of a beneficiary opens without a refusal or an error', async () => {
    const itemId = await firstItem();
    expect(await walk(trustee, server.url, pagesOf('trustee', itemId), 'closing-90-trustee')).toEqual([]);
    const anna = await openAs(browser, server.url, seeded.members.anna!, 'phone', 'en');
    expect(await walk(anna, server.url, pagesOf('beneficiary', itemId), 'closing-90-beneficiary')).toEqual([]);
    await anna.context().close();
  });

  it('stage 99: a beneficiary\'s phone, in Arabic, says the estate is closed; the trustee is refused calmly', async () => {
    await api(server.url, 'POST', url('/stage'), { to: 99 }, seeded.trustee.token);
    const anna = await openAs(browser, server.url, seeded.members.anna!, 'phone', 'ar');
    await anna.goto(`${server.url}/reports`);
    const banner = anna.getByTestId('estate-closed');
    await banner.getByText(xt('ar', 'closed.title')).waitFor();
    await banner.getByText(xt('ar', 'closed.text')).waitFor();
    expect(await anna.locator('html').getAttribute('dir')).toBe('rtl');
    // A beneficiary's files only: who received what, as PDF and spreadsheet.
    await anna.getByTestId('report-file').nth(1).waitFor();
    expect(await anna.getByTestId('report-file').count()).toBe(2);
    expect(await anna.getByRole('button', { name: xt('ar', 'archive.download') }).count()).toBe(0);
    await screenshot(anna, 'closing-ar-phone-99-closed');

    await trustee.goto(`${server.url}/trustee/reports`);
    await trustee.getByTestId('estate-closed').waitFor();
    const again = trustee.getByRole('button', { name: xt('en', 'reports.regenerate') });
    await again.waitFor();
    expect(await again.isDisabled()).toBe(true);
    await trustee.getByText(xt('en', 'closed.reason')).waitFor();
    // The archive stays.
    expect(await trustee.getByRole('button', { name: xt('en', 'archive.download') }).isDisabled()).toBe(false);
    expect(stageText('en', 99)).toBeTruthy();
    await screenshot(trustee, 'closing-en-desktop-99-closed');
  });

  it('stage 99: every page opens without a refusal; the trustee\'s changing buttons stay, disabled, saying why', async () => {
    const itemId = await firstItem();
    expect(await walk(trustee, server.url, pagesOf('trustee', itemId), 'closing-99-trustee')).toEqual([]);
    await trustee.goto(`${server.url}/p/${seeded.estateId}/i/${itemId}`);
    const edit = trustee.getByRole('button', { name: ct('en', 'common.edit') });
    await edit.waitFor();
    expect(await edit.isDisabled()).toBe(true);
    await trustee.getByText(xt('en', 'closed.reason')).first().waitFor();
    await screenshot(trustee, 'closing-en-desktop-99-item');
    await trustee.goto(`${server.url}/trustee/control`);
    await trustee.getByTestId('estate-closed').waitFor();
    await settled(trustee);
    await screenshot(trustee, 'closing-en-desktop-99-control');
    const anna = await openAs(browser, server.url, seeded.members.anna!, 'phone', 'ar');
    expect(await walk(anna, server.url, pagesOf('beneficiary', itemId), 'closing-99-beneficiary')).toEqual([]);
    await anna.context().close();
  });
});
