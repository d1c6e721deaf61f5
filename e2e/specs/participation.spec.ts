/**
 * Issue 5's bar: four beneficiaries, each on their own phone (a separate browser context), go
 * through stages 11, 12, 20 and 30; the rankings and tokens they chose in the browser are exactly
 * what the server stores. Hearts are given through the API (the item cards belong to the catalogue);
 * "I'm done", the ranking and the tokens are done in the UI. Dan works in Arabic.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/server.js';
import { advanceTo, api, seedEstate, type SeededEstate } from '../support/seed.js';
import { openAs, pt } from '../support/process.js';
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

const ITEMS = ['Ring', 'Clock', 'Vase', 'Chair', 'Lamp', 'Desk'] as const;
type Name = (typeof ITEMS)[number];
const PEOPLE = ['anna', 'ben', 'cara', 'dan'] as const;
type Who = (typeof PEOPLE)[number];
const LANG: Record<Who, Lang> = { anna: 'en', ben: 'en', cara: 'en', dan: 'ar' };

/** Ring, Clock and Vase are hearted by all four (high interest at threshold 4); the rest contested. */
const HEARTS: Record<Who, Name[]> = {
  anna: ['Ring', 'Clock', 'Vase', 'Chair', 'Desk'],
  ben: ['Ring', 'Clock', 'Vase', 'Chair', 'Lamp'],
  cara: ['Ring', 'Clock', 'Vase', 'Lamp', 'Desk'],
  dan: ['Ring', 'Clock', 'Vase', 'Lamp', 'Desk'],
};

describe('four beneficiaries on phones, stages 11 → 30', () => {
  let seeded: SeededEstate;
  const id = {} as Record<Name, string>;
  const pages = {} as Record<Who, Page>;
  const url = (path: string) => `/api/estates/${seeded.estateId}${path}`;
  const trusteeCall = <T>(method: string, path: string, body?: unknown) => api<T>(server.url, method, url(path), body, seeded.trustee.token);
  const move = (to: number) => trusteeCall('POST', '/stage', { to });
  const t = (who: Who, key: string, values: Record<string, string | number> = {}) => pt(LANG[who], key, values);

  beforeAll(async () => {
    seeded = await seedEstate(server.url, { anna: [10], ben: [10], cara: [10], dan: [10] });
    await trusteeCall('PATCH', '', { settings: { highInterestThreshold: 4 } });
    await advanceTo(server.url, seeded, [1]);
    for (const name of ITEMS) {
      id[name] = (await trusteeCall<{ item: { id: string } }>('POST', '/items', { name, categories: ['Furniture'] })).item.id;
    }
    await advanceTo(server.url, seeded, [2, 10, 11]);
    for (const who of PEOPLE) pages[who] = await openAs(browser, server.url, seeded.members[who]!, 'phone', LANG[who]);
  });

  it('stage 11: hearts (through the API) and "I\'m done" in the browser', async () => {
    for (const who of PEOPLE) {
      for (const name of HEARTS[who]) await api(server.url, 'PUT', url(`/items/${id[name]}/interest`), undefined, seeded.members[who]!.token);
      const page = pages[who];
      await page.goto(`${server.url}/my-items`);
      for (const name of HEARTS[who]) await page.getByText(new RegExp(`^${name} ·`)).first().waitFor();
      await page.getByRole('button', { name: t(who, 'myItems.done') }).click();
      await page.getByText(t(who, 'myItems.doneAt', { date: '' }).slice(0, 12)).waitFor();
    }
    await screenshot(pages.dan, 'participation-ar-phone-11-done');
    const done = await trusteeCall<{ members: { doneAt: string | null }[] }>('GET', '/participation/11');
    expect(done.members.every((m) => m.doneAt)).toBe(true);
  });

  it('stage 12: the high-interest tag reaches every beneficiary live', async () => {
    await move(12);
    for (const who of PEOPLE) {
      const page = pages[who];
      // The page updates from the stage event; no reload.
      await expect.poll(() => page.getByText(t(who, 'myItems.highInterest'), { exact: true }).count(), { timeout: 10_000 }).toBe(3);
    }
  });

  const RANKING: Record<Who, Name[]> = {
    anna: ['Vase', 'Ring'],
    ben: ['Ring', 'Vase', 'Clock'],
    cara: ['Clock'],
    dan: ['Ring', 'Clock', 'Vase'],
  };

  it('stage 20: each orders their high-interest items with the buttons and it is saved as they go', async () => {
    await move(13);
    await move(14);
    await trusteeCall('POST', '/steps/14/run');
    await move(15);
    await trusteeCall('POST', '/steps/15/run');
    await move(20);
    for (const who of PEOPLE) {
      const page = pages[who];
      await page.goto(`${server.url}/my-items`);
      await page.getByTestId('tokens-total').or(page.getByText(t(who, 'ranking.explain'))).first().waitFor();
      await screenshot(page, `participation-${LANG[who]}-phone-20-start-${who}`);
      const add = (name: Name) => page.getByRole('button', { name: t(who, 'ranking.addNamed', { name }) }).click();
      if (who === 'anna') {
        await add('Ring');
        await add('Vase');
        await page.getByRole('button', { name: t(who, 'ranking.up', { name: 'Vase' }) }).click();
      } else if (who === 'ben') {
        await add('Ring');
        await add('Clock');
        await add('Vase');
        await page.getByRole('button', { name: t(who, 'ranking.down', { name: 'Clock' }) }).click();
      } else if (who === 'cara') {
        await add('Ring');
        await add('Clock');
        await page.getByRole('button', { name: t(who, 'ranking.remove', { name: 'Ring' }) }).click();
      } else {
        await add('Vase');
        await add('Clock');
        await add('Ring');
        await page.getByRole('button', { name: t(who, 'ranking.up', { name: 'Ring' }) }).click();
        await page.getByRole('button', { name: t(who, 'ranking.up', { name: 'Ring' }) }).click();
        await page.getByRole('button', { name: t(who, 'ranking.down', { name: 'Vase' }) }).click();
      }
      const rows = page.getByTestId('ranked-item');
      await expect.poll(async () => (await rows.allTextContents()).map((text) => RANKING[who].find((n) => text.includes(n)))).toEqual(RANKING[who]);
      await page.getByRole('button', { name: t(who, 'myItems.done') }).click();
      await page.getByText(t(who, 'myItems.doneAt', { date: '' }).slice(0, 12)).waitFor();
      await screenshot(page, `participation-${LANG[who]}-phone-20-ranking-${who}`);
    }
    // The to-do list says what is left, with the link to it.
    await pages.dan.goto(`${server.url}/todo/all`);
    await pages.dan.getByTestId('todo').first().waitFor();
    await screenshot(pages.dan, 'participation-ar-phone-20-todo');
    for (const who of PEOPLE) {
      const stored = await api<{ itemIds: string[] }>(server.url, 'GET', url('/rankings'), undefined, seeded.members[who]!.token);
      expect(stored.itemIds, `${who}'s ranking`).toEqual(RANKING[who].map((n) => id[n]));
    }
  });

  // Contested after step 21: Chair (anna, ben), Lamp (ben, cara, dan), Desk (anna, cara, dan).
  const TOKENS: Record<Who, Partial<Record<Name, number>>> = {
    anna: { Chair: 2 },
    ben: { Chair: 1, Lamp: 1 },
    cara: { Desk: 2 },
    dan: { Lamp: 1, Desk: 1 },
  };

  it('stage 30: tokens with the steppers, "Tokens: N of M" in the header, refusals shown', async () => {
    await move(21);
    await trusteeCall('POST', '/steps/21/run');
    await move(30);
    for (const who of PEOPLE) {
      const page = pages[who];
      await page.goto(`${server.url}/my-items`);
      for (const [name, count] of Object.entries(TOKENS[who]) as [Name, number][]) {
        for (let i = 0; i < count; i += 1) {
          const more = page.getByRole('button', { name: t(who, 'tokens.more', { name }) });
          await expect.poll(() => more.isEnabled()).toBe(true);
          await more.click();
        }
      }
      const header = page.getByTestId('token-count');
      await expect.poll(() => header.textContent()).toBe(t(who, 'tokens.header', { used: 2, budget: 2 }));
      if (who === 'anna') {
        // Over the budget: the server refuses and says why; nothing changes.
        const more = page.getByRole('button', { name: t(who, 'tokens.more', { name: 'Desk' }) });
        await expect.poll(() => more.isEnabled()).toBe(true);
        await more.click();
        await page.getByRole('alert').waitFor();
        await screenshot(page, 'participation-en-phone-30-refused');
        await expect.poll(() => header.textContent()).toBe(t(who, 'tokens.header', { used: 2, budget: 2 }));
      }
      if (who === 'dan') await screenshot(page, 'participation-ar-phone-30-tokens');
    }
    // Help in their language: the questions families ask.
    await pages.dan.goto(`${server.url}/faq`);
    await pages.dan.locator('.MuiAccordion-root').first().click();
    await screenshot(pages.dan, 'participation-ar-phone-faq');
    for (const who of PEOPLE) {
      const stored = await api<{ allocations: { itemId: string; count: number }[] }>(server.url, 'GET', url('/tokens'), undefined, seeded.members[who]!.token);
      const expected = Object.entries(TOKENS[who]).map(([name, count]) => ({ itemId: id[name as Name], count }));
      const got = stored.allocations.filter((a) => a.count > 0);
      const sort = (list: { itemId: string; count: number }[]) => [...list].sort((a, b) => a.itemId.localeCompare(b.itemId));
      expect(sort(got), `${who}'s tokens`).toEqual(sort(expected));
    }
  });
});
