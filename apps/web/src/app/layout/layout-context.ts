import { createContext, useContext } from 'react';

export type PanelName = 'chat' | 'quick' | 'settings';

export type LayoutValue = {
  /** The navigation drawer on phones and tablets. */
  mobileNavOpen: boolean;
  setMobileNavOpen: (open: boolean) => void;
  panel: PanelName | null;
  openPanel: (panel: PanelName) => void;
  closePanel: () => void;
};

export const LayoutContext = createContext<LayoutValue | null>(null);

export function useLayout(): LayoutValue {
  const value = useContext(LayoutContext);
  if (!value) throw new Error('useLayout must be used inside the app shell');
  return value;
}
