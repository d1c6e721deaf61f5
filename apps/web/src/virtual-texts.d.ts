/** The texts of each language in one file (scripts/texts-plugin.ts). */
declare module 'virtual:texts' {
  import type { Language } from '@estate/domain/settings';
  /** Where each language's texts file is: `{ [namespace]: texts }`. */
  export const TEXT_URLS: Record<Language, string>;
  /** The namespaces every texts file holds. */
  export const NAMESPACES: readonly string[];
}
