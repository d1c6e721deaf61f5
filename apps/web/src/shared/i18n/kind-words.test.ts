/** No word that accuses: the family reads these texts in a hard season (en, tr, ar; every namespace). */
import { expect, it } from 'vitest';
import { accusingTexts } from '@estate/domain/kind-words';

const TEXTS = import.meta.glob<object>('./locales/*/*.json', { eager: true, import: 'default' });

function count(value: unknown): number {
  if (typeof value === 'string') return 1;
  return value && typeof value === 'object' ? Object.values(value).reduce<number>((n, v) => n + count(v), 0) : 0;
}

it('has no accusing word in any text of any language', () => {
  expect(count(TEXTS)).toBeGreaterThan(500);
  expect(Object.entries(TEXTS).flatMap(([file, texts]) => accusingTexts(texts, file))).toEqual([]);
});
