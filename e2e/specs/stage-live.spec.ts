/**
 * Issue 4's bar: a trustee takes an estate from stage 0 to stage 11 in the browser, from the control
 * panel with its confirmation, while a beneficiary's page on another device shows each new stage
 * live (server-sent events), in English and in Arabic.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/server.js';
import { seedEstate } from '../support/seed.js';
import { openAs, pt, stageText } from '../support/process.js';
import type { Lang } from '../support/texts.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each<[Lang]>([['en'], ['ar']])('stages move live (trustee and beneficiary in %s)', (lang) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('moves 0 → 11 from the control panel and the beneficiary sees each stage within a second or two', async () => {
    const seeded = await seedEstate(server.url, { anna: [10] });
    // In Arabic the trustee works on a phone too.
    const trustee = await openAs(browser, server.url, seeded.trustee, lang === 'ar' ? 'phone' : 'desktop', lang);
    const anna = await openAs(browser, server.url, seeded.members.anna!, 'phone', lang);
    await trustee.goto(`${server.url}/trustee/control`);
    await anna.goto(`${server.url}/i/`);
    const badge = anna.getByRole('button', { name: new RegExp(stageText(lang, 0)) });
    await badge.waitFor();

    for (const [from, to] of [
      [0, 1],
      [1, 2],
      [2, 10],
      [10, 11],
    ] as const) {
      await trustee.getByRole('button', { name: pt(lang, 'control.moveTo', { name: stageText(lang, to) }) }).click();
      const dialog = trustee.getByRole('dialog');
      // The confirmation quotes what the next stage does.
      await expect.poll(() => dialog.textContent()).toContain(stageText(lang, to, 'next').slice(0, 40));
      await dialog.getByRole('button', { name: pt(lang, 'control.confirmMoveButton') }).click();
      await trustee.getByTestId('control-stage-name').filter({ hasText: stageText(lang, to) }).waitFor();
      // Anna's page is not reloaded: the stage comes by the live update (the wait is generous for a
      // busy machine, and says which move it was).
      await anna
        .getByRole('button', { name: new RegExp(stageText(lang, to).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
        .first()
        .waitFor({ timeout: 15_000 })
        .catch((err: unknown) => {
          throw new Error(`stage ${from} → ${to} did not reach the beneficiary: ${String(err)}`);
        });
      if (to === 11) {
        await screenshot(anna, `stage-live-${lang}-phone-beneficiary-11`);
        await screenshot(trustee, `stage-live-${lang}-${lang === 'ar' ? 'phone' : 'desktop'}-control-11`);
      }
    }
    // Stage 11 opened: the commitments are on the control panel.
    await trustee.getByText(pt(lang, 'commitments.title')).waitFor();
    // Stepping back from 11 to 10 is allowed; the beneficiary sees it too.
    await trustee.getByRole('button', { name: pt(lang, 'control.stepBack', { name: stageText(lang, 10) }) }).click();
    await trustee.getByRole('dialog').getByRole('button', { name: pt(lang, 'control.confirmBackButton') }).click();
    await screenshot(trustee, `stage-live-${lang}-control-after-back`);
    await anna.getByRole('button', { name: new RegExp(stageText(lang, 10)) }).first().waitFor({ timeout: 5000 });
    await trustee.context().close();
    await anna.context().close();
  });
});
