/**
 * Writes the house mark (src/shared/ui/house-mark.ts) into `index.html`: the tab's icon, as a
 * `data:` address (one request less on a phone's first load, ADR 0031), at `__HOUSE_MARK_ICON__`,
 * and the first screen's mark at `__HOUSE_MARK__`. The app's own AppLogo draws from the same
 * description, so the three cannot drift apart.
 */
import type { Plugin } from 'vite';
import { houseMarkSvg } from '../src/shared/ui/house-mark';

export function houseMarkPlugin(): Plugin {
  // Only what a data: address must escape (`<`, `>`, `#`, `%`), with single quotes inside.
  const svg = houseMarkSvg(' xmlns="http://www.w3.org/2000/svg"').replaceAll('"', "'");
  const icon = `data:image/svg+xml,${svg.replace(/[<>#%]/g, encodeURIComponent)}`;
  return {
    name: 'estate-house-mark',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) =>
        html
          .replace('__HOUSE_MARK_ICON__', icon)
          .replace('__HOUSE_MARK__', houseMarkSvg(' width="48" height="48"')),
    },
  };
}
