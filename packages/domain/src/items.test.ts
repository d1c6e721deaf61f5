import { describe, expect, it } from 'vitest';
import { itemLabel, parseItemLabel } from './item-status.js';
import { styleWarnings, updateItemBody } from './items.js';

const base = { name: 'Chair, Oak, Ladder-Back 2', categories: ['Furniture'], giver: '', brand: '', model: '' };
const ctx = { photoCount: 1, otherNames: [] as string[] };

describe('item numbers', () => {
  it('formats and parses labels', () => {
    expect(itemLabel(42)).toBe('A-0042');
    expect(itemLabel(12345)).toBe('A-12345');
    expect(parseItemLabel('A-0042')).toBe(42);
    expect(parseItemLabel('a42')).toBe(42);
    expect(parseItemLabel('chair')).toBeUndefined();
  });
});

describe('style guide warnings', () => {
  it('accepts a well-named item', () => {
    expect(styleWarnings(base, ctx)).toEqual([]);
  });
  it('asks for Initial Caps but lets little words stay small', () => {
    expect(styleWarnings({ ...base, name: 'oak chair' }, ctx)).toContain('initialCaps');
    expect(styleWarnings({ ...base, name: 'Box of Letters' }, ctx)).toEqual([]);
    expect(styleWarnings({ ...base, name: 'صندوق خشبي' }, ctx)).toEqual([]);
  });
  it('asks for a category', () => {
    expect(styleWarnings({ ...base, categories: [] }, ctx)).toEqual(['needsCategory']);
  });
  it('asks who gave a Gift', () => {
    expect(styleWarnings({ ...base, categories: ['Gift'] }, ctx)).toEqual(['giftNeedsGiver']);
    expect(styleWarnings({ ...base, categories: ['Gift'], giver: 'Emma (granddaughter)' }, ctx)).toEqual([]);
  });
  it('asks books for a cover photo, author and binding', () => {
    const book = { ...base, name: 'Pride and Prejudice', categories: ['Book'] };
    expect(styleWarnings(book, { ...ctx, photoCount: 0 })).toEqual(['bookNeedsCover', 'bookNeedsAuthor', 'bookNeedsBinding']);
    expect(styleWarnings({ ...book, brand: 'Jane Austen', model: 'Hardcover' }, ctx)).toEqual([]);
  });
  it('asks similar items for a number', () => {
    expect(styleWarnings({ ...base, name: 'Dining Chair' }, { ...ctx, otherNames: ['dining chair'] })).toEqual(['similarNeedsNumber']);
    expect(styleWarnings({ ...base, name: 'Dining Chair 2' }, { ...ctx, otherNames: ['Dining Chair 2'] })).toEqual([]);
  });
});

describe('item patches', () => {
  it('refuses an empty patch and unknown fields', () => {
    expect(updateItemBody.safeParse({}).success).toBe(false);
    expect(updateItemBody.safeParse({ assignedTo: 'x' }).success).toBe(false);
    expect(updateItemBody.safeParse({ status: 'assigned' }).success).toBe(false);
    // Hold has a route of its own (PUT/DELETE …/hold): it is the trustee's decision, not an edit.
    expect(updateItemBody.safeParse({ status: 'hold' }).success).toBe(false);
  });
});
