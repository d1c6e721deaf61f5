/**
 * Issue 30, the final accounting: a family walked to 99 (through the API, but for the step the
 * trustee runs on the control panel) with a desk by directive, items each beneficiary alone wanted,
 * a Return item, an unwanted vase donated and an unwanted piano sold, and a question on the piano's
 * result asked (in Arabic, on a phone) and answered. The control panel lists the
 * step's result by item number and name, also after a reload. At 99 the trustee downloads the
 * report files from Trustee Reports and reads them: the PDF's text and the spreadsheet's cells group
 * the items by what happened and total the sale proceeds apart from appraised values.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { pdfLines } from '../../apps/server/src/test/pdf-extract.js';
import { atRest, launchBrowser, screenshot } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/server.js';
import { advanceTo, api, seedEstate, type SeededEstate } from '../support/seed.js';
import { openAs, pt } from '../support/process.js';
import { nt } from '../support/texts.js';

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

describe('the final accounting, from the control panel to the report files', () => {
  let seeded: SeededEstate;
  let trustee: Page;
  const id: Record<string, string> = {};
  const url = (path: string) => `/api/estates/${seeded.estateId}${path}`;
  const as = (token: string) => (method: string, path: string, body?: unknown) => api(server.url, method, url(path), body, token);

  beforeAll(async () => {
    seeded = await seedEstate(server.url, { anna: [10], ben: [10] }, { estateName: 'Estate of Rose Ellis' });
    const t = as(seeded.trustee.token);
    await advanceTo(server.url, seeded, [1]);
    const made: [string, string, number, string?][] = [
      ['desk', 'Walnut Desk', 400],
      ['clock', 'Mantel Clock', 250],
      ['lamp', 'Brass Lamp', 60],
      ['vase', 'Blue Vase', 15],
      ['piano', 'Upright Piano', 3000],
      ['table', 'Folding Table', 80, 'return'],
    ];
    for (const [key, name, value, distribution] of made) {
      const { item } = (await t('POST', '/items', { name, categories: ['Furniture'], value, currency: 'USD', ...(distribution ? { distribution } : {}) })) as { item: { id: string } };
      id[key] = item.id;
    }
    await advanceTo(server.url, seeded, [2, 10]);
    await t('POST', '/directives', { itemId: id.desk, memberId: seeded.members.anna!.id, clause: 'Clause 4: the desk to Anna.' });
    await t('POST', '/returns', { itemId: id.table, note: 'Borrowed from the church hall.' });
    await advanceTo(server.url, seeded, [11]);
    await as(seeded.members.anna!.token)('PUT', `/items/${id.clock}/interest`);
    await as(seeded.members.ben!.token)('PUT', `/items/${id.lamp}/interest`);
    await advanceTo(server.url, seeded, [12, 13, 14]);
    trustee = await openAs(browser, server.url, seeded.trustee, 'desktop', 'en');
  }, 180_000);

  it('step 14 on the control panel: the result names each item by number and name, also after a reload', async () => {
    await trustee.goto(`${server.url}/trustee/control`);
    await trustee.getByRole('button', { name: pt('en', 'steps.run') }).click();
    await trustee.getByRole('button', { name: pt('en', 'steps.runNow') }).click();
    const nobody = nt('en', 'draw-results', 'nobodyWanted');
    const result = trustee.getByTestId('step-result');
    await result.getByText(`A-0004 · Blue Vase`).waitFor();
    expect(await result.textContent()).toContain(`A-0005 · Upright Piano → ${nobody}`);
    await trustee.reload();
    await atRest(trustee);
    await trustee.getByTestId('step-result').getByText('A-0004 · Blue Vase').waitFor();
    const text = (await trustee.getByTestId('step-result').textContent()) ?? '';
    expect(text).toContain(`A-0004 · Blue Vase → ${nobody}`);
    expect(text).not.toMatch(/[0-9a-f]{8} →/);
    await screenshot(trustee, 'ledger-en-desktop-14-result');
  });

  it('walks to 99: the rest of the steps, hand-over, the vase donated, the piano sold', async () => {
    const t = as(seeded.trustee.token);
    await advanceTo(server.url, seeded, [15]);
    await t('POST', '/steps/15/run');
    await advanceTo(server.url, seeded, [20, 21]);
    await t('POST', '/steps/21/run');
    await advanceTo(server.url, seeded, [30, 31]);
    await t('POST', '/steps/31/run');
    await advanceTo(server.url, seeded, [40, 41]);
    for (const key of ['desk', 'clock', 'lamp', 'table']) {
      // A hand-over is recorded at the version of the item the trustee saw (If-Match).
      const { item } = (await t('GET', `/items/${id[key]}`)) as { item: { version: number } };
      const res = await fetch(`${server.url}${url(`/items/${id[key]}/handover`)}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${seeded.trustee.token}`, 'if-match': `"${item.version}"` },
        body: JSON.stringify({ status: 'handed-over', method: 'pickup' }),
      });
      expect(res.status, await res.text()).toBe(200);
    }
    await t('PUT', `/items/${id.vase}/disposition`, { disposition: 'donate', note: 'To the church fair' });
    await t('PUT', `/items/${id.piano}/disposition`, { disposition: 'sell' });
    await t('PUT', `/items/${id.piano}/sale`, { price: 1200.5, buyer: 'Mr Keys' });
    await advanceTo(server.url, seeded, [42, 90]);
  }, 60_000);

  it('a question on a result: Ben asks on the piano page (Arabic, phone), the trustee answers "kept", Ben is told', async () => {
    const ben = await openAs(browser, server.url, seeded.members.ben!, 'phone', 'ar');
    await ben.goto(`${server.url}/p/${seeded.estateId}/i/${id.piano}`);
    await ben.getByRole('button', { name: nt('ar', 'activity', 'questions.ask') }).click();
    await ben.getByLabel(nt('ar', 'activity', 'questions.askLabel')).fill('لماذا بيع البيانو؟');
    await ben.getByRole('button', { name: nt('ar', 'activity', 'questions.send') }).click();
    await ben.getByText(nt('ar', 'activity', 'questions.sent')).waitFor();
    await screenshot(ben, 'ledger-ar-phone-question-sent');

    await trustee.goto(`${server.url}/questions`);
    await trustee.getByText('لماذا بيع البيانو؟').waitFor();
    await trustee.getByRole('radio', { name: nt('en', 'activity', 'questions.kept') }).check();
    await trustee.getByLabel(nt('en', 'activity', 'questions.answerLabel')).fill('Nobody asked for the piano in the draws, so it was sold and the money shared.');
    await trustee.getByRole('button', { name: nt('en', 'activity', 'questions.save') }).click();
    await trustee.getByText(nt('en', 'activity', 'questions.answered')).waitFor();

    const { questions } = (await as(seeded.members.ben!.token)('GET', '/questions')) as { questions: { itemId: string; answer: { outcome: string } | null }[] };
    expect(questions).toEqual([expect.objectContaining({ itemId: id.piano, answer: expect.objectContaining({ outcome: 'kept' }) })]);
    await ben.goto(`${server.url}/questions`);
    await ben.getByText(nt('ar', 'activity', 'questions.kept')).first().waitFor();
    await ben.close();
    await advanceTo(server.url, seeded, [99]);
  }, 60_000);

  /** Downloads one report file from Trustee Reports, as the trustee would. */
  async function download(kind: string, type: 'PDF' | 'Spreadsheet'): Promise<Buffer> {
    const row = trustee.getByTestId('report-file').filter({ hasText: nt('en', 'closing', `reports.kinds.${kind}`) }).filter({ hasText: type });
    expect(await row.count(), `${kind} ${type}: ${(await trustee.getByTestId('report-file').allTextContents()).join(' | ')}`).toBe(1);
    const [file] = await Promise.all([trustee.waitForEvent('download'), row.getByRole('button').click()]);
    const path = join(mkdtempSync(join(tmpdir(), 'ledger-')), file.suggestedFilename());
    await file.saveAs(path);
    return readFileSync(path);
  }

  it('at 99, the report files group items by what happened and total the sale proceeds', async () => {
    await trustee.goto(`${server.url}/trustee/reports`);
    await trustee.getByTestId('report-file').first().waitFor();
    await screenshot(trustee, 'ledger-en-desktop-99-reports');

    const pdf = pdfLines(await download('assignment-summary', 'PDF')).flat().join('\n');
    const order = ['Received, by person', 'Walnut Desk', 'Mantel Clock', 'Brass Lamp', 'Returned to its owner — 1 item', 'Folding Table', 'Nobody received — 2 items', 'Donated — 1 item', 'Blue Vase', 'Sold — 1 item, sale proceeds 1,200.50 USD', 'Upright Piano'];
    const at = order.map((s) => pdf.indexOf(s));
    expect(at.every((i) => i >= 0), `missing in the PDF: ${order.filter((_, k) => at[k]! < 0).join(', ')}`).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(pdf).toMatch(/Appraised value received\s*710\.00 USD/);
    expect(pdf).toMatch(/Sale proceeds\s*1,200\.50 USD/);
    expect(pdf).not.toContain('Back to its owner');

    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await download('assignment-summary', 'Spreadsheet')) as unknown as ArrayBuffer);
    const rows = (name: string) => book.getWorksheet(name)!.getSheetValues().slice(2).map((r) => (r as unknown[]).slice(1));
    expect(rows('Received').map((r) => [r[2], r[3], r[4]])).toEqual(
      expect.arrayContaining([
        ['Walnut Desk', 'Written directive', 400],
        ['Mantel Clock', 'Only one interested', 250],
        ['Brass Lamp', 'Only one interested', 60],
      ]),
    );
    expect(rows('Received')).toHaveLength(3);
    expect(rows('Returned to its owner').map((r) => r[1])).toEqual(['Folding Table']);
    expect(rows('Nobody received').map((r) => [r[0], r[2], r[4] ?? null])).toEqual([
      ['Donated', 'Blue Vase', null],
      ['Sold', 'Upright Piano', 1200.5],
    ]);
    const totals = rows('Totals');
    expect(totals.find((r) => r[0] === 'Received, everyone')).toEqual(['Received, everyone', 3, 710, 'USD', 'Appraised value']);
    expect(totals.find((r) => r[0] === 'Sale proceeds')).toEqual(['Sale proceeds', 1, 1200.5, 'USD', 'Sale price']);

    // The beneficiaries' file: the same groups, without money.
    const theirs = pdfLines(await download('assignments', 'PDF')).flat().join('\n');
    for (const s of ['Returned to its owner — 1 item', 'Donated — 1 item', 'Sold — 1 item']) expect(theirs).toContain(s);
    expect(theirs).not.toMatch(/USD/);

    // The page of unwanted items adds up the sale proceeds too.
    await trustee.goto(`${server.url}/unwanted-items`);
    await trustee.getByTestId('sale-proceeds').waitFor();
    expect(await trustee.getByTestId('sale-proceeds').textContent()).toContain('1,200.50');
  });
});
