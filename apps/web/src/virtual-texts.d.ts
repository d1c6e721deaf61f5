/** The texts of each language in one file (scripts/texts-plugin.ts). */
declare module 'virtual:texts' {
  /** Where each language's texts file is: `{ [namespace]: texts }`. */
  export const TEXT_URLS: Record<import('@estate/domain/settings').Language, string>;
  /** The namespaces every texts file holds. */
  export const NAMESPACES: readonly string[];
}
