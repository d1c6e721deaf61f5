/**
 * How much of the draws a member sees (distribution.md, "Privacy of inputs"). Full records (every
 * receiver's inputs, the order, everyone's rank, round, pick and token counts) are for trustees and
 * observers, and for everyone once the trustee publishes them after stage 40. Until then, another
 * person's assignment shows its receiver and plain reason only.
 */
import { can, type Actor } from '../permissions.js';
import { Stage } from '../stages.js';

export function seesFullRecords(actor: Actor, published: boolean): boolean {
  return can('draw.viewFull', actor) || (published && actor.stage >= Stage.AssignmentCompleted);
}

/**
 * The details of an assignment as `actor` may see them: their own, or anyone's with full records,
 * whole; someone else's without the numbers (rank, round, pick, tokens, tied), keeping the words
 * (a directive's clause, a return's note), which say nothing about anyone's choices.
 */
export function assignmentDetailFor(
  detail: Record<string, unknown> | null,
  view: { own: boolean; full: boolean },
): Record<string, unknown> | null {
  if (detail === null || view.own || view.full) return detail;
  const words = Object.entries(detail).filter(([, value]) => typeof value === 'string');
  return words.length > 0 ? Object.fromEntries(words) : null;
}
