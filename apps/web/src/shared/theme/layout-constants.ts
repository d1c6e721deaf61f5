/** Layout constants from the seed (sections 2 and 9). */
export const NAVBAR_WIDTH = 280;
export const NAVBAR_FOLDED_WIDTH = 64;
export const NAV_ITEM_HEIGHT = 40;
export const CHAT_PANEL_WIDTH = 360;
export const SIDE_PANEL_WIDTH = 320;
export const BOXED_WIDTH = 1280;
export const LAYOUT3_BOXED_WIDTH = 1120;
export const TOOLBAR_HEIGHT = 64;
export const FOOTER_MIN_HEIGHT = 48;
export const FOOTER_MIN_HEIGHT_MD = 64;
export const POPUP_DELAY_MS = 150;
export const SEARCH_MAX_SUGGESTIONS = 10;
export const ANIMATION_MS = 1000;

/** Indent of a navigation item: 40 plus 16 per nesting level, capped at 80; top level 16. */
export function navIndent(level: number): number {
  if (level <= 0) return 16;
  return Math.min(40 + 16 * level, 80);
}
