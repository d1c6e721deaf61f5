/**
 * Answers of the participation module: hearts (11), high interest (12), rankings (20), tokens (30),
 * "My items", and who has said they are done. Never who else hearted, ranked or placed tokens,
 * except in the answers for trustees and observers (`interestedMembersAnswer`, `adviceAnswer`).
 */
import { z } from 'zod';
import { ITEM_STATUSES } from '../item-status.js';

/** How an answer names an item. */
const itemRef = { itemId: z.string(), label: z.string(), name: z.string() };
const highInterestSource = z.enum(['auto', 'trustee']).nullable();

export const interestAnswer = z.object({ interested: z.boolean(), interestCount: z.number().int() });
export type InterestAnswer = z.infer<typeof interestAnswer>;

export const interestedMembersAnswer = z.object({
  interestCount: z.number().int(),
  members: z.array(
    z.object({ id: z.string(), displayName: z.string(), counts: z.boolean(), receivesThrough: z.string().nullable(), at: z.string() }),
  ),
});
export type InterestedMembersAnswer = z.infer<typeof interestedMembersAnswer>;

export const adviceAnswer = z.object({
  advice: z.array(
    z.object({ ...itemRef, status: z.string(), from: z.array(z.object({ memberId: z.string(), displayName: z.string() })) }),
  ),
});
export type AdviceAnswer = z.infer<typeof adviceAnswer>;

export const highInterestAnswer = z.object({ itemId: z.string(), highInterest: z.boolean(), highInterestSource });
export type HighInterestAnswer = z.infer<typeof highInterestAnswer>;

export const recommendationSchema = z.object({
  ...itemRef,
  interestCount: z.number().int(),
  recommended: z.boolean(),
  highInterest: z.boolean(),
  highInterestSource,
});
export type Recommendation = z.infer<typeof recommendationSchema>;
export const recommendationsAnswer = z.object({ threshold: z.number().int(), items: z.array(recommendationSchema) });
export type RecommendationsAnswer = z.infer<typeof recommendationsAnswer>;

export const rankingAnswer = z.object({
  itemIds: z.array(z.string()),
  items: z.array(z.object({ ...itemRef, rank: z.number().int() })),
});
export type RankingAnswer = z.infer<typeof rankingAnswer>;

export const tokensAnswer = z.object({
  used: z.number().int(),
  budget: z.number().int(),
  budgetRule: z.enum(['per-interest', 'equal']),
  allocations: z.array(z.object({ itemId: z.string(), count: z.number().int() })),
  contested: z.array(z.object({ ...itemRef, interestCount: z.number().int(), count: z.number().int() })),
});
export type TokensAnswer = z.infer<typeof tokensAnswer>;

/** An item the caller received, and why, in plain facts (their own round, pick and tokens only). */
export const assignedItemSchema = z.object({
  ...itemRef,
  status: z.enum(ITEM_STATUSES),
  reason: z.string(),
  step: z.number().int().nullable(),
  round: z.number().nullable(),
  pick: z.number().nullable(),
  tokens: z.number().nullable(),
  tied: z.number().nullable(),
  clause: z.string().nullable(),
  note: z.string().nullable(),
  assignedAt: z.string().nullable(),
});
export type AssignedItem = z.infer<typeof assignedItemSchema>;

export const myItemsAnswer = z.object({
  stage: z.number().int(),
  stageName: z.string(),
  deadline: z.object({ stage: z.number().int(), dueAt: z.string(), passed: z.boolean() }).nullable(),
  done: z.object({ stage: z.number().int(), doneAt: z.string(), automatic: z.boolean() }).nullable(),
  hearted: z.array(z.object({ ...itemRef, status: z.enum(ITEM_STATUSES), highInterest: z.boolean(), interestCount: z.number().int() })),
  ranked: z.array(z.object({ ...itemRef, rank: z.number().int() })),
  tokens: z.object({ used: z.number().int(), budget: z.number().int(), allocations: z.array(z.object({ ...itemRef, count: z.number().int() })) }),
  assigned: z.array(assignedItemSchema),
});
export type MyItemsAnswer = z.infer<typeof myItemsAnswer>;

export const doneAnswer = z.object({ stage: z.number().int(), doneAt: z.string(), automatic: z.boolean() });
export type DoneAnswer = z.infer<typeof doneAnswer>;

/** For trustees and observers: who has said they are done with a stage (or was counted done). */
export const participationAnswer = z.object({
  stage: z.number().int(),
  members: z.array(z.object({ memberId: z.string(), displayName: z.string(), doneAt: z.string().nullable(), automatic: z.boolean() })),
});
export type ParticipationAnswer = z.infer<typeof participationAnswer>;
