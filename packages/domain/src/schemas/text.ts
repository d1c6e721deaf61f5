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

/** A name or title: trimmed, required, at most `max` characters. */
export function nameText(max: number) {
  return text(max, { trim: true, required: true });
}
