import { expect, it } from 'vitest';
import { useHarness } from '../test/harness.js';

const h = useHarness({ AUTH_RATE_LIMIT_PER_MINUTE: '5' });

it('rate-limits sign-in attempts per address with a clear message', async () => {
  const results: { status: number; code?: string }[] = [];
  for (let i = 0; i < 7; i++) {
    const res = await h.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '10.9.9.9', payload: { email: 'x@example.com', password: 'whatever-123' } });
    results.push({ status: res.statusCode, code: res.json<{ error?: { code: string } }>().error?.code });
  }
  expect(results.slice(0, 5).every((r) => r.status === 401)).toBe(true);
  expect(results[6]).toEqual({ status: 429, code: 'rate_limited' });
  // Another address is not affected.
  const other = await h.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '10.9.9.10', payload: { email: 'x@example.com', password: 'whatever-123' } });
  expect(other.statusCode).toBe(401);
});
