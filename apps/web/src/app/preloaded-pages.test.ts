import { describe, expect, it } from 'vitest';
import { PRELOADED_PAGES } from './preloaded-pages';
import { PAGES, ROUTES } from './route-table';

describe('the pages whose code the HTML names (ADR 0032)', () => {
  it("names each page at the site map's own addresses, inside the signed-in frame", () => {
    for (const { page, paths } of PRELOADED_PAGES) {
      expect(Object.keys(PAGES)).toContain(page);
      for (const path of paths) {
        const route = ROUTES.find((candidate) => candidate.path === path);
        expect(route, path).toMatchObject({ frame: 'shell', page });
      }
    }
  });
});
