/**
 * Issue 36 (the phone walkthrough): "I'm done" stays in view for a beneficiary on a phone, in
 * English and Arabic, however long the list of what they hearted: the bar sits at the foot of the
 * screen before and after scrolling, its button is 48 px high, and a tap records that they are done.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { atRest, screenshot, settled } from '../support/browser.js';
import { useSpecEstate } from '../support/spec-estate.js';
import { advanceTo, api } from '../support/seed.js';
import { openAs, pt } from '../support/process.js';

const world = useSpecEstate({ anna: [10], ben: [10] }, [1]);
const VIEWPORT_HEIGHT = 844;

/** The done bar's box, checked inside the screen. */
async function barInView(page: Page): Promise<void> {
  await settled(page);
  const bar = (await page.getByTestId('done-bar').boundingBox())!;
  expect(bar.y).toBeGreaterThan(VIEWPORT_HEIGHT / 2);
  expect(bar.y + bar.height).toBeLessThanOrEqual(VIEWPORT_HEIGHT + 0.5);
}

it('keeps “I’m done” in view while a long list scrolls, in English and Arabic', async () => {
  const { server, seeded, browser } = world;
  const e = `/api/estates/${seeded.estateId}`;
  for (let i = 1; i <= 14; i++) await api(server.url, 'POST', `${e}/items`, { name: `Old Picture Frame ${i}`, categories: ['Art'] }, seeded.trustee.token);
  await advanceTo(server.url, seeded, [2, 10, 11]);
  for (const who of ['anna', 'ben'] as const) {
    const { items } = await api<{ items: { id: string }[] }>(server.url, 'GET', `${e}/items?limit=50`, undefined, seeded.members[who]!.token);
    for (const item of items) await api(server.url, 'PUT', `${e}/items/${item.id}/interest`, undefined, seeded.members[who]!.token);
  }
  for (const [who, lang] of [['anna', 'en'], ['ben', 'ar']] as const) {
    const page = await openAs(browser, server.url, seeded.members[who]!, 'phone', lang);
    await page.goto(`${server.url}/my-items`);
    await atRest(page);
    await page.getByText('Old Picture Frame 14', { exact: false }).waitFor();
    // The list is longer than the screen, and the bar is at its foot.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(VIEWPORT_HEIGHT * 1.5);
    await barInView(page);
    await page.mouse.wheel(0, 700);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await barInView(page);
    await screenshot(page, `done-in-view-${lang}-phone`);
    const done = page.getByTestId('done-bar').getByRole('button', { name: pt(lang, 'myItems.done') });
    expect((await done.boundingBox())!.height).toBeGreaterThanOrEqual(48);
    await done.click();
    await page.getByTestId('done-bar').waitFor({ state: 'detached' });
    const { members } = await api<{ members: { memberId: string; doneAt: string | null }[] }>(server.url, 'GET', `${e}/participation/11`, undefined, seeded.trustee.token);
    expect(members.find((m) => m.memberId === seeded.members[who]!.id)?.doneAt).toBeTruthy();
    await page.context().close();
  }
}, 180_000);
