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
});
