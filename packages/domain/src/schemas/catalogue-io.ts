/** Answers of the catalogue-io module (import of CSV or XLSX; export and labels answer files). */
import { z } from 'zod';

const changeSchema = z.object({ from: z.string().nullable(), to: z.string().nullable() });

/** What importing one row would do, and why not when it cannot. */
export const importRowSchema = z.object({
  row: z.number(),
  action: z.enum(['create', 'update', 'unchanged', 'error']),
  itemId: z.string().optional(),
  ref: z.string().optional(),
  changes: z.record(z.string(), changeSchema).optional(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importPreviewAnswer = z.object({
  rows: z.array(importRowSchema),
  summary: z.object({
    format: z.enum(['csv', 'xlsx']),
    rows: z.number(),
    create: z.number(),
    update: z.number(),
    unchanged: z.number(),
    error: z.number(),
    newLocations: z.array(z.string()),
    newRooms: z.array(z.string()),
    newCategories: z.array(z.string()),
    newTags: z.array(z.string()),
    ignoredColumns: z.array(z.string()),
  }),
});
export type ImportPreviewAnswer = z.infer<typeof importPreviewAnswer>;

export const importAnswer = z.object({ created: z.number(), updated: z.number(), unchanged: z.number() });
export type ImportAnswer = z.infer<typeof importAnswer>;
