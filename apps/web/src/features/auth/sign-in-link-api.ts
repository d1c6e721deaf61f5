/** Sign-in links (api.md "Sign-in links"): asking for one; the session consumes it (session-provider). */
import { api } from '../../shared/api/client';

/** 202 whatever the address: the page says the same either way. */
export const requestSignInLink = (email: string) =>
  api<void>('/api/auth/sign-in-link', { method: 'POST', body: { email }, auth: false });
