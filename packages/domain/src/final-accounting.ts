/**
 * The final accounting's one rule: every item of an estate lands in exactly one group, by what
 * happened to it. Received by a person (with the reason), returned to its owner (Return items
 * only), or set aside because nobody received it, by outcome: donated, sold (with the sale price),
 * to be sold, discarded, kept for a family decision, or not yet decided. Every report file, the
 * archive's records and the pages group items with this function, so they always agree.
 *
 * Money stays apart: "value received" adds the appraised values of received items only; the
 * proceeds add the sale prices of sold items only. An appraised value is never counted as money
 * someone received when the item was sold, given away or thrown away.
 */

/** What the grouping reads of an item (the caller's own item type may carry more). */
export type AccountingItem = {
  /** Item status: unassigned, pending, hold, assigned, unwanted, handed-over. */
  status: string;
  /** "divide" or "return". */
  distribution: string;
  receiverId: string | null;
  /** Why it went where it did: directive, return, only-interested, high-interest, tokens, trustee, unwanted. */
  reason: string | null;
  /** The appraised value (never a sale price). */
  value: number | null;
  currency: string;
  /** The trustee's decision for an item nobody received: donate, sell, discard, family. */
  disposition: string | null;
  salePrice: number | null;
  saleCurrency: string | null;
};

/** What became of an item nobody received, in the order the accounting lists them. */
export const SET_ASIDE_OUTCOMES = ['donated', 'sold', 'for-sale', 'discarded', 'family', 'undecided'] as const;
export type SetAsideOutcome = (typeof SET_ASIDE_OUTCOMES)[number];

export type Amount = { currency: string; amount: number };

export type FinalAccounting<T extends AccountingItem> = {
  /** One group per person who received something, by `order` (the caller's name order). */
  received: { receiverId: string; items: T[]; value: Amount[] }[];
  /** Return items that went back to their owner (a member or someone outside the family). */
  returned: T[];
  /** Items nobody received, by outcome; only outcomes that have items, in `SET_ASIDE_OUTCOMES` order. */
  setAside: { outcome: SetAsideOutcome; items: T[] }[];
  /** Appraised value of everything received, per currency. */
  receivedValue: Amount[];
  /** Sale prices of the sold items, added up per currency. */
  proceeds: Amount[];
};

const RECEIVED_STATUSES = new Set(['assigned', 'handed-over']);

/** Whether an item went back to its owner: a Return item, recorded as a return. */
export function isReturned(item: AccountingItem): boolean {
  return RECEIVED_STATUSES.has(item.status) && (item.reason === 'return' || item.distribution === 'return');
}

/** Whether a person received the item (a Return item going back to a member is a return, not this). */
export function isReceived(item: AccountingItem): boolean {
  return RECEIVED_STATUSES.has(item.status) && item.receiverId !== null && !isReturned(item);
}

/** What became of an item that nobody received. */
export function setAsideOutcome(item: AccountingItem): SetAsideOutcome {
  switch (item.disposition) {
    case 'donate':
      return 'donated';
    case 'sell':
      return item.salePrice === null ? 'for-sale' : 'sold';
    case 'discard':
      return 'discarded';
    case 'family':
      return 'family';
    default:
      return 'undecided';
  }
}

/** Sums per currency, currencies in the order first met. */
export function addUp(amounts: Iterable<{ currency: string; amount: number | null }>): Amount[] {
  const sums = new Map<string, number>();
  for (const a of amounts) if (a.amount !== null) sums.set(a.currency, (sums.get(a.currency) ?? 0) + a.amount);
  // Cents, so that 0.1 + 0.2 reads 0.30.
  return [...sums.entries()].map(([currency, amount]) => ({ currency, amount: Math.round(amount * 100) / 100 }));
}

const appraised = (items: AccountingItem[]) => addUp(items.map((i) => ({ currency: i.currency, amount: i.value })));

/**
 * Groups `items` by what happened. `order` compares two receivers' ids (e.g. by name); without it
 * receivers come in the order first met.
 */
export function finalAccounting<T extends AccountingItem>(items: readonly T[], order?: (a: string, b: string) => number): FinalAccounting<T> {
  const byReceiver = new Map<string, T[]>();
  const returned: T[] = [];
  const setAside = new Map<SetAsideOutcome, T[]>();
  for (const item of items) {
    if (isReturned(item)) returned.push(item);
    else if (isReceived(item)) {
      const list = byReceiver.get(item.receiverId!) ?? [];
      list.push(item);
      byReceiver.set(item.receiverId!, list);
    } else {
      const outcome = setAsideOutcome(item);
      const list = setAside.get(outcome) ?? [];
      list.push(item);
      setAside.set(outcome, list);
    }
  }
  const receivers = [...byReceiver.keys()];
  if (order) receivers.sort(order);
  const received = receivers.map((receiverId) => {
    const list = byReceiver.get(receiverId)!;
    return { receiverId, items: list, value: appraised(list) };
  });
  const sold = setAside.get('sold') ?? [];
  return {
    received,
    returned,
    setAside: SET_ASIDE_OUTCOMES.filter((o) => setAside.has(o)).map((outcome) => ({ outcome, items: setAside.get(outcome)! })),
    receivedValue: appraised(received.flatMap((g) => g.items)),
    proceeds: addUp(sold.map((i) => ({ currency: i.saleCurrency ?? i.currency, amount: i.salePrice }))),
  };
}
