/** Helpers for the process specs: the `process` and `stages` texts, and a phone sign-in in a language. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { newContext, type ViewportName } from './browser.js';
import { api, signInPage, type Person } from './seed.js';
import type { Lang } from './texts.js';

function load(path: string): Record<string, unknown> {
  return JSON.parse(readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8')) as Record<
    string,
    unknown
  >;
}

function lookup(root: Record<string, unknown>, key: string, values: Record<string, string | number>): string {
  let node: unknown = root;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no text ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** `pt('en', 'control.moveTo', {name})`: a text of the `process` namespace. */
export function pt(lang: Lang, key: string, values: Record<string, string | number> = {}): string {
  return lookup(load(`../../apps/web/src/shared/i18n/locales/${lang}/process.json`), key, values);
}

/** `ct('ar', 'review.title')`: a text of the `catalogue` namespace. */
export function ct(lang: Lang, key: string, values: Record<string, string | number> = {}): string {
  return lookup(load(`../../apps/web/src/shared/i18n/locales/${lang}/catalogue.json`), key, values);
}

/** The plural form i18next picks for `count`: `plural('ar', 'interest.count', 2)` → `interest.count_two`. */
export function plural(lang: Lang, key: string, count: number): string {
  return `${key}_${new Intl.PluralRules(lang).select(count)}`;
}

/** A stage's name, help, next or todo text. */
export function stageText(lang: Lang, stage: number, field: 'name' | 'help' | 'next' = 'name'): string {
  return lookup(load(`../../packages/domain/src/content/stages.${lang}.json`), `${stage}.${field}`, {});
}

/**
 * A person signed in on their own browser context (a separate device), in their language. Arabic
 * comes with its right-to-left layout, as choosing it in the language menu does.
 */
export async function openAs(
  browser: Browser,
  baseUrl: string,
  person: Person,
  viewport: ViewportName,
  lang: Lang,
): Promise<Page> {
  if (lang !== 'en') {
    await api(
      baseUrl,
      'PATCH',
      '/api/me',
      { settings: { language: lang, direction: lang === 'ar' ? 'rtl' : 'ltr' } },
      person.token,
    );
  }
  const context = await newContext(browser, viewport, lang);
  const page = await context.newPage();
  await signInPage(page, baseUrl, person.email, lang);
  return page;
}
