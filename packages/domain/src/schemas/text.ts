/**
 * Text as every body schema takes it. A person can type anything, except two things no database
 * column can hold: U+0000 (PostgreSQL text refuses it) and half of a UTF-16 surrogate pair (not a
 * character at all; it has no UTF-8 form). Such text is refused with a plain message, never stored
 * mangled and never left to fail in the database.
 */
import { z } from 'zod';

/** A NUL, or a surrogate without its partner (checked per UTF-16 unit, so no `u` flag). */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the text can be stored and shown as it is. */
export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/** The message key for text that cannot be stored (see messages.ts and the web's locales). */
export const UNSTORABLE_TEXT_MESSAGE = 'validation.text';

export type TextOptions = {
  /** Drop spaces at both ends (names, titles, comments); passwords and tokens stay as typed. */
  trim?: boolean;
  /** At least one character (after trimming). */
  required?: boolean;
};

/** A text field of at most `max` characters. */
export function text(max: number, { trim = false, required = false }: TextOptions = {}) {
  const base = trim ? z.string().trim() : z.string();
  const checked = base.refine(isStorableText, { message: UNSTORABLE_TEXT_MESSAGE }).max(max);
  return required ? checked.min(1, { message: 'validation.required' }) : checked;
}

/**
 * Unicode's bidirectional controls: embeddings and overrides (U+202A–U+202E), isolates
 * (U+2066–U+2069), the left-to-right and right-to-left marks (U+200E, U+200F) and the Arabic letter
 * mark (U+061C). In a name they can make "gpj.exe" read as "exe.jpg" or reorder a list's columns;
 * nobody needs them in an item's, document's or place's name (Arabic and Hebrew names read right
 * to left without them), so names keep everything else and lose these.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/** `value` without bidirectional controls (see BIDI_CONTROLS): for names and download file names. */
export function stripBidiControls(value: string): string {
  return value.replace(BIDI_CONTROLS, '');
}

/** Characters that show nothing: white space, zero-width space/joiners, word joiner, BOM, bidi controls. */
const INVISIBLE = /^[\s\u200B-\u200F\u2060\uFEFF\u202A-\u202E\u2066-\u2069\u061C]*$/;

/** True when the text has at least one character that shows (not only spaces or zero-width characters). */
export function hasVisibleText(value: string): boolean {
  return !INVISIBLE.test(value);
}

/**
 * A name or title: bidirectional controls dropped, trimmed, required (something that shows, not
 * only zero-width characters), at most `max` characters.
 */
export function nameText(max: number) {
  return z
    .string()
    .overwrite(stripBidiControls)
    .trim()
    .refine(isStorableText, { message: UNSTORABLE_TEXT_MESSAGE })
    .max(max)
    .min(1, { message: 'validation.required' })
    .refine(hasVisibleText, { message: 'validation.required' });
}
