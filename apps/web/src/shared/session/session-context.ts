import { createContext, useContext } from 'react';
import type { Me } from '@estate/domain/schemas/account';

export type SessionStatus = 'restoring' | 'guest' | 'signed-in';

export type Credentials = { email: string; password: string };

export type SessionValue = {
  /** 'restoring' while the refresh cookie and the first-run check are being read. */
  status: SessionStatus;
  me: Me | null;
  /** The idle lock is on: every page but the lock screen is hidden until the password is given. */
  locked: boolean;
  /** No account exists yet: the first-run screen creates the admin. */
  needsSetup: boolean;
  signIn: (credentials: Credentials) => Promise<Me>;
  /** Signs in with a one-time link from a mail (`/pages/auth/link?token=…`). */
  signInWithLink: (token: string) => Promise<Me>;
  signOut: () => Promise<void>;
  lock: () => void;
  unlock: (password: string) => Promise<void>;
  setupDone: () => void;
  /** Reads GET /api/me again (after a change to the profile, memberships or settings). */
  reloadMe: () => Promise<Me | null>;
  /** Changes the local copy of /api/me at once (optimistic updates, live events). */
  updateMe: (change: (me: Me) => Me) => void;
};

export const SessionContext = createContext<SessionValue | null>(null);

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
