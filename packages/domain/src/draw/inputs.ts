/** The facts a draw step reads (distribution.md, "Canonical inputs"), and their sanity checks. */

export const DRAW_MODES = ['round-robin', 'serpentine'] as const;
export type DrawMode = (typeof DRAW_MODES)[number];

export const DRAW_STEPS = [14, 15, 21, 31] as const;
export type DrawStep = (typeof DRAW_STEPS)[number];

export interface DrawItem {
  id: string;
  highInterest: boolean;
}

export type Interest = readonly [memberId: string, itemId: string];
export type Ranking = readonly [memberId: string, itemId: string, rank: number];
export type TokenPlacement = readonly [memberId: string, itemId: string, count: number];

/** Field names and tuple shapes are those of the record's `inputs`. */
export interface DrawInputs {
  receivers: readonly string[];
  /** The pool: Divide items, not on Hold, not yet assigned. */
  items: readonly DrawItem[];
  interests: readonly Interest[];
  rankings: readonly Ranking[];
  tokens: readonly TokenPlacement[];
}

export const EMPTY_INPUTS: DrawInputs = { receivers: [], items: [], interests: [], rankings: [], tokens: [] };

/** Ranks 1..10 are written by receivers; any other hearted HI item counts as 11. */
export const UNRANKED = 11;
export const MAX_TOKENS_PER_ITEM = 2;

// Ids go into space-separated lines, so white space would make two different inputs hash alike;
// control characters are refused too (stricter than the spec, and no real id has them), and lone
// surrogates have no UTF-8 form.
const BAD_ID = /[\s\p{Cc}\p{Cs}]/u;

export function isValidId(id: string): boolean {
  return id.length > 0 && !BAD_ID.test(id);
}

export class DrawInputError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`invalid draw inputs: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? ' …' : ''}`);
    this.name = 'DrawInputError';
  }
}

/**
 * Drops facts that are not inputs: hearts, ranks and tokens of members who are not receivers
 * (offspring advise their parent; their hearts never enter a draw) and facts about items outside
 * the pool. Order is kept, so a record still lists inputs as the server gathered them.
 */
export function onlyDrawFacts(inputs: DrawInputs): DrawInputs {
  const receivers = new Set(inputs.receivers);
  const items = new Set(inputs.items.map((item) => item.id));
  const keep = (fact: readonly [string, string, ...unknown[]]): boolean =>
    receivers.has(fact[0]) && items.has(fact[1]);
  return {
    receivers: inputs.receivers,
    items: inputs.items,
    interests: inputs.interests.filter(keep),
    rankings: inputs.rankings.filter(keep),
    tokens: inputs.tokens.filter(keep),
  };
}

/** The same estate with only `itemIds` left in the pool (later steps never see assigned items). */
export function restrictPool(inputs: DrawInputs, keepItem: (itemId: string) => boolean): DrawInputs {
  const onItem = (fact: readonly [string, string, ...unknown[]]): boolean => keepItem(fact[1]);
  return {
    receivers: inputs.receivers,
    items: inputs.items.filter((item) => keepItem(item.id)),
    interests: inputs.interests.filter(onItem),
    rankings: inputs.rankings.filter(onItem),
    tokens: inputs.tokens.filter(onItem),
  };
}
