import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Settings } from '@estate/domain/schemas/account';
import type { MeUpdateAnswer } from '@estate/domain/schemas/me';
import { api } from '../api/client';
import { i18n, loadLanguage } from '../i18n/i18n';
import { notify } from '../ui/notify';
import { useSession } from '../session/session-context';
import { SettingsContext, type SettingsValue } from './settings-context';
import { DEFAULT_SETTINGS } from '@estate/domain/settings';
import { portableSettings, readGuestSettings, writeGuestSettings } from './guest-settings';

/**
 * A profile nobody has set up yet: its look is the defaults' (registration saves only the page's
 * language and its direction, and joining an estate chooses it), so a guest's choices may fill it.
 */
function sameSettings(a: Partial<Settings>, b: Partial<Settings>): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function freshProfile(settings: Settings): boolean {
  const look = (s: Settings) => JSON.stringify({ ...portableSettings(s), language: null, direction: null });
  return look(settings) === look(DEFAULT_SETTINGS);
}

/**
 * Theme, layout and language settings: the profile's when signed in (saved with PATCH /api/me),
 * this browser's for guests. Also sets `lang` and `dir` on <html>.
 */
export function SettingsProvider({ children }: { children: ReactNode }) {
  const { status, me, updateMe, reloadMe } = useSession();
  const [guest, setGuest] = useState(readGuestSettings);
  const signedIn = status === 'signed-in' && me !== null;
  const settings = signedIn ? me.settings : guest.settings;

  const save = useCallback(
    async (patch: Partial<Settings>) => {
      try {
        const answer = await api<MeUpdateAnswer>('/api/me', { method: 'PATCH', body: { settings: patch } });
        if (answer?.settings)
          updateMe((old) => ({ ...old, user: answer.user ?? old.user, settings: answer.settings }));
      } catch {
        notify(i18n.t('settings.saveFailed'), 'error');
        await reloadMe().catch(() => null);
      }
    },
    [updateMe, reloadMe],
  );

  const update = useCallback(
    (patch: Partial<Settings>) => {
      if (signedIn) {
        updateMe((old) => ({ ...old, settings: { ...old.settings, ...patch } }));
        void save(patch);
      } else {
        setGuest((old) => {
          const next = { ...old.settings, ...patch };
          writeGuestSettings(next);
          return { settings: next, chosen: true };
        });
      }
    },
    [signedIn, updateMe, save],
  );

  // A person who chose e.g. Arabic before signing up (or in to a fresh profile) keeps that choice,
  // direction included, from the first page on.
  const previousStatus = useRef(status);
  useEffect(() => {
    const was = previousStatus.current;
    previousStatus.current = status;
    if (
      was === 'guest' &&
      status === 'signed-in' &&
      me &&
      guest.chosen &&
      freshProfile(me.settings) &&
      !sameSettings(portableSettings(guest.settings), portableSettings(me.settings))
    ) {
      update(portableSettings(guest.settings));
    }
  }, [status, me, guest, update]);

  // Language and direction apply to the whole document.
  useEffect(() => {
    void loadLanguage(settings.language);
  }, [settings.language]);

  useEffect(() => {
    const html = document.documentElement;
    html.setAttribute('lang', settings.language);
    html.setAttribute('dir', settings.direction);
  }, [settings.language, settings.direction]);

  const value = useMemo<SettingsValue>(() => ({ settings, update }), [settings, update]);
  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}
