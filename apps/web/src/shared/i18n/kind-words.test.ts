/** No word that accuses: the family reads these texts in a hard season (en, tr, ar; every namespace). */
import { expect, it } from 'vitest';

const TEXTS = import.meta.glob<object>('./locales/*/*.json', { eager: true, import: 'default' });
const ACCUSING = [/\benv(y|ies|ious)\b/i, /kıskan/i, /غيرة|الغيرة|حسد|يحسد/];

function strings(value: unknown, path: string, out: [string, string][]) {
  if (typeof value === 'string') out.push([path, value]);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) strings(v, `${path}.${k}`, out);
}

it('has no accusing word in any text of any language', () => {
  const all: [string, string][] = [];
  for (const [file, texts] of Object.entries(TEXTS)) strings(texts, file, all);
  expect(all.length).toBeGreaterThan(500);
  const found = all.filter(([, text]) => ACCUSING.some((word) => word.test(text))).map(([path, text]) => `${path}: ${text}`);
  expect(found).toEqual([]);
});
