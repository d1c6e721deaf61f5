import { describe, expect, it } from 'vitest';
import { call, useHarness } from '../test/harness.js';
import { createUser } from '../test/factories.js';
import { safeUrl } from './logging.js';

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
    expect(res.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
  });

  it('answers malformed JSON and wrong ids with 400, never 500', async () => {
    const user = await createUser(h);
    const broken = await h.app.inject({ method: 'POST', url: '/api/estates', headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' }, payload: '{"name": ' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBe('validation_failed');
    const badId = await call(h, 'GET', '/api/estates/not-a-uuid', { as: user });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.fields).toHaveProperty('eid');
    const wrongType = await h.app.inject({ method: 'POST', url: '/api/estates', headers: { authorization: `Bearer ${user.token}`, 'content-type': 'text/plain' }, payload: 'hello' });
    expect(wrongType.statusCode).toBe(415);
  });

  it('publishes the OpenAPI document at /api/docs', async () => {
    const res = await call(h, 'GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/estates/{eid}/invitations', '/api/health']));
    expect((await call(h, 'GET', '/api/docs')).statusCode).toBeLessThan(400);
  });

  it('keeps tokens out of logged URLs', () => {
    expect(safeUrl('/api/invitations/abcDEF123/accept')).toBe('/api/invitations/[token]/accept');
    expect(safeUrl('/invite/abcDEF123')).toBe('/invite/[token]');
    expect(safeUrl('/pages/auth/reset-password?token=secret')).toBe('/pages/auth/reset-password');
  });
});
