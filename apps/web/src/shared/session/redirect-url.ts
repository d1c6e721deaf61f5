/**
 * The seed's "stored redirect URL": where to go after signing in (or after a role redirect).
 * Kept for this tab only, so a shared computer does not carry it to the next person.
 */
const KEY = 'estate.redirectUrl';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Only same-site paths are ever stored or followed (no open redirects). */
export function isSafeRedirect(url: string | null | undefined): url is string {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
}

export function getRedirectUrl(): string | null {
  const value = storage()?.getItem(KEY) ?? null;
  return isSafeRedirect(value) ? value : null;
}

export function setRedirectUrl(url: string | null): void {
  if (url && isSafeRedirect(url)) storage()?.setItem(KEY, url);
  else storage()?.removeItem(KEY);
}

/** Returns the stored URL (or the fallback) and forgets it. */
export function takeRedirectUrl(fallback = '/'): string {
  const value = getRedirectUrl();
  setRedirectUrl(null);
  return value ?? fallback;
}
