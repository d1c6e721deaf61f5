import { Navigate } from 'react-router';

/** The seed's guest-only /callback: nothing to finish here, so it goes on to sign-in. */
export function CallbackPage() {
  return <Navigate to="/login" replace />;
}
