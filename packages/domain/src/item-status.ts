/**
 * The item facts every page needs, kept apart from the item schemas so that a page listing items
 * does not build the validation schemas (and load the validation library) just to know the statuses.
 */
export const ITEM_STATUSES = ['unassigned', 'pending', 'hold', 'assigned', 'unwanted', 'handed-over'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

export const DISTRIBUTIONS = ['divide', 'return'] as const;

/** The per-estate number printed on labels: 42 → "A-0042". */
export function itemLabel(number: number): string {
  return `A-${String(number).padStart(4, '0')}`;
}

/** Parses "A-0042", "a42" or "42" back to 42; undefined when it is not an item number. */
export function parseItemLabel(text: string): number | undefined {
  const match = /^\s*(?:a-?)?0*(\d{1,7})\s*$/i.exec(text);
  return match ? Number(match[1]) : undefined;
}

/**
 * Why an item cannot take a heart, as the key of the server's refusal (`refusals:pool.*`), or null
 * for an item being divided (in the pool). The server's rule (`isPoolItem`): only "divide" items,
 * unassigned or pending; so the pages offer the heart only where the server will take it.
 */
export function heartRefusalKey(item: { distribution?: string; status?: string }): string | null {
  if (item.distribution === undefined || item.status === undefined) return null;
  if (item.distribution === 'return') return 'pool.return';
  switch (item.status) {
    case 'unassigned':
    case 'pending':
      return null;
    case 'hold':
      return 'pool.hold';
    case 'assigned':
    case 'handed-over':
      return 'pool.assigned';
    case 'unwanted':
      return 'pool.unwanted';
    default:
      return 'pool.other';
  }
}
