import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createEstate, createItem, createUser } from '../test/factories.js';
import { call, useHarness } from '../test/harness.js';

describe('compressed answers', () => {
  const h = useHarness();

  it('sends the item list in Brotli (or gzip) to a browser that accepts it, the same JSON once unpacked', async () => {
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee);
    for (let i = 0; i < 12; i++)
      await createItem(h, estateId, trustee, { name: `Blue willow plate ${i + 1}` });
    const url = `/api/estates/${estateId}/items?limit=60`;

    const plain = await call(h, 'GET', url, { as: trustee });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await call(h, 'GET', url, {
      as: trustee,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);

    const gz = await call(h, 'GET', url, { as: trustee, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('never compresses an answer that holds a session token', async () => {
    const person = await createUser(h);
    // Memberships make the answer long enough to be worth compressing, were it not refused.
    for (const name of [
      'Estate of Grandma Rose Whitfield',
      'The Whitfield Family Trust',
      'Estate of Uncle Albert Whitfield',
    ])
      await createEstate(h, person, name);
    const refreshed = await call(h, 'POST', '/api/auth/refresh', {
      as: { cookie: person.cookie },
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.headers['content-encoding']).toBeUndefined();
    expect(refreshed.rawPayload.length).toBeGreaterThan(1024);
    expect(refreshed.json<{ accessToken: string }>().accessToken).toEqual(expect.any(String));

    const login = await call(h, 'POST', '/api/auth/login', {
      body: { email: person.email, password: 'Quiet-Harbour-1947' },
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['content-encoding']).toBeUndefined();
  });
});
