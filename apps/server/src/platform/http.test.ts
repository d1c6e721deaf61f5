import { describe, expect, it } from 'vitest';
import { call, useHarness, type Caller } from '../test/harness.js';
import { createEstate, createItem, createUser } from '../test/factories.js';
import { safeUrl } from './logging.js';
import { isDataException, isForeignKeyViolation } from './http.js';

const h = useHarness();

describe('HTTP platform', () => {
  it('reports health with the database kind', async () => {
    const res = await call(h, 'GET', '/api/health');
    expect(res.json()).toEqual({ status: 'ok', db: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('sends security headers, and no-store on API answers', async () => {
    const res = await call(h, 'GET', '/api/setup');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers unknown API paths with the error shape', async () => {
    const res = await call(h, 'GET', '/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'not_found', reason: 'notFound.address', message: expect.any(String) },
    });
  });

  it('answers malformed JSON and wrong ids with 400, never 500', async () => {
    const user = await createUser(h);
    const broken = await h.app.inject({
      method: 'POST',
      url: '/api/estates',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBe('validation_failed');
    const badId = await call(h, 'GET', '/api/estates/not-a-uuid', { as: user });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.fields).toHaveProperty('eid');
    const wrongType = await h.app.inject({
      method: 'POST',
      url: '/api/estates',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(wrongType.statusCode).toBe(415);
  });

  it('publishes the OpenAPI document at /api/docs', async () => {
    const res = await call(h, 'GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/estates/{eid}/invitations', '/api/health']),
    );
    expect((await call(h, 'GET', '/api/docs')).statusCode).toBeLessThan(400);
  });

  it('keeps tokens out of logged URLs', () => {
    expect(safeUrl('/api/invitations/abcDEF123/accept')).toBe('/api/invitations/[token]/accept');
    expect(safeUrl('/invite/abcDEF123')).toBe('/invite/[token]');
    expect(safeUrl('/pages/auth/reset-password?token=secret')).toBe('/pages/auth/reset-password');
  });
});

/** A JSON body sent as typed (so escapes like \u0000 reach the server as they are written). */
function sendJson(method: 'POST' | 'PATCH' | 'PUT', url: string, as: Caller, json: string) {
  return h.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${as.token}`, 'content-type': 'application/json' },
    payload: json,
  });
}

const STORE_MESSAGE = /cannot be saved/;

describe('text no column can hold (was a 500)', () => {
  it('refuses NUL and lone surrogates anywhere in a JSON body with 400 naming the field', async () => {
    const user = await createUser(h);
    const estateId = await createEstate(h, user);
    const cases: [string, string, string][] = [
      ['POST', '/api/estates', '{"name":"Rose\\u0000"}'],
      ['POST', `/api/estates/${estateId}/items`, '{"name":"Oak Chair","notes":"half \\ud83d of a pair"}'],
      ['POST', `/api/estates/${estateId}/items`, '{"name":"Oak Chair","tags":["ok","\\uDC00"]}'],
      ['PATCH', '/api/me', '{"settings":{"shortcuts":["\\u0000"]}}'],
      // (POST /api/draws/verify takes its body unread, into a worker that re-checks it and stores
      // nothing: draws/verify.ts; the fuzz covers it.)
    ].map(([m, u, b]) => [m!, u!, b!]);
    const fields: string[] = [];
    for (const [method, url, json] of cases) {
      const res = await sendJson(method as 'POST', url, user, json);
      expect(res.statusCode, `${url} ${json} → ${res.body}`).toBe(400);
      const error = res.json().error;
      expect(error.code).toBe('validation_failed');
      const [field, message] = Object.entries(error.fields as Record<string, string>)[0]!;
      expect(message).toMatch(STORE_MESSAGE);
      fields.push(field);
    }
    expect(fields).toEqual(['name', 'notes', 'tags.1', 'settings.shortcuts.0']);
    // Whole pairs (emoji) and a written backslash-u are text like any other.
    const fine = await sendJson('POST', '/api/estates', user, '{"name":"Rose \\ud83c\\udf39 \\\\u0000"}');
    expect(fine.statusCode, fine.body).toBe(201);
    expect(fine.json().estate.name).toBe('Rose \u{1F339} \\u0000');
  });

  it('refuses them in the query string and the path too', async () => {
    const user = await createUser(h);
    const estateId = await createEstate(h, user);
    for (const [url, field] of [
      [`/api/estates/${estateId}/items?q=%00`, 'q'],
      [`/api/estates/${estateId}/items?category=a%00b`, 'category'],
      ['/api/invitations/abcdefghijklmno%00', 'token'],
    ] as const) {
      const res = await call(h, 'GET', url, { as: user });
      expect(res.statusCode, `${url} → ${res.body}`).toBe(400);
      expect(res.json().error.fields[field]).toMatch(STORE_MESSAGE);
    }
    const badEncoding = await call(h, 'GET', `/api/estates/%E0%A4%A/items`, { as: user });
    expect(badEncoding.statusCode).toBe(400);
    expect(badEncoding.json().error).toMatchObject({
      code: 'validation_failed',
      fields: { path: expect.any(String) },
    });
  });
});

describe('odd input answers 4xx naming the field (was a 500)', () => {
  it('decodes the item list cursor by a schema: wrong shape or type is a 400 on cursor', async () => {
    const user = await createUser(h);
    const estateId = await createEstate(h, user);
    const first = await createItem(h, estateId, user, { name: 'Oak Chair' });
    await createItem(h, estateId, user, { name: 'Brass Lamp' });
    const page = await call(h, 'GET', `/api/estates/${estateId}/items?limit=1`, { as: user });
    const next = page.json().nextCursor as string;
    expect(
      (await call(h, 'GET', `/api/estates/${estateId}/items?limit=1&cursor=${next}`, { as: user })).json()
        .items,
    ).toHaveLength(1);

    const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const [sort, bad] of [
      ['number', cursor(['abc', first.id])],
      ['number', cursor([1e300, first.id])],
      ['number', cursor([1, 'not-an-id'])],
      ['number', cursor([{}, first.id])],
      ['name', cursor([5, first.id])],
      ['name', cursor(['a\u0000', first.id])],
      ['-updated', cursor(['yesterday', first.id])],
      ['updated', next],
      ['number', 'not base64 json'],
    ] as const) {
      const res = await call(
        h,
        'GET',
        `/api/estates/${estateId}/items?sort=${sort}&cursor=${encodeURIComponent(bad)}`,
        { as: user },
      );
      expect(res.statusCode, `${sort} ${bad} → ${res.body}`).toBe(400);
      expect(res.json().error.fields).toEqual({ cursor: expect.any(String) });
    }
  });

  it('bounds stage numbers in paths', async () => {
    const user = await createUser(h);
    const estateId = await createEstate(h, user);
    for (const url of [
      `/api/estates/${estateId}/deadlines/99999999999`,
      `/api/estates/${estateId}/participation/99999999999`,
    ]) {
      const res = await call(h, url.includes('deadlines') ? 'DELETE' : 'GET', url, { as: user });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields).toHaveProperty('stage');
    }
  });

  it('answers a broken multipart body with 400 (bad boundary, cut short) on photo upload and import', async () => {
    const user = await createUser(h);
    const estateId = await createEstate(h, user);
    const item = await createItem(h, estateId, user);
    const part =
      '--zzz\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\nName\r\nOak Chair';
    const bodies: [string, string][] = [
      ['multipart/form-data', `${part}\r\n--zzz--\r\n`],
      ['multipart/form-data; boundary=yyy', `${part}\r\n--zzz--\r\n`],
      ['multipart/form-data; boundary=zzz', part],
    ];
    for (const url of [
      `/api/estates/${estateId}/items/${item.id}/photos`,
      `/api/estates/${estateId}/items/import/preview`,
      `/api/estates/${estateId}/items/import`,
    ]) {
      for (const [contentType, payload] of bodies) {
        const res = await h.app.inject({
          method: 'POST',
          url,
          headers: { authorization: `Bearer ${user.token}`, 'content-type': contentType },
          payload,
        });
        expect(res.statusCode, `${url} ${contentType} → ${res.body}`).toBe(400);
        expect(res.json().error).toMatchObject({
          code: 'validation_failed',
          fields: { file: expect.any(String) },
        });
      }
    }
  });

  it('answers an empty JSON body, null, arrays for objects and numbers beyond range with 400', async () => {
    const user = await createUser(h);
    const estateId = await createEstate(h, user);
    const item = await createItem(h, estateId, user);
    for (const [method, url, json] of [
      ['POST', '/api/estates', ''],
      ['POST', '/api/estates', 'null'],
      ['POST', `/api/estates/${estateId}/items`, '[{"name":"Oak Chair"}]'],
      ['POST', `/api/estates/${estateId}/items`, '{"name":"Oak Chair","year":1e309}'],
      ['POST', `/api/estates/${estateId}/items`, '{"name":"Oak Chair","year":12345678901234567890}'],
      ['PUT', `/api/estates/${estateId}/deadlines/2`, '{"dueAt":"+275760-09-13T00:00:00Z"}'],
      ['PUT', `/api/estates/${estateId}/deadlines/2`, '{"dueAt":"2027-02-31T00:00:00Z"}'],
    ] as const) {
      const res = await sendJson(method, url, user, json);
      expect(res.statusCode, `${url} ${json} → ${res.body}`).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    }
    const garbage = await h.app.inject({
      method: 'PATCH',
      url: `/api/estates/${estateId}/items/${item.id}`,
      headers: {
        authorization: `Bearer ${user.token}`,
        'content-type': 'application/json',
        'if-match': 'W/"x", *',
      },
      payload: '{"name":"Oak Table"}',
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().error.fields).toHaveProperty('If-Match');
  });
});

describe('database errors', () => {
  it('knows a value the database refused and a row removed meanwhile, also inside a driver’s wrapping', () => {
    const wrapped = (code: string) =>
      Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('db'), { code }) });
    expect(isDataException(wrapped('22P02'))).toBe(true);
    expect(isForeignKeyViolation(wrapped('23503'))).toBe(true);
    expect(isForeignKeyViolation(wrapped('23505'))).toBe(false);
    expect(isDataException(Object.assign(new Error('pipe'), { code: 'EPIPE' }))).toBe(false);
    expect(isForeignKeyViolation(new Error('plain'))).toBe(false);
  });
});
