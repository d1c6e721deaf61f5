/** Flags kept in localStorage: not the token, just facts about this browser's session. */

/** This browser had a session, to tell "expired" from "never" (and to start loading the app early). */
export const HAD_SESSION = 'estate.hadSession';
export const LOCKED = 'estate.locked';

export function flag(key: string): boolean {
  try {
    return window.localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

export function setFlag(key: string, on: boolean): void {
  try {
    if (on) window.localStorage.setItem(key, '1');
    else window.localStorage.removeItem(key);
  } catch {
    // storage may be unavailable (private mode); the session still works for this page
  }
}
