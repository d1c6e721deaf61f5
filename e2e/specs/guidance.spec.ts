/**
 * Issue 13 (lessons and to-dos): a beneficiary reads "How Things Work" step by step on a phone in
 * Arabic, stops, and on another device carries on from the step she reached (the place is kept on
 * the server). Then she writes a to-do of her own, stars it, finds it under Starred, deletes it and
 * brings it back from Deleted.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/server.js';
import { api, seedEstate, type SeededEstate } from '../support/seed.js';
import { openAs } from '../support/process.js';

const read = (path: string) => JSON.parse(readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8')) as Record<string, unknown>;
/** A text of a namespace in Arabic, with `{{x}}` filled in. */
function ar(ns: 'lessons' | 'todo', key: string, values: Record<string, string | number> = {}): string {
  let node: unknown = read(`../../apps/web/src/shared/i18n/locales/ar/${ns}.json`);
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`no text ar:${ns}:${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}
type Lessons = { courses: { id: string; title: string; steps: { title: string }[] }[] };
const lessons = read('../../packages/domain/src/content/lessons.ar.json') as unknown as Lessons;
const course = lessons.courses.find((c) => c.id === 'how-things-work')!;

let browser: Browser;
let server: RunningServer;
let seeded: SeededEstate;
beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer();
  seeded = await seedEstate(server.url, { anna: [10] });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('lessons and to-dos on a phone, in Arabic', () => {
  let phone: Page;

  it('reads a lesson step by step and carries on from the same step on another device', async () => {
    const anna = seeded.members.anna!;
    phone = await openAs(browser, server.url, anna, 'phone', 'ar');
    await phone.goto(`${server.url}/help/courses`);
    await phone.getByRole('link', { name: new RegExp(ar('lessons', 'start')) }).first().click();
    await phone.getByRole('heading', { level: 2, name: course.steps[0]!.title }).waitFor();
    expect(await phone.locator('html').getAttribute('dir')).toBe('rtl');
    // No markdown markers on screen: **bold** became bold text.
    expect(await phone.getByTestId('lesson-text').innerText()).not.toContain('**');

    for (const n of [2, 3]) {
      await phone.getByRole('button', { name: ar('lessons', 'next') }).click();
      await phone.getByRole('heading', { level: 2, name: course.steps[n - 1]!.title }).waitFor();
      await phone.getByText(ar('lessons', 'stepOf', { step: n, total: course.steps.length })).first().waitFor();
    }
    await screenshot(phone, 'guidance-lesson-step-phone-ar');
    await expect
      .poll(async () => (await api<{ courses: { id: string; activeStep: number }[] }>(server.url, 'GET', '/api/lessons', undefined, anna.token)).courses[0]!.activeStep)
      .toBe(3);

    // Another device: the list offers to carry on from step 3, and the lesson opens there.
    const tablet = await openAs(browser, server.url, anna, 'phone', 'ar');
    await tablet.goto(`${server.url}/help/courses`);
    await tablet.getByRole('link', { name: new RegExp(ar('lessons', 'continue', { step: 3 })) }).click();
    await tablet.getByRole('heading', { level: 2, name: course.steps[2]!.title }).waitFor();
    await screenshot(tablet, 'guidance-lesson-resumed-phone-ar');
    await tablet.context().close();
  });

  it('writes a to-do, stars it, deletes it and restores it', async () => {
    const title = 'اتصل بمقيّم الأثاث';
    const lists = async (name: string) => {
      await phone.getByRole('button', { name: ar('todo', 'lists') }).click();
      await phone.getByRole('link', { name: new RegExp(`^${name}`) }).click();
    };
    await phone.goto(`${server.url}/todo/all`);
    await phone.getByRole('button', { name: ar('todo', 'new') }).click();
    await phone.getByRole('textbox', { name: ar('todo', 'editor.title') }).fill(title);
    await phone.getByRole('button', { name: ar('todo', 'editor.save') }).click();
    const row = phone.getByTestId('personal-todo').filter({ hasText: title });
    await row.waitFor();

    await row.getByRole('button', { name: ar('todo', 'star') }).click();
    await expect.poll(() => row.getByRole('button', { name: ar('todo', 'star') }).getAttribute('aria-pressed')).toBe('true');
    await screenshot(phone, 'guidance-todo-phone-ar');

    await lists(ar('todo', 'views.starred'));
    await phone.waitForURL(/\/todo\/filter\/starred$/);
    await row.getByRole('button', { name: ar('todo', 'delete') }).click();
    await phone.getByText(ar('todo', 'empty.starred')).waitFor();

    await lists(ar('todo', 'views.deleted'));
    await row.getByRole('button', { name: ar('todo', 'restore') }).click();
    await phone.getByText(ar('todo', 'empty.deleted')).waitFor();

    await lists(ar('todo', 'views.all'));
    await row.waitFor();
    const stored = await api<{ todos: { title: string; starred: boolean; deleted: boolean }[] }>(server.url, 'GET', '/api/todos/personal', undefined, seeded.members.anna!.token);
    expect(stored.todos).toEqual([expect.objectContaining({ title, starred: true, deleted: false })]);
  });
});
