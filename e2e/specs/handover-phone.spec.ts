/**
 * Issue 36 (the phone walkthrough's first finding): the trustee's hand-over board on a 360 px phone,
 * in English and Arabic. Each item is a small card: its number and name get most of the width
 * (not a 0 px column broken letter by letter), nothing pokes out of the screen, the buttons are
 * 48 px, and the big "Handed over" tick records the hand-over.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { atRest, launchBrowser, screenshot } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/server.js';
import { advanceTo, api, seedEstate, type SeededEstate } from '../support/seed.js';
import { openAs } from '../support/process.js';
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

/** A text of the `handover` namespace. */
function ht(lang: Lang, key: string, values: Record<string, string | number> = {}): string {
  const root = JSON.parse(readFileSync(fileURLToPath(new URL(`../../apps/web/src/shared/i18n/locales/${lang}/handover.json`, import.meta.url)), 'utf8')) as Record<string, unknown>;
  let node: unknown = root;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no text ${lang}:handover:${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

const ITEMS = ['Sofa Camelback Green Velvet', 'Armchair Wingback Floral Chintz', 'Brass Lamp', 'Blue Vase'] as const;

describe('the hand-over board on a 360 px phone', () => {
  let seeded: SeededEstate;
  const url = (path: string) => `/api/estates/${seeded.estateId}${path}`;

  beforeAll(async () => {
    seeded = await seedEstate(server.url, { anna: [10], ben: [10] }, { estateName: 'Estate of Rose Ellis' });
    const token = seeded.trustee.token;
    await advanceTo(server.url, seeded, [1]);
    const ids: Record<string, string> = {};
    for (const name of ITEMS) ids[name] = (await api<{ item: { id: string } }>(server.url, 'POST', url('/items'), { name, categories: ['Furniture'] }, token)).item.id;
    await advanceTo(server.url, seeded, [2, 10]);
    // The will gives the sofa and the armchair to Anna, the lamp and the vase to Ben.
    for (const [name, who] of [[ITEMS[0], 'anna'], [ITEMS[1], 'anna'], [ITEMS[2], 'ben'], [ITEMS[3], 'ben']] as const) {
      await api(server.url, 'POST', url('/directives'), { itemId: ids[name], memberId: seeded.members[who]!.id, clause: 'By the will.' }, token);
    }
    await advanceTo(server.url, seeded, [11, 12, 13, 14]);
    for (const step of [14, 15, 21, 31]) {
      if (step !== 14) await advanceTo(server.url, seeded, step === 15 ? [15] : step === 21 ? [20, 21] : [30, 31]);
      await api(server.url, 'POST', url(`/steps/${step}/preview`), undefined, token);
      await api(server.url, 'POST', url(`/steps/${step}/run`), undefined, token);
    }
    await advanceTo(server.url, seeded, [40, 41]);
  }, 120_000);

  /** The board at 360 × 740, read as the trustee in `lang`. */
  async function board(lang: Lang): Promise<Page> {
    const page = await openAs(browser, server.url, seeded.trustee, 'phone', lang);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${server.url}/trustee/handover`);
    await page.getByRole('heading', { name: ht(lang, 'board.title'), level: 1 }).waitFor();
    await page.getByTestId('handover-row').nth(ITEMS.length - 1).waitFor();
    await atRest(page);
    return page;
  }

  /** The width of each item's name, and what pokes out of the 360 px screen. */
  async function measure(page: Page) {
    return page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const names = [...document.querySelectorAll<HTMLElement>('[data-testid="handover-item-name"]')].map((el) => ({
        text: el.textContent ?? '',
        width: el.getBoundingClientRect().width,
        lines: Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight || '24')),
      }));
      const outside = [...document.querySelectorAll<HTMLElement>('[data-testid="handover-row"] *')]
        .filter((el) => {
          const box = el.getBoundingClientRect();
          return box.width > 0 && (box.right > width + 0.5 || box.left < -0.5);
        })
        .map((el) => el.outerHTML.slice(0, 80));
      const small = [...document.querySelectorAll<HTMLElement>('[data-testid="handover-row"] button')]
        .filter((el) => {
          const box = el.getBoundingClientRect();
          return box.height < 47.5 || box.width < 47.5;
        })
        .map((el) => el.getAttribute('aria-label') ?? el.textContent);
      return { pageWide: document.documentElement.scrollWidth > width, names, outside, small };
    });
  }

  for (const [lang, item] of [['en', ITEMS[0]], ['ar', ITEMS[2]]] as const) {
    it(`in ${lang === 'en' ? 'English' : 'Arabic'}: the names are readable and the tick records the hand-over`, async () => {
      const page = await board(lang);
      if (lang === 'ar') expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      const seen = await measure(page);
      expect(seen.pageWide).toBe(false);
      expect(seen.outside).toEqual([]);
      expect(seen.small).toEqual([]);
      expect(seen.names).toHaveLength(ITEMS.length);
      for (const name of seen.names) {
        // The name has most of the card's width (it had 0 px), and no name takes more than 3 lines.
        expect(name.width, name.text).toBeGreaterThan(160);
        expect(name.lines, name.text).toBeLessThanOrEqual(3);
      }
      // Each card says whose the item is.
      const row = page.getByTestId('handover-row').filter({ hasText: item });
      await row.getByText(ht(lang, 'board.for', { name: item === ITEMS[0] ? 'Anna Ellis' : 'Ben Ellis' })).waitFor();
      await row.scrollIntoViewIfNeeded();
      await screenshot(page, `handover-phone-360-${lang}-before`);

      await row.getByRole('button', { name: ht(lang, 'board.handedOver') }).click();
      await row.getByText(ht(lang, 'status.handed-over'), { exact: true }).waitFor();
      await expect.poll(async () => row.getByRole('button', { name: ht(lang, 'board.handedOver') }).count()).toBe(0);
      await screenshot(page, `handover-phone-360-${lang}-after`);
      const { handover } = await api<{ handover: { status: string; item: { name: string } }[] }>(server.url, 'GET', url('/handover'), undefined, seeded.trustee.token);
      expect(handover.find((e) => e.item.name === item)?.status).toBe('handed-over');
      await page.context().close();
      if (process.env.E2E_SHOTS) {
        // The desktop keeps one line per item.
        const desk = await openAs(browser, server.url, seeded.trustee, 'desktop', lang);
        await desk.goto(`${server.url}/trustee/handover`);
        await desk.getByTestId('handover-row').nth(ITEMS.length - 1).waitFor();
        await atRest(desk);
        await screenshot(desk, `handover-desktop-${lang}`);
        await desk.context().close();
      }
    }, 60_000);
  }
});
