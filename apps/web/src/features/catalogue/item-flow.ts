/**
 * Going from one item to the next "in the current filter": the item list remembers the order it
 * shows (for this tab only), and an item's page reads its neighbours from it, so 220 items take
 * 220 taps and not 440 pages.
 */
type Flow = { ids: string[]; search: string };

const key = (estateId: string) => `estate.itemFlow.${estateId}`;

export function rememberItemOrder(estateId: string, ids: string[], search: string): void {
  try {
    window.sessionStorage.setItem(key(estateId), JSON.stringify({ ids, search } satisfies Flow));
  } catch {
    // Storage may be full or unavailable; the item page then simply offers the list.
  }
}

function readFlow(estateId: string): Flow | null {
  try {
    const parsed = JSON.parse(window.sessionStorage.getItem(key(estateId)) ?? 'null') as Flow | null;
    return parsed && Array.isArray(parsed.ids) ? parsed : null;
  } catch {
    return null;
  }
}

export type Neighbours = { previous: string | null; next: string | null; position: number; count: number; listPath: string };

/** The items before and after this one in the list last shown, and the way back to that list. */
export function neighboursOf(estateId: string, itemId: string): Neighbours {
  const flow = readFlow(estateId);
  const listPath = `/p/${estateId}/i${flow?.search ?? ''}`;
  const at = flow ? flow.ids.indexOf(itemId) : -1;
  if (!flow || at < 0) return { previous: null, next: null, position: 0, count: 0, listPath };
  return { previous: flow.ids[at - 1] ?? null, next: flow.ids[at + 1] ?? null, position: at + 1, count: flow.ids.length, listPath };
}
