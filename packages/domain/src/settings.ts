/**
 * Interface settings: allowed values and defaults (seed section 9). No zod here, so the web app's
 * first page can import it without loading a validation library; schemas/account.ts validates.
 */
export const LAYOUT_STYLES = ['layout1', 'layout2', 'layout3'] as const;
export const THEMES = ['default', 'mainThemeLight', 'mainThemeDark'] as const;
export const LANGUAGES = ['en', 'tr', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export type LayoutStyle = (typeof LAYOUT_STYLES)[number];
export type ThemeName = (typeof THEMES)[number];

/** The direction each language is written in. */
export const LANGUAGE_DIRECTION: Record<Language, 'ltr' | 'rtl'> = { en: 'ltr', tr: 'ltr', ar: 'rtl' };

/** The direction of a stored language (left to right for anything unknown). */
export function directionOf(language: unknown): 'ltr' | 'rtl' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

export type Settings = {
  layoutStyle: LayoutStyle;
  navbarFolded: boolean;
  navbarPosition: 'left' | 'right';
  direction: 'ltr' | 'rtl';
  language: Language;
  theme: { main: ThemeName; navbar: ThemeName; toolbar: ThemeName; footer: ThemeName };
  /** Dark when this device is set to dark, the chosen theme otherwise ("Same as my device"). */
  followSystem: boolean;
  customScrollbars: boolean;
  animations: boolean;
  /** Larger text everywhere (quick panel). */
  largeText: boolean;
  /** Pop-up notices for new messages and reminders, and reminder mails (quick panel). */
  notifications: boolean;
  shortcuts: string[];
  idleLockMinutes: number;
  currentEstateId: string | null;
};

export const DEFAULT_SETTINGS: Settings = {
  layoutStyle: 'layout1',
  navbarFolded: false,
  navbarPosition: 'left',
  direction: 'ltr',
  language: 'en',
  theme: { main: 'default', navbar: 'mainThemeLight', toolbar: 'mainThemeLight', footer: 'mainThemeDark' },
  followSystem: false,
  customScrollbars: true,
  animations: true,
  largeText: false,
  notifications: true,
  shortcuts: ['todo', 'calendar'],
  idleLockMinutes: 30,
  currentEstateId: null,
};
