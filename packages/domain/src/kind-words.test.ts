/** No word that accuses in any content file (lessons, agreement, terms, FAQ, mails, refusals, style). */
import { readdirSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { accusingTexts } from './kind-words.js';

it('has no accusing word in any content file of any language', () => {
  const dir = new URL('./content/', import.meta.url);
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  expect(files.length).toBeGreaterThanOrEqual(24);
  const found = files.flatMap((f) => accusingTexts(JSON.parse(readFileSync(new URL(f, dir), 'utf8')), f));
  expect(found).toEqual([]);
});

it('finds the words it looks for, and not the words that merely contain them', () => {
  expect(accusingTexts({ a: 'Who is envious?', b: 'Kıskançlık', c: 'الحسد' })).toHaveLength(3);
  expect(accusingTexts({ a: 'الأشياء الصغيرة', b: 'environment' })).toEqual([]);
});
