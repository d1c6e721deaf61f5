/**
 * The scoping helper every estate query goes through: an estate table's rows are only ever read
 * or written together with `estate_id = <the estate the caller was authorised for>`.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

export function inEstate(table: { estateId: PgColumn }, estateId: string, ...more: (SQL | undefined)[]): SQL {
  return and(eq(table.estateId, estateId), ...more)!;
}
