/**
 * A fake network for component tests: only `fetch` is replaced, so everything above it (the API
 * client, the session, the pages) runs for real. Routes are "METHOD /path" → handler.
 */
import { vi } from 'vitest';

export type MockRequest = { method: string; path: string; search: string; body: unknown; headers: Headers };
export type MockHandler = (request: MockRequest) => Response | Promise<Response>;

export function json(status: number, body?: unknown): Response {
  if (body === undefined) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function apiError(
  status: number,
  code: string,
  message = code,
  fields?: Record<string, string>,
): Response {
  return json(status, { error: { code, message, ...(fields ? { fields } : {}) } });
}

export function mockFetch(routes: Record<string, MockHandler | Response | object>) {
  const calls: MockRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    let body: unknown = undefined;
    if (typeof init?.body === 'string') {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    }
    const request: MockRequest = {
      method,
      path: url.pathname,
      search: url.search,
      body,
      headers: new Headers(init?.headers),
    };
    calls.push(request);
    const route = routes[`${method} ${url.pathname}`];
    if (route === undefined) return apiError(404, 'not_found');
    if (typeof route === 'function') return (route as MockHandler)(request);
    if (route instanceof Response) return route.clone();
    return json(200, route);
  });
  vi.stubGlobal('fetch', fetchMock);
  // A refresh that succeeds stands for a signed-in browser, which has the session flag (the app only
  // asks to refresh when it is set).
  const refresh = routes['POST /api/auth/refresh'];
  if (refresh !== undefined && !(refresh instanceof Response && !refresh.ok)) window.localStorage.setItem('estate.hadSession', '1');
  return {
    fetchMock,
    calls,
    find: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}
