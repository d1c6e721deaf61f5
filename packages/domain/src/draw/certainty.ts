/**
 * What a practice draw of step 21 or 31 can promise about the real one. A preview uses a throwaway
 * secret, so who gets which item may differ; but which items the step gives away, and who can get
 * each one, are fixed by the inputs: in step 21 an item goes to one of the receivers who hearted it
 * (in the order the draw picks), in step 31 to one of those who placed the most tokens on it (a tie
 * is drawn). An item with a single such person goes to them whatever the secret.
 */
import type { DrawRecord } from './record.js';

export type Certainty = {
  /** How many items the step gives away (the same in every draw). */
  items: number;
  /** How many of them have only one possible receiver, and so are certain. */
  certain: number;
  /** For each item the step gives away: who can receive it, in id order. */
  pools: { itemId: string; memberIds: string[] }[];
};

/** The part of a step-21 or step-31 record that does not depend on its secret. */
export function drawCertainty(record: DrawRecord): Certainty {
  const given = [...new Set(record.assignments.map((a) => a.itemId))].sort();
  const interested = new Map<string, string[]>();
  for (const [memberId, itemId] of record.inputs.interests) interested.set(itemId, [...(interested.get(itemId) ?? []), memberId]);
  const tokens = new Map(record.inputs.tokens.map(([memberId, itemId, count]) => [`${memberId} ${itemId}`, count]));
  const pools = given.map((itemId) => {
    const wanting = [...new Set(interested.get(itemId) ?? [])].sort();
    if (record.step !== 31) return { itemId, memberIds: wanting };
    const most = Math.max(0, ...wanting.map((m) => tokens.get(`${m} ${itemId}`) ?? 0));
    return { itemId, memberIds: wanting.filter((m) => (tokens.get(`${m} ${itemId}`) ?? 0) === most) };
  });
  return { items: given.length, certain: pools.filter((p) => p.memberIds.length === 1).length, pools };
}
