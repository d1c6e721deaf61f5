/**
 * Which copy of the web app's page an address gets (ADR 0032). The build writes, for the pages a
 * visit most often opens first, a copy of `index.html` that names the page's code for the browser
 * to fetch at once, and `page-preloads.json`, which lists the addresses of each copy (`/p/:pid/i`:
 * a `:name` stands for one part of the path). Every other address gets `index.html`.
 *
 * The list is read again when the build changes it, as the files themselves are (a rebuilt web
 * app is served without a restart). A build without the list, or with one this code cannot read,
 * gets `index.html` everywhere: the copies only make a page faster, never different.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const LIST = 'page-preloads.json';
const INDEX = 'index.html';

type Route = { pattern: RegExp; html: string };

/** `/p/:pid/i` as a pattern for one whole path, with or without a trailing slash. */
function pathPattern(route: string): RegExp {
  const parts = route
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^/${parts.join('/')}/?$`);
}

function readRoutes(file: string): Route[] {
  const { routes } = JSON.parse(readFileSync(file, 'utf8')) as {
    routes: { paths: string[]; html: string }[];
  };
  // Only a copy inside the build's folder, named as the build names them.
  return routes
    .filter(({ html }) => /^pages\/[\w-]+\.html$/.test(html))
    .flatMap(({ paths, html }) => paths.map((route) => ({ pattern: pathPattern(route), html })));
}

/** The file (relative to `webDist`) to send for a page address such as `/p/123/i?view=grid`. */
export function webPages(webDist: string): (url: string) => string {
  const listFile = path.join(webDist, LIST);
  let seen: number | null = null;
  let routes: Route[] = [];
  return (url) => {
    let changed: number | null;
    try {
      changed = statSync(listFile).mtimeMs;
    } catch {
      changed = null;
    }
    if (changed !== seen) {
      seen = changed;
      try {
        routes = changed === null ? [] : readRoutes(listFile);
      } catch {
        routes = [];
      }
    }
    const pathname = url.split(/[?#]/, 1)[0]!;
    return routes.find(({ pattern }) => pattern.test(pathname))?.html ?? INDEX;
  };
}
