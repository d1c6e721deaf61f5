/**
 * Issue 6's bar: a trustee takes an estate from stage 10 to stage 40 in the browser (on a phone),
 * recording a written directive and running every automated step from the control panel (preview
 * first, then run); a downloaded record verifies on the verify page and with the project's command;
 * each beneficiary sees why they received each item.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/server.js';
import { advanceTo, api, seedEstate, type SeededEstate } from '../support/seed.js';
import { nt } from '../support/texts.js';
import { openAs, pt, stageText } from '../support/process.js';

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

const ITEMS = ['Mantel Clock', 'Old Iron', 'Sewing Box', 'Ring', 'Piano', 'Armchair', 'Bookcase'] as const;
type Name = (typeof ITEMS)[number];
const en = (key: string, values: Record<string, string | number> = {}) => pt('en', key, values);

describe('a trustee runs the distribution from the control panel', () => {
  let seeded: SeededEstate;
  let trustee: Page;
  const id = {} as Record<Name, string>;
  const url = (path: string) => `/api/estates/${seeded.estateId}${path}`;
  const as = (who: 'anna' | 'ben' | 'cara') => seeded.members[who]!.token;
  const downloads = mkdtempSync(join(tmpdir(), 'draw-'));
  let recordFile = '';

  async function moveTo(stage: number) {
    await trustee.getByRole('button', { name: en('control.moveTo', { name: stageText('en', stage) }) }).click();
    await trustee.getByRole('dialog').getByRole('button', { name: en('control.confirmMoveButton') }).click();
    await trustee.getByTestId('control-stage-name').filter({ hasText: stageText('en', stage) }).waitFor();
  }

  async function runStep(step: number, shot?: string) {
    await trustee.getByRole('button', { name: en('steps.preview') }).click();
    // A random step's preview (21, 31) says it is a practice draw; 14 and 15 are exact simulations.
    const title = step === 21 || step === 31 ? nt('en', 'draw-results', 'practiceTitle') : en('steps.simulation');
    await trustee.getByTestId('step-preview').getByText(title).waitFor();
    if (shot) await screenshot(trustee, shot);
    await trustee.getByRole('button', { name: en('steps.run') }).click();
    await trustee.getByRole('dialog').getByRole('button', { name: en('steps.runNow') }).click();
    await trustee.getByText(en('steps.ran')).waitFor();
  }

  beforeAll(async () => {
    seeded = await seedEstate(server.url, { anna: [10], ben: [10], cara: [10] });
    await api(server.url, 'PATCH', url(''), { settings: { highInterestThreshold: 3 } }, seeded.trustee.token);
    await advanceTo(server.url, seeded, [1]);
    for (const name of ITEMS) {
      id[name] = (await api<{ item: { id: string } }>(server.url, 'POST', url('/items'), { name, categories: ['Furniture'] }, seeded.trustee.token)).item.id;
    }
    await advanceTo(server.url, seeded, [2, 10]);
    trustee = await openAs(browser, server.url, seeded.trustee, 'phone', 'en');
  });

  it('stage 10: a written directive, then hearts open (11) and high interest is confirmed (12)', async () => {
    await trustee.goto(`${server.url}/trustee/control`);
    // The item is found by typing part of its name (the server searches; photos and rooms shown).
    await trustee.getByRole('combobox', { name: en('directives.item'), exact: true }).fill('mantel');
    await trustee.getByRole('option', { name: /Mantel Clock/ }).click();
    await trustee.getByRole('combobox', { name: en('directives.receiver'), exact: true }).click();
    await trustee.getByRole('option', { name: 'Cara Ellis' }).click();
    await trustee.getByLabel(en('directives.clause')).fill('Clause 7: my mantel clock to Cara.');
    await trustee.getByRole('button', { name: en('directives.assign') }).click();
    await trustee.getByText(/Mantel Clock → Cara Ellis/).waitFor();
    await screenshot(trustee, 'distribution-en-phone-10-directive');
    await moveTo(11);
    const hearts: ['anna' | 'ben' | 'cara', Name[]][] = [
      ['anna', ['Sewing Box', 'Ring', 'Piano', 'Armchair']],
      ['ben', ['Ring', 'Piano', 'Armchair', 'Bookcase']],
      ['cara', ['Ring', 'Piano', 'Bookcase']],
    ];
    for (const [who, names] of hearts) for (const name of names) await api(server.url, 'PUT', url(`/items/${id[name]}/interest`), undefined, as(who));
    await moveTo(12);
    // Ring and Piano are recommended (3 of 3) and already flagged.
    await expect.poll(() => trustee.getByRole('checkbox', { checked: true }).count()).toBe(2);
    await screenshot(trustee, 'distribution-en-phone-12-high-interest');
  });

  it('stages 13 → 31: pool summary, then every step previewed and run', async () => {
    await moveTo(13);
    await trustee.getByText(en('pool.title')).waitFor();
    await screenshot(trustee, 'distribution-en-phone-13-pool');
    await moveTo(14);
    await runStep(14, 'distribution-en-phone-14-preview');
    await moveTo(15);
    await runStep(15);
    await moveTo(20);
    await api(server.url, 'PUT', url('/rankings'), { itemIds: [id.Ring, id.Piano] }, as('anna'));
    await api(server.url, 'PUT', url('/rankings'), { itemIds: [id.Piano, id.Ring] }, as('ben'));
    await api(server.url, 'PUT', url('/rankings'), { itemIds: [id.Ring] }, as('cara'));
    await moveTo(21);
    await trustee.getByLabel(en('steps.entropy')).fill('Lottery of 1 May 2026: 4 8 15 16 23 42');
    await trustee.getByRole('button', { name: en('steps.saveEntropy') }).click();
    await trustee.getByText(en('steps.entropySaved')).waitFor();
    await runStep(21);
    await moveTo(30);
    await api(server.url, 'PUT', url('/tokens'), { allocations: [{ itemId: id.Armchair, count: 1 }] }, as('anna'));
    await api(server.url, 'PUT', url('/tokens'), { allocations: [{ itemId: id.Armchair, count: 1 }, { itemId: id.Bookcase, count: 1 }] }, as('ben'));
    await api(server.url, 'PUT', url('/tokens'), { allocations: [{ itemId: id.Bookcase, count: 1 }] }, as('cara'));
    await moveTo(31);
    await runStep(31);
    await screenshot(trustee, 'distribution-en-phone-31-ran');
    const [download] = await Promise.all([trustee.waitForEvent('download'), trustee.getByRole('button', { name: en('steps.download') }).click()]);
    recordFile = join(downloads, download.suggestedFilename());
    await download.saveAs(recordFile);
    expect(download.suggestedFilename()).toBe('estate-draw-step-31.json');
    await moveTo(40);
    await trustee.getByRole('button', { name: en('publish.button') }).click();
    await trustee.getByText(en('publish.done')).waitFor();
  });

  it('the downloaded record verifies on the verify page and with the project’s command', async () => {
    await trustee.goto(`${server.url}/draws/verify`);
    await trustee.getByTestId('record-file').setInputFiles(recordFile);
    await expect.poll(() => trustee.getByTestId('verify-result').textContent()).toContain(en('verify.verified'));
    await screenshot(trustee, 'distribution-en-phone-verified');
    const cli = fileURLToPath(new URL('../../packages/domain/dist/draw/verify-cli.js', import.meta.url));
    const out = execFileSync(process.execPath, [cli, recordFile], { encoding: 'utf8' });
    expect(out.toLowerCase()).toContain('verified');
  });

  it('each beneficiary sees why they received each item', async () => {
    const reasons = new Set<string>();
    for (const who of ['anna', 'ben', 'cara'] as const) {
      const mine = await api<{ assigned: { name: string; reason: string; clause: string | null; round: number | null; pick: number | null; tokens: number | null; tied: number | null }[] }>(
        server.url,
        'GET',
        url('/my-items'),
        undefined,
        as(who),
      );
      const page = await openAs(browser, server.url, seeded.members[who]!, 'phone', who === 'ben' ? 'ar' : 'en');
      const lang = who === 'ben' ? 'ar' : 'en';
      await page.goto(`${server.url}/my-items?tab=assigned`);
      // Ben's phone checks his own sealed choices against the fingerprint shown to everyone (issue 10).
      if (who === 'ben') await expect.poll(() => page.getByTestId('inputs-counted').textContent(), { timeout: 10_000 }).toContain(pt(lang, 'inputs.counted'));
      // The draws are random: someone may receive nothing, and is told so plainly.
      if (mine.assigned.length === 0) await page.getByText(pt(lang, 'assigned.none')).waitFor();
      for (const a of mine.assigned) {
        reasons.add(a.reason);
        const expected =
          a.reason === 'directive'
            ? pt(lang, 'assigned.directive', { clause: a.clause ?? '' })
            : a.reason === 'only-interested'
              ? pt(lang, 'assigned.onlyInterested')
              : a.reason === 'high-interest'
                ? pt(lang, 'assigned.highInterest', { round: a.round ?? 0, pick: a.pick ?? 0 })
                : a.tied && a.tied > 1
                  ? pt(lang, 'assigned.tokensTied', { tokens: a.tokens ?? 0, tied: a.tied })
                  : pt(lang, 'assigned.tokens', { tokens: a.tokens ?? 0 });
        await page.getByTestId('assigned-item').filter({ hasText: a.name }).filter({ hasText: expected }).waitFor();
      }
      await screenshot(page, `distribution-${lang}-phone-40-assigned-${who}`);
      // The fairness report: in plain words first, then their own row and the aggregates, folded away.
      await page.goto(`${server.url}/reports/`);
      await page.getByRole('region', { name: pt(lang, 'fairness.plain.title') }).waitFor();
      await page.getByRole('button', { name: pt(lang, 'fairness.plain.details') }).click();
      await page.getByText(pt(lang, 'fairness.you'), { exact: true }).first().waitFor();
      await screenshot(page, `distribution-${lang}-phone-40-fairness-${who}`);
      await page.context().close();
    }
    expect([...reasons].sort()).toEqual(['directive', 'high-interest', 'only-interested', 'tokens']);
    // The trustee sees every row, and from there the draw records.
    await trustee.goto(`${server.url}/trustee/reports`);
    await trustee.getByRole('button', { name: en('fairness.plain.details') }).click();
    for (const name of ['Anna Ellis', 'Ben Ellis', 'Cara Ellis']) await trustee.getByRole('cell', { name }).first().waitFor();
    await screenshot(trustee, 'distribution-en-phone-trustee-reports');
    await trustee.getByRole('link', { name: en('fairness.drawsLink') }).click();
    await expect.poll(() => trustee.getByTestId('draw').count()).toBe(4);
  });
});
