import { createContext, useContext } from 'react';
import type { Settings } from '@estate/domain/schemas/account';

export type SettingsValue = {
  settings: Settings;
  /** Changes settings at once; saved to the profile when signed in, in this browser for guests. */
  update: (patch: Partial<Settings>) => void;
};

export const SettingsContext = createContext<SettingsValue | null>(null);

export function useSettings(): SettingsValue {
  const value = useContext(SettingsContext);
  if (!value) throw new Error('useSettings must be used inside SettingsProvider');
  return value;
}
