/** Every table that holds an estate's data must be tied to its estate by a NOT NULL foreign key. */
import { expect, it } from 'vitest';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from './schema.js';

/** Installation-wide tables: the only ones allowed without estate_id. */
const INSTALLATION_TABLES = new Set(['users', 'refresh_tokens', 'one_time_tokens', 'outbox', 'system', 'estates', 'lesson_progress', 'todo_folders', 'todo_labels', 'personal_todos', 'notes']);

it('gives every estate table estate_id NOT NULL REFERENCES estates', () => {
  const values: unknown[] = Object.values(schema);
  const tables = values.filter((v): v is PgTable => v instanceof PgTable).map((t) => getTableConfig(t));
  expect(tables.length).toBeGreaterThan(5);
  const problems: string[] = [];
  for (const table of tables) {
    if (INSTALLATION_TABLES.has(table.name)) continue;
    const column = table.columns.find((c) => c.name === 'estate_id');
    if (!column) {
      problems.push(`${table.name}: no estate_id column`);
      continue;
    }
    if (!column.notNull) problems.push(`${table.name}: estate_id may be null`);
    const fk = table.foreignKeys.map((f) => f.reference()).find((r) => r.columns.some((c) => c.name === 'estate_id'));
    if (!fk || getTableConfig(fk.foreignTable).name !== 'estates') problems.push(`${table.name}: estate_id does not reference estates`);
  }
  expect(problems).toEqual([]);
});
