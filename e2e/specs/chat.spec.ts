/**
 * Issue 12's Team Chat in two browsers at once: Anna (desktop, English) asks about an item from its
 * page; Ben (a phone, in Arabic) sees the unread count on the toolbar and on the family's
 * conversation, opens it, reads the message with the item's card (the count clears), and answers;
 * Anna's open thread shows the answer live. Escape closes the panel.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/server.js';
import { api, seedEstate } from '../support/seed.js';
import { openAs } from '../support/process.js';
import type { Lang } from '../support/texts.js';

/** A text of the `chat` namespace, as the app shows it. */
function chat(lang: Lang, key: string): string {
  const file = fileURLToPath(new URL(`../../apps/web/src/shared/i18n/locales/${lang}/chat.json`, import.meta.url));
  const text = (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>)[key];
  if (typeof text !== 'string') throw new Error(`no text chat:${key}`);
  return text;
}

let browser: Browser;
let server: RunningServer;
beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startServer()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('two people chat live, one on a phone in Arabic; the unread count shows, then clears', async () => {
  const seeded = await seedEstate(server.url, { anna: [10], ben: [10] });
  const { item } = await api<{ item: { id: string } }>(server.url, 'POST', `/api/estates/${seeded.estateId}/items`, { name: 'Walnut Mantel Clock' }, seeded.trustee.token);
  const [anna, ben] = await Promise.all([
    openAs(browser, server.url, seeded.members.anna!, 'desktop', 'en'),
    openAs(browser, server.url, seeded.members.ben!, 'phone', 'ar'),
  ]);
  await expect.poll(() => ben.getByTestId('chat-unread').getAttribute('data-count')).toBe('0');

  // Anna asks about the clock from its page: the panel opens with the item attached.
  await anna.goto(`${server.url}/p/${seeded.estateId}/i/${item.id}`);
  await anna.getByRole('button', { name: chat('en', 'askAbout') }).click();
  await anna.getByTestId('chat-attached').waitFor();
  await expect.poll(() => anna.getByTestId('chat-thread-title').textContent()).toBe(chat('en', 'everyoneLong'));
  const question = 'Does anyone know if this clock still works? Grandpa wound it every Sunday.';
  await anna.getByTestId('chat-input').fill(question);
  await anna.getByTestId('chat-input').press('Enter');
  await anna.getByTestId('chat-message-text').filter({ hasText: question }).waitFor();
  await expect.poll(() => anna.getByTestId('chat-attached').count()).toBe(0);

  // Ben's phone: the count arrives live on the toolbar, then on the family's conversation.
  await expect.poll(() => ben.getByTestId('chat-unread').getAttribute('data-count'), { timeout: 10_000 }).toBe('1');
  await screenshot(ben, 'chat-ar-phone-unread');
  await ben.getByTestId('chat-button').click();
  const everyone = ben.getByTestId('chat-contact-estate');
  await expect.poll(() => everyone.locator('.MuiBadge-badge').textContent()).toBe('1');
  expect(await everyone.getAttribute('aria-label')).not.toBe(chat('ar', 'everyone'));
  await ben.getByText(chat('ar', 'selectContact')).waitFor();
  await everyone.click();
  const received = ben.getByTestId('chat-message').filter({ hasText: question });
  await received.waitFor();
  await expect.poll(() => received.getByTestId('chat-item-card').textContent()).toContain('Walnut Mantel Clock');
  await expect.poll(() => ben.getByTestId('chat-unread').getAttribute('data-count')).toBe('0');
  await expect.poll(() => everyone.getAttribute('aria-label')).toBe(chat('ar', 'everyone'));
  // Right to left: the panel comes from the left edge, Ben's own messages sit at the line's end (left).
  const panel = await ben.locator('#chat-panel').boundingBox();
  expect(panel?.x).toBe(0);
  const answer = 'نعم، كانت تعمل في الشتاء الماضي. سأحضر المفتاح يوم الأحد.';
  await ben.getByTestId('chat-input').fill(answer);
  await ben.getByRole('button', { name: chat('ar', 'send') }).click();
  const mine = ben.getByTestId('chat-message').filter({ hasText: answer });
  await mine.waitFor();
  const theirs = await received.boundingBox();
  const own = await mine.boundingBox();
  expect(own!.x).toBeLessThan(theirs!.x);
  await screenshot(ben, 'chat-ar-phone-thread');

  // Anna's thread shows the answer live, and she has nothing unread (she is looking at it).
  await anna.getByTestId('chat-message-text').filter({ hasText: answer }).waitFor({ timeout: 10_000 });
  await expect.poll(() => anna.getByTestId('chat-unread').getAttribute('data-count')).toBe('0');
  await screenshot(anna, 'chat-en-desktop-thread');
  // A blank message is never sent.
  await anna.getByTestId('chat-input').fill('   ');
  expect(await anna.getByRole('button', { name: chat('en', 'send') }).isDisabled()).toBe(true);
  // Escape closes the panel; the card opens the item.
  await anna.keyboard.press('Escape');
  await expect.poll(() => anna.locator('#chat-panel').count()).toBe(0);
  await ben.getByTestId('chat-item-card').first().click();
  await ben.waitForURL((url) => url.pathname.endsWith(`/i/${item.id}`));
  await anna.context().close();
  await ben.context().close();
}, 90_000);
