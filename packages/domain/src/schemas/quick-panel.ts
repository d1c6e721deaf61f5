/** The quick panel's events (`GET /api/estates/:eid/quick-panel`): coming deadlines and lately's news. */
import { z } from 'zod';

export const QUICK_PANEL_EVENT_KINDS = ['deadline', 'stage', 'draw', 'handover'] as const;

export const quickPanelEventSchema = z.object({
  id: z.string(),
  kind: z.enum(QUICK_PANEL_EVENT_KINDS),
  /** When it happened, or (a coming deadline) when it will. */
  at: z.string(),
  /** The stage entered, or whose deadline it is. */
  stage: z.number().int().optional(),
  /** The draw's step. */
  step: z.number().int().optional(),
  /** A deadline: true once it has passed. */
  passed: z.boolean().optional(),
  itemId: z.string().optional(),
  itemName: z.string().nullable().optional(),
});
export type QuickPanelEvent = z.infer<typeof quickPanelEventSchema>;

export const quickPanelAnswer = z.object({ events: z.array(quickPanelEventSchema) });
export type QuickPanelAnswer = z.infer<typeof quickPanelAnswer>;
