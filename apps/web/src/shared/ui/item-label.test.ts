import { describe, expect, it } from 'vitest';
import { itemLabel as domainLabel } from '@estate/domain/items';
import { itemLabel } from './item-label';

describe('itemLabel', () => {
  it('is the domain’s label', () => {
    for (const n of [0, 1, 42, 999, 1000, 9999, 10000, 123456]) expect(itemLabel(n)).toBe(domainLabel(n));
  });
});
