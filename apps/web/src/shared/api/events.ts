/**
 * Server-sent events (`GET /api/events`) over fetch, so the bearer token travels in a header
 * (product.md: no credentials in URLs or custom identity headers). Reconnects with a growing pause;
 * gives up after more than 1000 errors (seed), on a `close` event, or when the endpoint does not
 * exist or the session ends. A missing endpoint never breaks the app.
 */
import { fetchEventSource, EventStreamContentType } from '@microsoft/fetch-event-source';
import { getAccessToken, refreshAccessToken } from './client';

export type ServerEvent =
  /** A move, or (with `job`) slow work a move set off has finished: the stage is the same. */
  | { type: 'stage'; data: { estateId: string; stage: number; job?: string } }
  | {
      type: 'notification';
      data: { message?: string; variant?: 'success' | 'warning' | 'error' | 'info'; kind?: string; stage?: number; dueAt?: string };
    }
  | { type: 'other'; name: string; data: unknown };

export const MAX_STREAM_ERRORS = 1000;

class Retry extends Error {}
class Stop extends Error {}

function parse(name: string, raw: string): ServerEvent | null {
  let data: unknown;
  try {
    data = raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
  if (name === 'stage' && data && typeof data === 'object') {
    const { estateId, stage, job } = data as { estateId?: unknown; stage?: unknown; job?: unknown };
    if (typeof estateId === 'string' && typeof stage === 'number')
      return { type: 'stage', data: { estateId, stage, ...(typeof job === 'string' ? { job } : {}) } };
    return null;
  }
  if (name === 'notification' && data && typeof data === 'object') {
    return { type: 'notification', data: data };
  }
  return { type: 'other', name, data };
}

/** Opens the stream; returns a function that closes it. */
export function openEventStream(onEvent: (event: ServerEvent) => void): () => void {
  const controller = new AbortController();
  let errors = 0;

  const run = async () => {
    const token = getAccessToken();
    if (!token) return;
    await fetchEventSource('/api/events', {
      signal: controller.signal,
      headers: { Accept: EventStreamContentType },
      credentials: 'same-origin',
      openWhenHidden: true,
      // The token is read at every (re)connection, so a refreshed token is used.
      fetch: (input, init) =>
        fetch(input, {
          ...init,
          headers: {
            ...(init?.headers as Record<string, string>),
            Authorization: `Bearer ${getAccessToken() ?? token}`,
          },
        }),
      onopen: async (response) => {
        const type = response.headers.get('content-type') ?? '';
        if (response.ok && type.includes(EventStreamContentType)) {
          errors = 0;
          return;
        }
        if (response.status === 401) {
          const refreshed = await refreshAccessToken();
          if (refreshed.ok) throw new Retry('token refreshed');
        }
        // 404 (not there yet), 401 without a session, or anything that is not an event stream.
        throw new Stop(`event stream unavailable (${response.status})`);
      },
      onmessage: (message) => {
        const name = message.event || 'message';
        if (name === 'close') throw new Stop('closed by server');
        const event = parse(name, message.data);
        if (event) onEvent(event);
      },
      onclose: () => {
        // The server ended the response: reconnect.
        throw new Retry('stream ended');
      },
      onerror: (error: unknown) => {
        if (error instanceof Stop) throw error;
        errors += 1;
        if (errors > MAX_STREAM_ERRORS) throw new Stop('too many errors');
        return Math.min(1000 * 2 ** Math.min(errors, 5), 30_000);
      },
    });
  };

  run().catch(() => {
    // Stopped on purpose, or the endpoint is not there: the app works without live updates.
  });
  return () => controller.abort();
}
