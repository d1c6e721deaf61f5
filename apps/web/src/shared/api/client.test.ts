import { describe, expect, it, vi } from 'vitest';
import { api, fileNameOf, onSessionSignal, prefetch, setAccessToken } from './client';
import { apiError, json, mockFetch } from '../../test/fetch-mock';

describe('API client', () => {
  it('sends the bearer token and parses JSON', async () => {
    setAccessToken('abc');
    const net = mockFetch({ 'GET /api/me': { ok: 1 } });
    await expect(api('/api/me')).resolves.toEqual({ ok: 1 });
    expect(net.calls[0]?.headers.get('Authorization')).toBe('Bearer abc');
  });

  it("answers a page's first read from the one started early, once, and never a write", async () => {
    setAccessToken('abc');
    const net = mockFetch({ 'GET /api/estates/e1/labels': { labels: [] } });
    prefetch(['/api/estates/e1/labels']);
    await expect(api('/api/estates/e1/labels')).resolves.toEqual({ labels: [] });
    expect(net.find('GET', '/api/estates/e1/labels')).toHaveLength(1);
    // Taken once: the next read asks again.
    await api('/api/estates/e1/labels');
    expect(net.find('GET', '/api/estates/e1/labels')).toHaveLength(2);
    // Nothing is read early without a session, and signing out drops what was read.
    prefetch(['/api/estates/e1/labels']);
    setAccessToken(null);
    prefetch(['/api/estates/e1/labels']);
    expect(net.find('GET', '/api/estates/e1/labels')).toHaveLength(3);
  });

  it("starts the first row's photos of an early list as soon as it arrives, and the page still reads the list", async () => {
    setAccessToken('abc');
    const list = {
      items: [
        { id: 'a', thumbUrl: '/api/estates/e1/photos/p1/thumb?expires=1&sig=x' },
        { id: 'b', thumbUrl: null },
        { id: 'c', thumbUrl: '/api/estates/e1/photos/p3/thumb?expires=1&sig=y' },
        { id: 'd', thumbUrl: '/api/estates/e1/photos/p4/thumb?expires=1&sig=z' },
      ],
    };
    mockFetch({ 'GET /api/estates/e1/items': list });
    const asked: string[] = [];
    const src = vi.spyOn(HTMLImageElement.prototype, 'src', 'set').mockImplementation((url: string) => {
      asked.push(url);
    });
    try {
      prefetch(['/api/estates/e1/items?limit=60'], { path: '/api/estates/e1/items?limit=60', count: 3 });
      await expect(api('/api/estates/e1/items?limit=60')).resolves.toEqual(list);
      await vi.waitFor(() => expect(asked).toHaveLength(2));
      // The first three items: the one without a photo has none to load.
      expect(asked).toEqual([list.items[0]?.thumbUrl, list.items[2]?.thumbUrl]);
      // A read nobody started early loads nothing.
      prefetch([], { path: '/api/estates/e2/items?limit=60', count: 3 });
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(asked).toHaveLength(2);
    } finally {
      src.mockRestore();
    }
  });

  it('refreshes once on token_expired and retries', async () => {
    setAccessToken('old');
    let first = true;
    const net = mockFetch({
      'GET /api/me': (request) => {
        if (first) {
          first = false;
          return apiError(401, 'token_expired');
        }
        return json(200, { token: request.headers.get('Authorization') });
      },
      'POST /api/auth/refresh': { accessToken: 'new' },
    });
    await expect(api('/api/me')).resolves.toEqual({ token: 'Bearer new' });
    expect(net.find('POST', '/api/auth/refresh')).toHaveLength(1);
  });

  it('ends the session on 401 unauthenticated ("Invalid access")', async () => {
    setAccessToken('t');
    mockFetch({ 'GET /api/me': apiError(401, 'unauthenticated') });
    const signal = vi.fn();
    const off = onSessionSignal(signal);
    await expect(api('/api/me')).rejects.toMatchObject({ status: 401, code: 'unauthenticated' });
    expect(signal).toHaveBeenCalledWith('invalid');
    off();
  });

  it('reports an expired session when the refresh fails', async () => {
    setAccessToken('t');
    mockFetch({
      'GET /api/me': apiError(401, 'token_expired'),
      'POST /api/auth/refresh': apiError(401, 'unauthenticated'),
    });
    const signal = vi.fn();
    const off = onSessionSignal(signal);
    await expect(api('/api/me')).rejects.toMatchObject({ code: 'token_expired' });
    expect(signal).toHaveBeenCalledWith('expired');
    off();
  });

  it('turns error bodies into ApiError with fields', async () => {
    mockFetch({ 'POST /api/x': apiError(400, 'invalid_input', 'Bad', { name: 'Too long' }) });
    await expect(api('/api/x', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 400,
      code: 'invalid_input',
      fields: { name: 'Too long' },
    });
  });

  it('names a download as the server did, never as a path', () => {
    expect(fileNameOf('attachment; filename="estate-of-rose-items-2026-11-21.csv"')).toBe(
      'estate-of-rose-items-2026-11-21.csv',
    );
    expect(fileNameOf('inline; filename="../../etc/passwd"')).toBe('..-..-etc-passwd');
    expect(fileNameOf('attachment')).toBeUndefined();
    expect(fileNameOf(null)).toBeUndefined();
  });
});
