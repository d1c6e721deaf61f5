import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../shared/session/session-context';
import { setRedirectUrl } from '../shared/session/redirect-url';
import { useSettings } from '../shared/settings/settings-context';
import { LOCK_PATH } from './route-access';

const EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

/** Locks the session after `settings.idleLockMinutes` without any input (0 = never). */
export function IdleLock() {
  const { settings } = useSettings();
  const { lock, locked } = useSession();
  const navigate = useNavigate();
  const minutes = settings.idleLockMinutes;

  useEffect(() => {
    if (!minutes || locked) return;
    const limit = minutes * 60_000;
    let last = Date.now();
    const touch = () => {
      last = Date.now();
    };
    for (const name of EVENTS) window.addEventListener(name, touch, { passive: true, capture: true });
    const timer = window.setInterval(() => {
      if (Date.now() - last >= limit) {
        setRedirectUrl(`${window.location.pathname}${window.location.search}`);
        lock();
        void navigate(LOCK_PATH, { replace: true });
      }
    }, 15_000);
    return () => {
      window.clearInterval(timer);
      for (const name of EVENTS) window.removeEventListener(name, touch, { capture: true });
    };
  }, [minutes, locked, lock, navigate]);

  return null;
}
