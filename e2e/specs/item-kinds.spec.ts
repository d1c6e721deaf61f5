/**
 * Issue 36: in stage 11 a beneficiary opens an item of every kind (open to hearts, given by a
 * written directive, a Return, on hold) and is offered the heart only where the server takes one.
 * Each offer is checked against the server's own answer: an enabled heart it would refuse, or a
 * refused heart it would take, fails the test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/server.js';
import { advanceTo, api, seedEstate, type SeededEstate } from '../support/seed.js';
import { ct, openAs } from '../support/process.js';

let server: RunningServer;
let browser: Browser;
let seeded: SeededEstate;
const id: Record<string, string> = {};

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  seeded = await seedEstate(server.url, { anna: [10], ben: [10] });
  const url = (path: string) => `/api/estates/${seeded.estateId}${path}`;
  const trustee = (method: string, path: string, body?: unknown) => api(server.url, method, url(path), body, seeded.trustee.token);
  await advanceTo(server.url, seeded, [1]);
  for (const [key, name, distribution] of [
    ['open', 'Oak Chair'],
    ['directive', 'Walnut Desk'],
    ['returned', 'Folding Table', 'return'],
    ['held', 'Brass Lamp'],
  ] as const) {
    const { item } = (await trustee('POST', '/items', { name, categories: ['Furniture'], ...(distribution ? { distribution } : {}) })) as { item: { id: string } };
    id[key] = item.id;
  }
  await advanceTo(server.url, seeded, [2, 10]);
  await trustee('POST', '/directives', { itemId: id.directive, memberId: seeded.members.ben!.id, clause: 'Clause 4: the desk to Ben.' });
  await trustee('POST', '/returns', { itemId: id.returned, note: 'Borrowed from the church hall.' });
  const { item: lamp } = (await trustee('GET', `/items/${id.held}`)) as { item: { version: number } };
  const held = await fetch(`${server.url}${url(`/items/${id.held}/hold`)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${seeded.trustee.token}`, 'if-match': `"${lamp.version}"` },
  });
  expect(held.status).toBe(200);
  await advanceTo(server.url, seeded, [11]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('stage 11, every item kind, as a beneficiary on a phone', () => {
  it('offers the heart only on items the server lets her heart', async () => {
    const page = await openAs(browser, server.url, seeded.members.anna!, 'phone', 'en');
    const offered: Record<string, boolean> = {};
    for (const [kind, itemId] of Object.entries(id)) {
      await page.goto(`${server.url}/p/${seeded.estateId}/i/${itemId}`);
      await page.locator('main h1').first().waitFor();
      // The item's own actions have come (the "Ask about this item" or stories' buttons).
      await page.getByRole('button', { name: 'Add a story' }).waitFor();
      const heart = page.getByRole('button', { name: ct('en', 'flow.heart') });
      offered[kind] = (await heart.count()) > 0 && (await heart.first().isEnabled());
      await screenshot(page, `item-kinds-${kind}-phone-en`);
    }
    // What the server says to the same person, item by item (a heart taken is taken back).
    const accepted: Record<string, boolean> = {};
    for (const [kind, itemId] of Object.entries(id)) {
      const res = await fetch(`${server.url}/api/estates/${seeded.estateId}/items/${itemId}/interest`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${seeded.members.anna!.token}` },
      });
      expect(res.status, `${kind}: ${res.status}`).toBeLessThan(500);
      accepted[kind] = res.ok;
      if (res.ok)
        await fetch(`${server.url}/api/estates/${seeded.estateId}/items/${itemId}/interest`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${seeded.members.anna!.token}` },
        });
    }
    expect(offered).toEqual(accepted);
    expect(accepted).toEqual({ open: true, directive: false, returned: false, held: false });
    await page.context().close();
  });
});
