/**
 * Issue 3, the item list of a 5,000-item estate in Chromium: scrolling reaches every item (the
 * next cursor page loads as the list nears its end, each page asked for once), the page holds only
 * the rows on screen and a few more, and the last item can be seen. Phone grid in English, desktop
 * table in Arabic (right to left). How smooth the scroll is, is a benchmark (bench/web-scroll.mjs),
 * not a timed assertion here.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, type ViewportName } from '../support/browser.js';
import { api } from '../support/seed.js';
import { useSpecEstate } from '../support/spec-estate.js';
import { openAs } from '../support/process.js';
import { ct, importCsv, itemsCsv } from '../support/catalogue.js';
import type { Lang } from '../support/texts.js';

const ITEMS = 5_000;

type Walk = { ids: string[]; maxLinks: number; maxElements: number; steps: number; atEnd: boolean };

/**
 * In the page: scrolls down one screen at a time until the bottom stays the bottom, noting every
 * item link that was in the page and the most links and elements the page ever held.
 */
function walkToEnd(): Promise<Walk> {
  return new Promise((resolve) => {
    const ids = new Set<string>();
    let maxLinks = 0;
    let maxElements = 0;
    let steps = 0;
    // When the bottom was first reached and stayed the bottom (0: not at the bottom).
    let bottomSince = 0;
    // Generous: on a busy two-core machine a cursor page can take seconds to come.
    const until = performance.now() + 240_000;
    const note = () => {
      const links = document.querySelectorAll<HTMLAnchorElement>('main [data-virtual-rows] a[href*="/i/"]');
      maxLinks = Math.max(maxLinks, links.length);
      maxElements = Math.max(maxElements, document.getElementsByTagName('*').length);
      for (const a of links) ids.add(a.pathname);
    };
    const step = () => {
      note();
      const bottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      // At the bottom of what has loaded: give the next page time to come; done when nothing more
      // has come for five seconds.
      bottomSince = bottom ? bottomSince || performance.now() : 0;
      if ((bottomSince && performance.now() - bottomSince > 5_000) || performance.now() > until) {
        resolve({ ids: [...ids], maxLinks, maxElements, steps, atEnd: bottom });
        return;
      }
      steps += 1;
      window.scrollBy(0, window.innerHeight);
      if (bottom) setTimeout(() => requestAnimationFrame(step), 50);
      else requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
}

/** An item's link: a card's link reads "A-0042 Chair 42", a table row's just the name. */
const itemLink = (page: Page, name: string) => page.getByRole('link', { name: new RegExp(`(^| )${name}$`) });

async function inViewport(page: Page, name: string): Promise<boolean> {
  const box = await itemLink(page, name).boundingBox();
  const size = page.viewportSize();
  return Boolean(
    box &&
    size &&
    box.y >= 0 &&
    box.y + box.height <= size.height &&
    box.x >= 0 &&
    box.x + box.width <= size.width,
  );
}

const spec = useSpecEstate({ carl: [4], rana: [10] }, [1]);

beforeAll(async () => {
  expect(await importCsv(spec.server.url, spec.seeded.estateId, spec.seeded.admin.token, itemsCsv(ITEMS))).toEqual({
    created: ITEMS,
    updated: 0,
    unchanged: 0,
  });
  await api(
    spec.server.url,
    'PATCH',
    '/api/me',
    { settings: { language: 'ar', direction: 'rtl' } },
    spec.seeded.members.rana!.token,
  );
});

describe('the item list of 5,000 items', () => {
  const cases: {
    viewport: ViewportName;
    view: 'grid' | 'table';
    lang: Lang;
    who: 'carl' | 'rana';
    bound: number;
  }[] = [
    // A phone shows two cards a row, about four rows a screen: at most a few dozen cards in the page.
    { viewport: 'phone', view: 'grid', lang: 'en', who: 'carl', bound: 40 },
    // A desktop table shows about thirteen rows a screen.
    { viewport: 'desktop', view: 'table', lang: 'ar', who: 'rana', bound: 40 },
  ];

  for (const { viewport, view, lang, who, bound } of cases) {
    it(`${viewport}, ${view} view, ${lang}: every item is reachable by scrolling, only visible rows are in the page`, async () => {
      const page = await openAs(spec.browser, spec.server.url, spec.seeded.members[who]!, viewport, lang);
      const shot = (name: string) => screenshot(page, `catalogue-scroll-${viewport}-${lang}-${view}-${name}`);
      const cursors: string[] = [];
      page.on('request', (req) => {
        const url = new URL(req.url());
        if (url.pathname === `/api/estates/${spec.seeded.estateId}/items`)
          cursors.push(url.searchParams.get('cursor') ?? '');
      });

      await page.goto(`${spec.server.url}/p/${spec.seeded.estateId}/i`);
      await page.getByRole('button', { name: ct(lang, `items.${view}`) }).click();
      await itemLink(page, 'Table 1').waitFor();
      await page.getByText(ct(lang, 'items.total_other', { count: ITEMS })).waitFor();
      if (view === 'table') {
        // The room column names each item's room, in every location (item 1 is in the dining room).
        await expect
          .poll(() =>
            page
              .getByRole('row', { name: /Table 1 / })
              .getByRole('cell', { name: 'Dining Room' })
              .count(),
          )
          .toBe(1);
      }
      await shot('top');

      const walk = await page.evaluate(walkToEnd);
      expect(walk.atEnd).toBe(true);
      // Every one of the 5,000 items was in the page at some point on the way down...
      expect(walk.ids.length).toBe(ITEMS);
      // ...but never more than the rows on screen and a few above and below.
      expect(walk.maxLinks).toBeLessThanOrEqual(bound);
      expect(walk.maxElements).toBeLessThan(3_000);
      // The pages came as the list neared its end: each page once, none skipped.
      expect(cursors.length).toBe(Math.ceil(ITEMS / 60));
      expect(new Set(cursors).size).toBe(cursors.length);
      expect(await page.getByRole('button', { name: ct(lang, 'items.loadMore') }).count()).toBe(0);

      // The last item is on screen at the bottom.
      await expect.poll(() => inViewport(page, `Chair ${ITEMS}`)).toBe(true);
      await shot('bottom');
      await page.context().close();
    }, 300_000);
  }
});
