/**
 * The per-estate number printed on labels: 42 → "A-0042". The same as `itemLabel` in
 * @estate/domain/items (a test keeps them equal), without that module's schemas, so a page that
 * only shows numbers does not load the validation library (ADR 0004).
 */
export function itemLabel(number: number): string {
  return `A-${String(number).padStart(4, '0')}`;
}
