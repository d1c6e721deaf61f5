/**
 * The item grid's geometry. It lives apart from the list so that the page's early start (in the
 * app's first file) can tell how many photos the first row shows without loading the list's code.
 */
export const GRID_GAP = 12;
const MIN_CARD = 160;

/** How many cards one row of the grid holds when the list is `width` pixels wide (two at least). */
export function gridColumns(width: number): number {
  return Math.max(2, Math.floor((width + GRID_GAP) / (MIN_CARD + GRID_GAP)));
}
