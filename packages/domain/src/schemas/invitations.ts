/** Answers of the invitations module (`/api/estates/:eid/invitations`, `/api/invitations/:token`). */
import { z } from 'zod';
import { membershipSchema } from './account.js';

/** A new invitation: the link to send (only its creator ever sees it). */
export const createdInvitationSchema = z.object({
  id: z.string(),
  link: z.string(),
  expiresAt: z.string(),
});
export type CreatedInvitation = z.infer<typeof createdInvitationSchema>;
export const createdInvitationAnswer = z.object({ invitation: createdInvitationSchema });
export type CreatedInvitationAnswer = z.infer<typeof createdInvitationAnswer>;

/** The estate's invitations, for trustees. */
export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  roles: z.array(z.number()),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationsAnswer = z.object({ invitations: z.array(invitationSchema) });
export type InvitationsAnswer = z.infer<typeof invitationsAnswer>;

/** What the person following a link is shown before accepting. */
export const invitationPreviewSchema = z.object({
  estateName: z.string(),
  email: z.string(),
  roles: z.array(z.number().int()),
  invitedBy: z.string(),
  expiresAt: z.string(),
  accountExists: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;
export const invitationPreviewAnswer = z.object({ invitation: invitationPreviewSchema });
export type InvitationPreviewAnswer = z.infer<typeof invitationPreviewAnswer>;

export const acceptedInvitationAnswer = z.object({ membership: membershipSchema });
export type AcceptedInvitationAnswer = z.infer<typeof acceptedInvitationAnswer>;
