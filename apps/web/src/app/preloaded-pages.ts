/**
 * The pages whose code the app's HTML names for the browser to fetch at once (ADR 0032). For these
 * addresses the server sends a copy of `index.html` with `<link rel="modulepreload">` for the
 * signed-in frame and the page (scripts/page-preloads-plugin.ts writes the copies at build time),
 * so a phone downloads them beside the entry file instead of after it has arrived and started.
 * Only pages a visit opens first, and only behind sign-in: anyone else would download code their
 * sign-in page does not need. `paths` are ROUTES' own (a test checks that each shows `page` in
 * the frame); `modules` are source files, relative to apps/web.
 *
 * Plain data with no imports: vite.config.ts reads it too.
 */
export const SHELL_MODULE = 'src/app/layout/app-shell.tsx';
export const ITEMS_PAGE_MODULE = 'src/features/catalogue/pages/items-page.tsx';

export type PreloadedPage = {
  /** The page's key in route-table.tsx's PAGES. */
  page: string;
  paths: readonly string[];
  modules: readonly string[];
};

export const PRELOADED_PAGES: readonly PreloadedPage[] = [
  // The item list: the page most visits open first (issue 15 measures its first load).
  {
    page: 'items',
    paths: ['/p/:pid/i', '/p/:pid/l/:lid/r/:rid/i'],
    modules: [SHELL_MODULE, ITEMS_PAGE_MODULE],
  },
  // An item's page: where a message about an item leads.
  {
    page: 'itemDetail',
    paths: ['/p/:pid/i/:iid'],
    modules: [SHELL_MODULE, 'src/features/catalogue/pages/item-detail-page.tsx'],
  },
];
