/** Answer of the analytics module (`GET /api/estates/:eid/analytics`, trustees and observers). */
import { z } from 'zod';

const completeness = { items: z.number(), withPhotos: z.number(), withValues: z.number(), value: z.number() };
const roomFigures = z.object({ roomId: z.string().nullable(), name: z.string().nullable(), ...completeness, hearts: z.number(), wantedItems: z.number() });

export const analyticsSchema = z.object({
  catalogue: z.object({
    totals: z.object(completeness),
    /** The one currency of the values, or null when they are in several. */
    currency: z.string().nullable(),
    locations: z.array(z.object({ locationId: z.string().nullable(), name: z.string().nullable(), ...completeness, rooms: z.array(roomFigures) })),
  }),
  participation: z.object({
    items: z.number(),
    members: z.array(
      z.object({
        memberId: z.string(),
        displayName: z.string(),
        approved: z.number(),
        flagged: z.number(),
        hearted: z.number(),
        ranked: z.number(),
        tokens: z.number(),
        done: z.array(z.object({ stage: z.number(), at: z.string(), automatic: z.boolean() })),
        lastSeenAt: z.string().nullable(),
      }),
    ),
  }),
  interest: z.object({
    hearts: z.number(),
    wantedItems: z.number(),
    categories: z.array(z.object({ name: z.string(), items: z.number(), hearts: z.number(), wantedItems: z.number() })),
    rooms: z.array(
      z.object({ roomId: z.string().nullable(), name: z.string().nullable(), locationName: z.string().nullable(), items: z.number(), hearts: z.number(), wantedItems: z.number() }),
    ),
  }),
  assignments: z.object({
    byStatus: z.record(z.string(), z.number()),
    byReason: z.array(z.object({ reason: z.string(), items: z.number(), value: z.number() })),
    receivers: z.array(
      z.object({ memberId: z.string(), displayName: z.string(), items: z.number(), value: z.number(), byReason: z.record(z.string(), z.number()) }),
    ),
  }),
});
export type Analytics = z.infer<typeof analyticsSchema>;

export const analyticsAnswer = z.object({ analytics: analyticsSchema });
export type AnalyticsAnswer = z.infer<typeof analyticsAnswer>;
