/**
 * The installable, offline app (issue 34): the web app manifest, its icons (drawn from the house
 * mark, src/shared/ui/house-mark.ts) and the service worker `sw.js`, which keeps every file of this
 * build on the phone (so the app's shell and any page open with no network) and the last answer of
 * every read of the API (so the current estate's catalogue shows offline). A hand-written worker:
 * the few rules below are the whole of it, and a new build (new file names) replaces the old copy.
 */
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import { HOUSE_MARK, houseMarkSvg } from '../src/shared/ui/house-mark';

const BACKGROUND = '#f6f4f0';

/** Icons as PNG (what every phone's home screen takes); "maskable" has room around the mark. */
async function icon(size: number, maskable: boolean): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const svg = maskable
    ? `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${HOUSE_MARK.background}"/><g transform="translate(9.6 9.6) scale(0.7)"><path d="${HOUSE_MARK.house}" fill="#fff"/></g></svg>`
    : houseMarkSvg(' xmlns="http://www.w3.org/2000/svg"');
  return sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png()
    .toBuffer();
}

const manifest = {
  name: 'Estate Portal',
  short_name: 'Estate',
  description: "Catalogue and fairly divide a family estate's belongings.",
  start_url: '/',
  scope: '/',
  display: 'standalone',
  background_color: BACKGROUND,
  theme_color: HOUSE_MARK.background,
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

/**
 * The worker. Files of the build: kept at install, served from the phone (they never change: their
 * names carry their hash). Pages: from the network, else the kept app page. API reads: from the
 * network, kept as they arrive, the kept copy when offline (never the sign-in, the live events or
 * another origin). Writes always go to the network: the app's offline queue keeps them.
 */
export function serviceWorkerSource(version: string, files: readonly string[]): string {
  return `/* Estate Portal's service worker, build ${version} (apps/web/scripts/offline-app-plugin.ts). */
const VERSION = ${JSON.stringify(version)};
const FILES = ${JSON.stringify(files.map((f) => `/${f}`))};
const APP = 'app-' + VERSION;
const DATA = 'estate-data';
const PAGE = '/index.html';

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(APP).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith('app-') && n !== APP).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

// Signing out forgets what was kept of the estate's answers on this phone.
self.addEventListener('message', (event) => {
  if (event.data === 'forget-estate-data') event.waitUntil(caches.delete(DATA));
});

/** Files and links signed for an hour: the same file under a new signature is the same file. */
const SIGNED = /^\\/api\\/(estates\\/[^/]+\\/(photos|stories)\\/|avatars\\/)/;
const NEVER = /^\\/api\\/(auth|events|setup|docs)(\\/|$)/;

async function fromNetworkElseKept(request, keyOptions) {
  const cache = await caches.open(DATA);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(request, keyOptions);
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if ((request.headers.get('accept') || '').includes('text/event-stream')) return;
  if (url.pathname.startsWith('/api/')) {
    if (NEVER.test(url.pathname)) return;
    event.respondWith(fromNetworkElseKept(request, SIGNED.test(url.pathname) ? { ignoreSearch: true } : undefined));
    return;
  }
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.match(PAGE, { cacheName: APP }).then((page) => page || Response.error())));
    return;
  }
  event.respondWith(caches.match(request, { cacheName: APP }).then((kept) => kept || fetch(request)));
});
`;
}

export function offlineAppPlugin(): Plugin {
  return {
    name: 'estate-offline-app',
    apply: 'build',
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'manifest', href: '/manifest.webmanifest' }, injectTo: 'head' },
      { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/icons/icon-192.png' }, injectTo: 'head' },
    ],
    async generateBundle(_options, bundle) {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: JSON.stringify(manifest, null, 2) });
      this.emitFile({ type: 'asset', fileName: 'icons/icon-192.png', source: await icon(192, false) });
      this.emitFile({ type: 'asset', fileName: 'icons/icon-512.png', source: await icon(512, false) });
      this.emitFile({ type: 'asset', fileName: 'icons/maskable-512.png', source: await icon(512, true) });
      // Every file the app may load (code, styles, texts), the page and the icons; not the build's
      // own lists, nor source maps.
      const built = Object.keys(bundle).filter((name) => !name.endsWith('.map') && !name.startsWith('.vite/') && name !== 'page-preloads.json' && !name.startsWith('pages/') && !name.endsWith('.html'));
      // The page (written after this hook) and what was emitted above, by name.
      const files = [...new Set([...built, 'index.html', 'manifest.webmanifest', 'icons/icon-192.png', 'icons/icon-512.png', 'icons/maskable-512.png'])].sort();
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 16);
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: serviceWorkerSource(version, files) });
    },
  };
}
