/**
 * Item rules shared by the form and the server: fields and the style guide's warnings. The statuses
 * and the printed label are in item-status.ts, which pages can load without these schemas.
 */
import { z } from 'zod';
import { nameText, text } from './schemas/text.js';
import { DISTRIBUTIONS } from './item-status.js';

const shortText = text(200, { trim: true });
const labelName = nameText(60);

/** Each field without defaults, so a patch can name only what changes. */
const fields = {
  name: nameText(200),
  notes: text(10_000),
  locationId: z.uuid().nullable(),
  roomId: z.uuid().nullable(),
  categories: z.array(labelName).max(20),
  tags: z.array(labelName).max(40),
  giver: shortText,
  owners: shortText,
  brand: shortText,
  model: shortText,
  year: z.number().int().min(0).max(3000).nullable(),
  value: z.number().min(0).max(1e12).multipleOf(0.01).nullable(),
  currency: z.string().regex(/^[A-Z]{3}$/, { message: 'validation.currency' }),
  distribution: z.enum(DISTRIBUTIONS),
};

export const itemFieldsSchema = z.strictObject({
  ...fields,
  notes: fields.notes.default(''),
  locationId: fields.locationId.default(null),
  roomId: fields.roomId.default(null),
  categories: fields.categories.default([]),
  tags: fields.tags.default([]),
  giver: fields.giver.default(''),
  owners: fields.owners.default(''),
  brand: fields.brand.default(''),
  model: fields.model.default(''),
  year: fields.year.default(null),
  value: fields.value.default(null),
  /** Without one, the estate's currency (the server fills it in). */
  currency: fields.currency.optional(),
  distribution: fields.distribution.default('divide'),
});

export const createItemBody = itemFieldsSchema;
/**
 * A patch names only what changes. Hold and value have routes of their own (`…/hold`, `…/value`):
 * they are the trustee's and the appraiser's decisions, not a catalogue edit.
 */
export const updateItemBody = z
  .strictObject({
    ...z.object(fields).partial().shape,
    featuredPhotoId: z.uuid().nullable().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'validation.nothingToChange' });

/** What an appraiser records: the value and its currency. */
export const appraisalBody = z.strictObject({ value: fields.value, currency: fields.currency.optional() });

export type ItemFields = z.infer<typeof itemFieldsSchema>;

export type StyleWarning =
  | 'initialCaps'
  | 'needsCategory'
  | 'giftNeedsGiver'
  | 'bookNeedsCover'
  | 'bookNeedsAuthor'
  | 'bookNeedsBinding'
  | 'similarNeedsNumber';

/** Little words that stay lower-case inside a name ("Box of Letters"). */
const MINOR_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);

function hasInitialCaps(name: string): boolean {
  const words = name.split(/[\s,/]+/).filter((w) => /\p{L}/u.test(w));
  return words.every((word, i) => {
    const first = [...word].find((ch) => /\p{L}/u.test(ch))!;
    if (i > 0 && MINOR_WORDS.has(word.toLowerCase())) return true;
    // Scripts without case (Arabic, ...) pass: upper and lower are the same letter.
    return first === first.toUpperCase();
  });
}

const isCategory = (categories: readonly string[], name: string) =>
  categories.some((c) => c.trim().toLowerCase() === name);

/**
 * The seed's naming style guide, as warnings (never errors): Initial Caps; at least one category;
 * "Gift" only from a child or grandchild (so the giver must be named); books need a cover photo,
 * the author in Brand/Author and the binding in Model; similar items carry a number.
 */
export function styleWarnings(
  item: Pick<ItemFields, 'name' | 'categories' | 'giver' | 'brand' | 'model'>,
  context: { photoCount: number; otherNames: readonly string[] },
): StyleWarning[] {
  const warnings: StyleWarning[] = [];
  if (!hasInitialCaps(item.name)) warnings.push('initialCaps');
  if (item.categories.length === 0) warnings.push('needsCategory');
  if (isCategory(item.categories, 'gift') && !item.giver.trim()) warnings.push('giftNeedsGiver');
  if (isCategory(item.categories, 'book')) {
    if (context.photoCount === 0) warnings.push('bookNeedsCover');
    if (!item.brand.trim()) warnings.push('bookNeedsAuthor');
    if (!item.model.trim()) warnings.push('bookNeedsBinding');
  }
  const normalized = item.name.trim().toLowerCase();
  if (!/\d\s*$/.test(normalized) && context.otherNames.some((n) => n.trim().toLowerCase() === normalized)) {
    warnings.push('similarNeedsNumber');
  }
  return warnings;
}
