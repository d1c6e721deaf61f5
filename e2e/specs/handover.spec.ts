/**
 * Issue 11, hand-over: in stage 41 the trustee, on a desktop, marks Anna's pick-up as handed over
 * in one go from the hand-over board; Anna, on her phone in Arabic, confirms receipt of an item
 * with one tap in My items, and the trustee's board shows it received.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot } from '../support/browser.js';
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

describe('hand-over', () => {
  let seeded: SeededEstate;
  let trustee: Page;
  const url = (path: string) => `/api/estates/${seeded.estateId}${path}`;

  beforeAll(async () => {
    seeded = await seedEstate(server.url, { anna: [10], ben: [10] }, { estateName: 'Estate of Rose Ellis' });
    const token = seeded.trustee.token;
    await advanceTo(server.url, seeded, [1]);
    const items: Record<string, string> = {};
    for (const name of ['Walnut Desk', 'Brass Lamp', 'Blue Vase']) {
      items[name] = (await api<{ item: { id: string } }>(server.url, 'POST', url('/items'), { name, categories: ['Furniture'] }, token)).item.id;
    }
    for (const person of Object.values(seeded.members)) {
      const list = await fetch(`${server.url}${url('/agreements')}`, { headers: { authorization: `Bearer ${person.token}` } });
      if (!list.ok) continue;
      const { agreements } = (await list.json()) as { agreements: { kind: string; version: number; acceptedAt?: string | null }[] };
      for (const a of agreements.filter((x) => !x.acceptedAt)) await api(server.url, 'POST', url(`/agreements/${a.kind}/accept`), { version: a.version }, person.token);
    }
    await advanceTo(server.url, seeded, [2, 10]);
    // The will gives the desk and the lamp to Anna, the vase to Ben.
    for (const [name, who] of [['Walnut Desk', 'anna'], ['Brass Lamp', 'anna'], ['Blue Vase', 'ben']] as const) {
      await api(server.url, 'POST', url('/directives'), { itemId: items[name], memberId: seeded.members[who]!.id, clause: 'By the will.' }, token);
    }
    await advanceTo(server.url, seeded, [11, 12, 13, 14]);
    for (const step of [14, 15, 21, 31]) {
      if (step !== 14) await advanceTo(server.url, seeded, step === 15 ? [15] : step === 21 ? [20, 21] : [30, 31]);
      await api(server.url, 'POST', url(`/steps/${step}/preview`), undefined, token);
      await api(server.url, 'POST', url(`/steps/${step}/run`), undefined, token);
    }
    await advanceTo(server.url, seeded, [40, 41]);
    trustee = await openAs(browser, server.url, seeded.trustee, 'desktop', 'en');
  }, 120_000);

  it('the trustee marks Anna’s pick-up handed over; Anna confirms receipt on her phone in Arabic', async () => {
    await trustee.goto(`${server.url}/trustee/handover`);
    await trustee.getByRole('heading', { name: ht('en', 'board.title'), level: 1 }).waitFor();
    const annaGroup = trustee.getByRole('region', { name: 'Anna Ellis' });
    await annaGroup.getByTestId('handover-row').nth(1).waitFor();
    expect(await annaGroup.getByTestId('handover-row').count()).toBe(2);
    // Filters narrow the board, by receiver.
    // The select itself (its list, while it fades out, carries the same label).
    const receiver = trustee.getByRole('combobox', { name: ht('en', 'board.receiver') });
    await receiver.click();
    await trustee.getByRole('option', { name: 'Ben Ellis' }).click();
    await trustee.getByRole('listbox').waitFor({ state: 'detached' });
    await expect.poll(async () => trustee.getByRole('region', { name: 'Anna Ellis' }).count()).toBe(0);
    await trustee.getByRole('region', { name: 'Ben Ellis' }).waitFor();
    await receiver.click();
    await trustee.getByRole('option', { name: ht('en', 'board.everyone') }).click();
    await trustee.getByRole('listbox').waitFor({ state: 'detached' });
    await screenshot(trustee, 'handover-en-desktop-board');

    await annaGroup.getByRole('button', { name: ht('en', 'board.pickupAll', { count: 2 }) }).click();
    const dialog = trustee.getByRole('dialog', { name: ht('en', 'board.pickupTitle', { name: 'Anna Ellis' }) });
    await dialog.getByRole('button', { name: ht('en', 'board.handedOver') }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => annaGroup.getByText(ht('en', 'status.handed-over'), { exact: true }).count()).toBe(2);
    await trustee.getByText(ht('en', 'board.progress', { done: 2, total: 3 })).waitFor();

    const anna = await openAs(browser, server.url, seeded.members.anna!, 'phone', 'ar');
    await anna.goto(`${server.url}/my-items`);
    expect(await anna.locator('html').getAttribute('dir')).toBe('rtl');
    const desk = anna.getByTestId('my-handover-item').filter({ hasText: 'Walnut Desk' });
    await desk.getByText(ht('ar', 'status.handed-over'), { exact: true }).waitFor();
    await screenshot(anna, 'handover-ar-phone-my-items');
    await desk.getByRole('button', { name: ht('ar', 'receipt.confirm') }).click();
    await desk.getByText(ht('ar', 'status.received'), { exact: true }).waitFor();
    expect(await desk.getByRole('button', { name: ht('ar', 'receipt.confirm') }).count()).toBe(0);
    await screenshot(anna, 'handover-ar-phone-received');

    // The board shows the receipt (live, or at the latest on the next look).
    await trustee.reload();
    await annaGroup.getByText(ht('en', 'status.received'), { exact: true }).waitFor();
    await screenshot(trustee, 'handover-en-desktop-received');
    const { handover } = await api<{ handover: { status: string; receivedAt: string | null }[] }>(server.url, 'GET', url('/handover'), undefined, seeded.trustee.token);
    expect(handover.filter((e) => e.status === 'received')).toHaveLength(1);

    if (process.env.E2E_SHOTS) {
      // The other two looks: the board on a phone, and Anna's list on a desktop in Arabic.
      const phoneTrustee = await openAs(browser, server.url, seeded.trustee, 'phone', 'en');
      await phoneTrustee.goto(`${server.url}/trustee/handover`);
      await phoneTrustee.getByTestId('handover-row').first().waitFor();
      await screenshot(phoneTrustee, 'handover-en-phone-board');
      const annaDesk = await openAs(browser, server.url, seeded.members.anna!, 'desktop', 'ar');
      await annaDesk.goto(`${server.url}/my-items`);
      await annaDesk.getByTestId('my-handover-item').first().waitFor();
      await screenshot(annaDesk, 'handover-ar-desktop-my-items');
    }
  }, 90_000);
});
