/** The `catalogue` texts of the web app, so a test finds a button in English and in Arabic alike. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locator } from 'playwright-core';
import type { Lang } from './texts.js';

const bundles = new Map<Lang, Record<string, unknown>>();

/** `ct('ar', 'items.add')`: a text of the `catalogue` namespace, `{{name}}` filled from `values`. */
export function ct(lang: Lang, key: string, values: Record<string, string | number> = {}): string {
  let root = bundles.get(lang);
  if (!root) {
    const file = fileURLToPath(
      new URL(`../../apps/web/src/shared/i18n/locales/${lang}/catalogue.json`, import.meta.url),
    );
    root = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    bundles.set(lang, root);
  }
  let node: unknown = root;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no text ${lang}:catalogue:${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** A CSV of `count` items ("Name", "Location / Room", "Categories"), spread over a few rooms. */
export function itemsCsv(
  count: number,
  rooms = [
    'Family House / Kitchen',
    'Family House / Dining Room',
    'Family House / Study',
    'Lake Cottage / Porch',
  ],
): string {
  const nouns = ['Chair', 'Table', 'Lamp', 'Vase', 'Clock', 'Rug', 'Mirror', 'Bowl', 'Frame', 'Chest'];
  const lines = ['Name,Location / Room,Categories'];
  for (let n = 1; n <= count; n++)
    lines.push(`${nouns[n % nouns.length]} ${n},${rooms[n % rooms.length]},Furniture`);
  return `${lines.join('\n')}\n`;
}

/** Imports a CSV through the API (one transaction, up to 5,000 rows): the quickest way to a big estate. */
export async function importCsv(baseUrl: string, estateId: string, token: string, csv: string) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'items.csv');
  const res = await fetch(`${baseUrl}/api/estates/${estateId}/items/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`import → ${res.status} ${text}`);
  return JSON.parse(text) as { created: number; updated: number; unchanged: number };
}

/** Waits until a dialog has faded in (so a picture shows it, and nothing moves under the mouse). */
export async function faded(dialog: Locator): Promise<void> {
  await dialog.waitFor();
  for (let i = 0; i < 50; i++) {
    if ((await dialog.evaluate((el) => getComputedStyle(el.parentElement ?? el).opacity)) === '1') return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the dialog did not finish opening');
}
