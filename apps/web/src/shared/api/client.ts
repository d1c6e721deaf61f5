/**
 * The API client. The access token lives only in this module's memory; the refresh token is an
 * httpOnly cookie the browser sends to /api/auth/refresh. A 401 `token_expired` refreshes once and
 * retries; a 401 `unauthenticated` (or a failed refresh) tells the session to end.
 */
import type { Me } from '@estate/domain/schemas/account';
import { ApiError, networkError, toApiError } from './api-error';

export type SessionSignal = 'invalid' | 'expired';

let accessToken: string | null = null;
let refreshing: Promise<RefreshResult> | null = null;
const listeners = new Set<(signal: SessionSignal) => void>();

export function getAccessToken(): string | null {
  return accessToken;
}

export function setAccessToken(token: string | null): void {
  accessToken = token;
  if (!token) early.clear();
}

/**
 * GETs started before their page asks (a page load starts its page's first reads as soon as the
 * session is restored, while the page's code is still downloading). The page's own first `api()`
 * call for the same path takes the answer instead of asking again; unused ones expire.
 */
const early = new Map<string, { at: number; response: Promise<Response> }>();
const EARLY_MS = 20_000;

/**
 * Starts `paths`; with `photos`, also the first `count` photos (`items[].thumbUrl`) of the answer to
 * `photos.path` (one of them) as soon as it arrives, so that they download while the page's code
 * renders it instead of after it (the first row's photo is the item list's largest paint). The
 * page's own <img> for the same address then shows the image already loaded into the document.
 */
export function prefetch(paths: readonly string[], photos?: { path: string; count: number }): void {
  if (!accessToken) return;
  for (const path of paths) {
    if (early.has(path)) continue;
    const response = send(path, {});
    response.catch(() => undefined);
    early.set(path, { at: Date.now(), response });
  }
  const list = photos && early.get(photos.path);
  if (list) loadFirstPhotos(list.response, photos.count);
}

/** Photos asked for early, held until they have arrived (a pending `Image` must not be collected). */
const earlyPhotos = new Set<HTMLImageElement>();

function loadFirstPhotos(response: Promise<Response>, count: number): void {
  // Registered as the answer is asked for, before the page's own reaction: it copies the body
  // before the page reads it.
  void response
    .then((response) => (response.ok ? response.clone().json() : null))
    .then((answer: unknown) => {
      for (const url of firstPhotoUrls(answer, count)) {
        const image = new Image();
        image.fetchPriority = 'high';
        image.decoding = 'async';
        const done = () => earlyPhotos.delete(image);
        image.onload = done;
        image.onerror = done;
        earlyPhotos.add(image);
        image.src = url;
      }
    })
    .catch(() => undefined);
}

function firstPhotoUrls(answer: unknown, count: number): string[] {
  const items: unknown = answer && typeof answer === 'object' ? (answer as { items?: unknown }).items : null;
  if (!Array.isArray(items)) return [];
  return items
    .slice(0, count)
    .map((item: unknown) =>
      item && typeof item === 'object' ? (item as { thumbUrl?: unknown }).thumbUrl : null,
    )
    .filter((url): url is string => typeof url === 'string' && url.startsWith('/api/'));
}

function takeEarly(path: string, options: RequestOptions): Promise<Response> | undefined {
  const found = early.get(path);
  if (!found) return undefined;
  early.delete(path);
  const plain = (options.method ?? 'GET') === 'GET' && options.auth !== false && !options.headers;
  return plain && Date.now() - found.at < EARLY_MS ? found.response : undefined;
}

/** The session provider listens here to clear itself when the server stops accepting us. */
export function onSessionSignal(listener: (signal: SessionSignal) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function signal(kind: SessionSignal): void {
  for (const listener of listeners) listener(kind);
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Send the bearer token (default true). */
  auth?: boolean;
  signal?: AbortSignal;
  /** Do not end the session on 401 (used by the login and unlock forms). */
  quiet401?: boolean;
  /** Extra request headers (e.g. `If-Match`). */
  headers?: Record<string, string>;
};

/** The language the person reads (set by the i18n set-up): the server answers refusals in it. */
let language: string | null = null;

export function setApiLanguage(lang: string | null): void {
  language = lang;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...(language ? { 'Accept-Language': language } : {}),
    ...options.headers,
  };
  // FormData (file uploads) sets its own multipart content type.
  const form = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !form) headers['Content-Type'] = 'application/json';
  if (options.auth !== false && accessToken) headers.Authorization = `Bearer ${accessToken}`;
  try {
    return await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body:
        options.body === undefined
          ? undefined
          : form
            ? (options.body as FormData)
            : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw networkError(cause);
  }
}

/**
 * Asks for a new access token with the refresh cookie. Concurrent callers share one request.
 * Resolves to null when the server says no (or is unreachable).
 */
export type RefreshResult =
  { ok: true; token: string; me?: Me } | { ok: false; reason: 'denied' | 'network' };

export function refreshAccessToken(): Promise<RefreshResult> {
  refreshing ??= (async (): Promise<RefreshResult> => {
    try {
      const response = await send('/api/auth/refresh', { method: 'POST', auth: false });
      if (!response.ok) return { ok: false, reason: response.status >= 500 ? 'network' : 'denied' };
      const body = (await response.json()) as { accessToken?: unknown; me?: Me };
      if (typeof body.accessToken !== 'string') return { ok: false, reason: 'denied' };
      accessToken = body.accessToken;
      // The answer also carries the /api/me body (an extension of api.md): no second call on load.
      return {
        ok: true,
        token: body.accessToken,
        me: body.me && typeof body.me === 'object' ? body.me : undefined,
      };
    } catch {
      return { ok: false, reason: 'network' };
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

async function parse<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!text) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) {
    // An unknown /api path answered by the SPA fallback or a proxy page: not our API.
    throw new ApiError(404, 'not_found', 'Not an API response');
  }
  return JSON.parse(text) as T;
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return parse<T>(await request(path, options));
}

export type DownloadedFile = { blob: Blob; fileName: string };

/**
 * A file download (export, PDF labels) with the bearer token: the body, and the name the server
 * gave it (`Content-Disposition`), or `fallbackName` when it gave none.
 */
export async function apiFile(
  path: string,
  fallbackName: string,
  options: RequestOptions = {},
): Promise<DownloadedFile> {
  const response = await request(path, { ...options, headers: { Accept: '*/*', ...options.headers } });
  return {
    blob: await response.blob(),
    fileName: fileNameOf(response.headers.get('content-disposition')) ?? fallbackName,
  };
}

/** The file name in a `Content-Disposition` header (`filename*=UTF-8''…` when given, else `filename="…"`). */
export function fileNameOf(disposition: string | null): string | undefined {
  const encoded = disposition && /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  let name = disposition && /filename="([^"]+)"/.exec(disposition)?.[1];
  if (encoded) {
    try {
      name = decodeURIComponent(encoded);
    } catch {
      // A broken encoding: the plain name will do.
    }
  }
  // Never a path: the name is a suggestion for the browser's downloads folder.
  return name ? name.replace(/[/\\]/g, '-') : undefined;
}

async function request(path: string, options: RequestOptions): Promise<Response> {
  const taken = takeEarly(path, options);
  let response = taken ? await taken.catch(() => send(path, options)) : await send(path, options);
  if (response.status === 401 && options.auth !== false) {
    const error = await toApiError(response);
    if (error.code === 'token_expired') {
      const refreshed = await refreshAccessToken();
      if (refreshed.ok) {
        response = await send(path, options);
      } else {
        if (!options.quiet401) signal('expired');
        throw error;
      }
    } else {
      if (!options.quiet401 && accessToken) signal('invalid');
      throw error;
    }
  }
  if (!response.ok) {
    const error = await toApiError(response);
    if (response.status === 401 && !options.quiet401 && accessToken) signal('invalid');
    throw error;
  }
  return response;
}

/** Hands a downloaded file to the browser's downloads, under its name, as a download link would. */
export function saveFile({ blob, fileName }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Some browsers read the file after the click returns: keep the address a while.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
