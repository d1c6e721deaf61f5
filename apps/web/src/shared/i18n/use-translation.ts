/**
 * `useTranslation()` for components: the translate function, re-created (so the component
 * re-renders) when the language changes or more texts arrive. A few lines instead of
 * react-i18next, which keeps the first page lighter.
 */
import { useMemo, useSyncExternalStore } from 'react';
import type { TFunction } from 'i18next';
import { i18n } from './i18n';

let version = 0;
const listeners = new Set<() => void>();

function bump(): void {
  version += 1;
  for (const listener of listeners) listener();
}

i18n.on('languageChanged', bump);
// Texts of another language (English arriving as the fallback) change nothing on screen unless the
// current language lacks that namespace: no re-render of every text then.
i18n.store.on('added', (language, ns) => {
  if (language === i18n.language || !i18n.hasResourceBundle(i18n.language, ns)) bump();
});

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function snapshot(): string {
  return `${version}|${i18n.language}`;
}

/**
 * `ns`: a feature's namespace (its own `locales/<lang>/<ns>.json`), so its keys need no prefix;
 * other namespaces stay reachable as `t('common:…')`. Without it, `common` is the default.
 */
export function useTranslation(ns?: string): { t: TFunction; i18n: typeof i18n } {
  const state = useSyncExternalStore(subscribe, snapshot, snapshot);
  const t = useMemo(() => i18n.getFixedT(state.slice(state.indexOf('|') + 1), ns ?? null), [state, ns]);
  return { t, i18n };
}
