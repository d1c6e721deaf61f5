/**
 * Settings kept in this browser for guests (seed: "guests change theme settings locally").
 * Checked by hand, field by field, to keep the validation library off the first page.
 */
import type { Settings } from '@estate/domain/schemas/account';
import { DEFAULT_SETTINGS, LANGUAGES, LAYOUT_STYLES, THEMES } from '@estate/domain/settings';
import { browserLanguage, LANGUAGE_DIRECTION } from '../i18n/i18n';

const KEY = 'estate.settings';

const oneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

/** Keeps only the stored fields that are valid; the rest come from the defaults. */
export function sanitizeSettings(raw: unknown): Partial<Settings> {
  if (!raw || typeof raw !== 'object') return {};
  const r = raw as Record<string, unknown>;
  const out: Partial<Settings> = {};
  if (oneOf(LAYOUT_STYLES, r.layoutStyle)) out.layoutStyle = r.layoutStyle;
  if (typeof r.navbarFolded === 'boolean') out.navbarFolded = r.navbarFolded;
  if (oneOf(['left', 'right'] as const, r.navbarPosition)) out.navbarPosition = r.navbarPosition;
  if (oneOf(['ltr', 'rtl'] as const, r.direction)) out.direction = r.direction;
  if (oneOf(LANGUAGES, r.language)) out.language = r.language;
  if (r.theme && typeof r.theme === 'object') {
    const theme = r.theme as Record<string, unknown>;
    if (
      oneOf(THEMES, theme.main) &&
      oneOf(THEMES, theme.navbar) &&
      oneOf(THEMES, theme.toolbar) &&
      oneOf(THEMES, theme.footer)
    ) {
      out.theme = { main: theme.main, navbar: theme.navbar, toolbar: theme.toolbar, footer: theme.footer };
    }
  }
  if (typeof r.followSystem === 'boolean') out.followSystem = r.followSystem;
  if (typeof r.customScrollbars === 'boolean') out.customScrollbars = r.customScrollbars;
  if (typeof r.animations === 'boolean') out.animations = r.animations;
  if (Array.isArray(r.shortcuts) && r.shortcuts.every((s) => typeof s === 'string' && s.length <= 64)) {
    out.shortcuts = (r.shortcuts as string[]).slice(0, 20);
  }
  return out;
}

export function readGuestSettings(): { settings: Settings; chosen: boolean } {
  try {
    const raw = window.localStorage.getItem(KEY);
    if (raw) return { settings: { ...DEFAULT_SETTINGS, ...sanitizeSettings(JSON.parse(raw)) }, chosen: true };
  } catch {
    // unreadable storage: fall through to defaults
  }
  const language = browserLanguage();
  return {
    settings: { ...DEFAULT_SETTINGS, language, direction: LANGUAGE_DIRECTION[language] },
    chosen: false,
  };
}

export function writeGuestSettings(settings: Settings): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(settings));
  } catch {
    // storage may be unavailable; the change still applies to this page
  }
}

/** The parts of a guest's choices worth carrying into a new profile. */
export function portableSettings(settings: Settings): Partial<Settings> {
  const { language, direction, layoutStyle, theme, followSystem, customScrollbars, animations, navbarFolded } = settings;
  return { language, direction, layoutStyle, theme, followSystem, customScrollbars, animations, navbarFolded };
}
