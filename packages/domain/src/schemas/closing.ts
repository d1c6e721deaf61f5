/**
 * Answers of the closing module (stages 90–99): the estate's report files and the installation
 * admin's view of every estate (api.md "Hand-over and closing"; the admin routes are an extension).
 */
import { z } from 'zod';

export const REPORT_TYPES = ['pdf', 'spreadsheet', 'json'] as const;
export const REPORT_LEVELS = ['trustees', 'beneficiaries'] as const;

/** One report file. `type` "json" (draw records) extends api.md's "pdf" or "spreadsheet". */
export const reportSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.string(),
  type: z.enum(REPORT_TYPES),
  accessLevel: z.enum(REPORT_LEVELS),
  size: z.number(),
  createdAt: z.string(),
  /** The automated step of a draw record (kind "draw-record"); null for other files. */
  step: z.number().nullable(),
});
export type Report = z.infer<typeof reportSchema>;
export const reportsAnswer = z.object({ reports: z.array(reportSchema) });
export type ReportsAnswer = z.infer<typeof reportsAnswer>;

/** An estate as the installation's administrator sees it in the list. */
export const adminEstateSchema = z.object({
  id: z.string(),
  name: z.string(),
  stage: z.number(),
  members: z.number(),
  items: z.number(),
  photos: z.number(),
  /** Bytes of the photos' full-size files and the report files. */
  size: z.number(),
  lastActivityAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminEstate = z.infer<typeof adminEstateSchema>;
export const adminEstatesAnswer = z.object({ estates: z.array(adminEstateSchema) });
export type AdminEstatesAnswer = z.infer<typeof adminEstatesAnswer>;

/** What the administrator reads after opening an estate for support (read-only). */
export const supportViewSchema = z.object({
  estate: adminEstateSchema,
  members: z.array(z.object({ id: z.string(), name: z.string(), roles: z.array(z.number()) })),
  activity: z.array(z.object({ id: z.string(), actorName: z.string().nullable(), action: z.string(), at: z.string() })),
  reports: z.array(reportSchema),
});
export type SupportView = z.infer<typeof supportViewSchema>;
