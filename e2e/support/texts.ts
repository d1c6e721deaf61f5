/** The app's own texts, so a test can find "Register" in English and in Arabic alike. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type Lang = 'en' | 'ar' | 'tr';
const cache = new Map<string, Record<string, unknown>>();

function bundle(lang: Lang, namespace: string): Record<string, unknown> {
  let texts = cache.get(`${lang}/${namespace}`);
  if (!texts) {
    const file = fileURLToPath(new URL(`../../apps/web/src/shared/i18n/locales/${lang}/${namespace}.json`, import.meta.url));
    texts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    cache.set(`${lang}/${namespace}`, texts);
  }
  return texts;
}

/** `t('ar', 'auth.login.submit')`, with `{{name}}` placeholders filled from `values`. */
export function t(lang: Lang, key: string, values: Record<string, string> = {}): string {
  return nt(lang, 'common', key, values);
}

/** A text of another namespace of the app: `nt('ar', 'people', 'directory.invite')`. */
export function nt(lang: Lang, namespace: string, key: string, values: Record<string, string> = {}): string {
  let node: unknown = bundle(lang, namespace);
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no text ${lang}:${namespace}:${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}
