/**
 * The settings' allowed values and defaults, mirrored from @estate/domain/schemas/account without
 * importing it: that module builds zod schemas when loaded, and the first page must stay small.
 * `settings-constants.test.ts` fails if the two ever differ.
 */
import type { Language, Settings } from '@estate/domain/schemas/account';

export const LAYOUT_STYLES = [
  'layout1',
  'layout2',
  'layout3',
] as const satisfies readonly Settings['layoutStyle'][];
export const THEMES = [
  'default',
  'mainThemeLight',
  'mainThemeDark',
] as const satisfies readonly Settings['theme']['main'][];
export const LANGUAGES = ['en', 'tr', 'ar'] as const satisfies readonly Language[];

export const DEFAULT_SETTINGS: Settings = {
  layoutStyle: 'layout1',
  navbarFolded: false,
  navbarPosition: 'left',
  direction: 'ltr',
  language: 'en',
  theme: { main: 'default', navbar: 'mainThemeLight', toolbar: 'mainThemeLight', footer: 'mainThemeDark' },
  customScrollbars: true,
  animations: true,
  shortcuts: ['todo', 'calendar'],
  idleLockMinutes: 30,
  currentEstateId: null,
};
