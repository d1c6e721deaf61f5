/**
 * The house mark, drawn in three places from this one description: the app (AppLogo), and in
 * `index.html` the tab's icon and the first screen shown before any code has come (ADR 0031;
 * scripts/house-mark-plugin.ts writes those two into the page at build time).
 *
 * Plain data with no imports: vite.config.ts reads it too.
 */
export const HOUSE_MARK = {
  viewBox: '0 0 64 64',
  /** The square's corner radius, in the viewBox's units. */
  radius: 14,
  /** The theme's primary colour (themes.ts). */
  background: '#1d5a6c',
  house: 'M14 32 32 16l18 16v16a2 2 0 0 1-2 2H38V38H26v12H16a2 2 0 0 1-2-2z',
} as const;

/** The mark as SVG markup, for the HTML page. */
export function houseMarkSvg(attributes = ''): string {
  const { viewBox, radius, background, house } = HOUSE_MARK;
  return `<svg viewBox="${viewBox}"${attributes}><rect width="64" height="64" rx="${radius}" fill="${background}"/><path d="${house}" fill="#fff"/></svg>`;
}
