import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { call, useHarness } from '../test/harness.js';

// A built web app as `vite build` leaves it: hashed assets with their Brotli and gzip copies.
const webDist = mkdtempSync(path.join(tmpdir(), 'estate-web-dist-'));
const script = `export const greeting = ${JSON.stringify('Welcome home. '.repeat(200))};\n`;
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><title>Estate Portal</title><div id="root"></div>',
);
writeFileSync(path.join(webDist, 'assets', 'index-Abc123.js'), script);
writeFileSync(path.join(webDist, 'assets', 'index-Abc123.js.br'), brotliCompressSync(script));
writeFileSync(path.join(webDist, 'assets', 'index-Abc123.js.gz'), gzipSync(script));
// The item list's copy of the page, naming its code (apps/web/scripts/page-preloads-plugin.ts).
mkdirSync(path.join(webDist, 'pages'));
writeFileSync(
  path.join(webDist, 'pages', 'items.html'),
  '<!doctype html><title>Estate Portal</title><link rel="modulepreload" href="/assets/items-page-Def456.js"><div id="root"></div>',
);
writeFileSync(
  path.join(webDist, 'page-preloads.json'),
  JSON.stringify({
    routes: [
      { page: 'items', paths: ['/p/:pid/i', '/p/:pid/l/:lid/r/:rid/i'], html: 'pages/items.html' },
      // Never a file outside the build's pages.
      { page: 'escape', paths: ['/escape'], html: '../secret.html' },
    ],
  }),
);

describe('the web app files', () => {
  const h = useHarness({ WEB_DIST: webDist });
  const get = (url: string, acceptEncoding?: string) =>
    call(h, 'GET', url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends the Brotli copy to a browser that accepts it, cached for good', async () => {
    const res = await get('/assets/index-Abc123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    expect(res.rawPayload.length).toBeLessThan(script.length / 4);
  });

  it('sends the gzip copy when Brotli is not accepted, and the file itself when neither is', async () => {
    const gz = await get('/assets/index-Abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-Abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers a page address with the app, never from a cache', async () => {
    const res = await get('/p/some-estate/i', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    // (This build has no compressed copy of the page: it is compressed as it is sent.)
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<div id="root">');
  });

  it("sends the item list's addresses the copy of the page that names the list's code", async () => {
    const preloads = (body: string) => body.includes('rel="modulepreload"');
    for (const url of ['/p/some-estate/i', '/p/some-estate/i/', '/p/e/l/kitchen/r/shelf/i?view=grid']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(preloads(res.body), url).toBe(true);
    }
    for (const url of ['/p/some-estate/i/an-item', '/p/some-estate/l/', '/login', '/escape', '/x/p/e/i']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(preloads(res.body), url).toBe(false);
      expect(res.body, url).toContain('<div id="root">');
    }
  });
});

describe('a web app built after the server started', () => {
  const later = mkdtempSync(path.join(tmpdir(), 'estate-web-later-'));
  const h = useHarness({ WEB_DIST: later });

  it('is served once its files are there, without a restart', async () => {
    const before = await call(h, 'GET', '/p/some-estate/i');
    expect(before.statusCode).toBe(404);
    expect(before.json().error.code).toBe('not_found');
    expect((await call(h, 'GET', '/')).statusCode).toBe(404);

    writeFileSync(path.join(later, 'index.html'), '<!doctype html><title>Estate Portal</title><div id="root"></div>');
    for (const url of ['/', '/p/some-estate/i', '/login']) {
      const res = await call(h, 'GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">');
    }
    // The API's own unknown addresses stay JSON.
    expect((await call(h, 'GET', '/api/no-such-thing')).json().error.code).toBe('not_found');
  });
});
