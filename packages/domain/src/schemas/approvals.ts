/** Answers of the approvals module (stage 2: each beneficiary approves or flags every item). */
import { z } from 'zod';

export const approveAllAnswer = z.object({ approved: z.number() });
export type ApproveAllAnswer = z.infer<typeof approveAllAnswer>;

/** The caller's own answer on one item; `automatic` when the deadline counted them as approving. */
export const myApprovalSchema = z.object({
  itemId: z.string(),
  status: z.enum(['approved', 'flagged']),
  comment: z.string(),
  suggestion: z.record(z.string(), z.unknown()).nullable(),
  resolution: z.string().nullable(),
  automatic: z.boolean(),
});
export type MyApproval = z.infer<typeof myApprovalSchema>;
export const myApprovalsAnswer = z.object({ approvals: z.array(myApprovalSchema) });
export type MyApprovalsAnswer = z.infer<typeof myApprovalsAnswer>;

/** For trustees and observers: how far each beneficiary is with the review. */
export const approvalProgressAnswer = z.object({
  totalItems: z.number(),
  members: z.array(
    z.object({
      memberId: z.string(),
      displayName: z.string(),
      approved: z.number(),
      approvedAutomatically: z.number(),
      flagged: z.number(),
    }),
  ),
});
export type ApprovalProgressAnswer = z.infer<typeof approvalProgressAnswer>;

/** For trustees and observers: every flag, who raised it and how it was resolved. */
export const flagSchema = z.object({
  itemId: z.string(),
  itemName: z.string(),
  itemNumber: z.number(),
  memberId: z.string(),
  memberName: z.string(),
  comment: z.string(),
  suggestion: z.record(z.string(), z.unknown()).nullable(),
  resolution: z.string().nullable(),
});
export type Flag = z.infer<typeof flagSchema>;
export const flagsAnswer = z.object({ flags: z.array(flagSchema) });
export type FlagsAnswer = z.infer<typeof flagsAnswer>;
