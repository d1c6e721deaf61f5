/**
 * The member directory, a member's page for trustees, the profile and sign-in links (issue 12,
 * second half). Messages are i18n keys, as in the other schemas.
 */
import { z } from 'zod';
import { INVITABLE_ROLES, Role } from '../roles.js';
import { emailSchema, userSchema } from './account.js';
import { nameText, text } from './text.js';

// ---- Sign-in links ----

export const signInLinkBody = z.strictObject({ email: emailSchema });
export const consumeSignInLinkBody = z.strictObject({ token: text(200, { required: true }) });
/** As signing in with a password answers (the refresh cookie comes with it). */
export const signInLinkAnswer = z.object({ accessToken: z.string(), user: userSchema });

// ---- Directory ----

export const directoryMemberSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  roles: z.array(z.number().int()),
  /** For offspring: the beneficiary who receives for them. */
  receivesThrough: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  joinedAt: z.string(),
  /** The viewer's own star (nobody else sees it). */
  starred: z.boolean(),
});
export type DirectoryMember = z.infer<typeof directoryMemberSchema>;

/** A viewer's own group of members (nobody else sees it). */
export const memberGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  memberIds: z.array(z.string()),
});
export type MemberGroup = z.infer<typeof memberGroupSchema>;

export const INVITATION_STATES = ['waiting', 'expired'] as const;

/** An invitation not (yet) taken up: trustees only. */
export const pendingInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  roles: z.array(z.number().int()),
  receivesThrough: z.string().nullable(),
  state: z.enum(INVITATION_STATES),
  sentAt: z.string(),
  expiresAt: z.string(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;

/** An invitation sent again: its new link and expiry (the old link stops working). */
export const resentInvitationSchema = z.object({ id: z.string(), link: z.string(), expiresAt: z.string() });
export const resentInvitationAnswer = z.object({ invitation: resentInvitationSchema });
export type ResentInvitationAnswer = z.infer<typeof resentInvitationAnswer>;

/** Someone a trustee disabled in this estate: trustees only. */
export const disabledMemberSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  roles: z.array(z.number().int()),
  disabledAt: z.string(),
});
export type DisabledMember = z.infer<typeof disabledMemberSchema>;

export const directorySchema = z.object({
  members: z.array(directoryMemberSchema),
  groups: z.array(memberGroupSchema),
  /** Present for trustees only. */
  invitations: z.array(pendingInvitationSchema).optional(),
  disabled: z.array(disabledMemberSchema).optional(),
});
export type Directory = z.infer<typeof directorySchema>;

/** `PUT`/`DELETE …/members/:uid/star`. */
export const starAnswer = z.object({ starred: z.boolean() });
export type StarAnswer = z.infer<typeof starAnswer>;

export const GROUP_NAME_MAX = 60;
export const MAX_GROUPS = 50;
export const MAX_GROUP_MEMBERS = 500;

/** `POST …/member-groups`, `PATCH …/member-groups/:gid`. */
export const groupAnswer = z.object({ group: memberGroupSchema });
export type GroupAnswer = z.infer<typeof groupAnswer>;

export const groupBody = z.strictObject({
  name: nameText(GROUP_NAME_MAX),
  memberIds: z.array(z.uuid()).max(MAX_GROUP_MEMBERS).default([]),
});
export const updateGroupBody = z.strictObject({
  name: nameText(GROUP_NAME_MAX).optional(),
  memberIds: z.array(z.uuid()).max(MAX_GROUP_MEMBERS).optional(),
});

// ---- A member's page (trustees) ----

const invitableRole = z
  .number()
  .int()
  .refine((r) => (INVITABLE_ROLES as readonly number[]).includes(r), { message: 'validation.role' });

/** New roles for a member; as in an invitation, Offspring needs the beneficiary who receives for them. */
export const changeRolesBody = z
  .strictObject({
    roles: z.array(invitableRole).min(1, { message: 'validation.rolesRequired' }).max(INVITABLE_ROLES.length),
    receivesThrough: z.uuid({ message: 'validation.parent' }).nullable().optional(),
  })
  .superRefine((v, ctx) => {
    const offspring = v.roles.includes(Role.Offspring);
    if (offspring && !v.receivesThrough) {
      ctx.addIssue({ code: 'custom', path: ['receivesThrough'], message: 'validation.parentRequired' });
    }
    if (!offspring && v.receivesThrough) {
      ctx.addIssue({ code: 'custom', path: ['receivesThrough'], message: 'validation.parentOnlyForOffspring' });
    }
  });

/**
 * Why a trustee's action on a member is refused, as a code the web words:
 * - `lastTrustee`: they are the estate's last trustee (or owner), so the estate would have none;
 * - `self`: a trustee does not disable themselves (another trustee can);
 * - `receivesForOthers`: offspring receive through them; change that first;
 * - `receiversFrozen`: while items are being divided (stages 11–31) who receives cannot change.
 */
export const MEMBER_REFUSALS = ['lastTrustee', 'self', 'receivesForOthers', 'receiversFrozen'] as const;
export type MemberRefusal = (typeof MEMBER_REFUSALS)[number];

export const participationStageSchema = z.object({
  stage: z.number().int(),
  done: z.boolean(),
  /** Counted as done by the deadline rather than said so. */
  automatic: z.boolean(),
  doneAt: z.string().nullable(),
});

export const memberDetailSchema = z.object({
  member: directoryMemberSchema.extend({
    email: z.string(),
    phone: z.string(),
    /** Offspring who receive through this member. */
    receivesFor: z.array(z.string()),
    invitedBy: z.string().nullable(),
  }),
  participation: z.object({
    receiver: z.boolean(),
    /** Stage 2: pool items answered; flagged among them. */
    approvals: z.object({ approved: z.number().int(), flagged: z.number().int(), total: z.number().int() }),
    hearts: z.number().int(),
    ranked: z.number().int(),
    tokens: z.number().int(),
    stages: z.array(participationStageSchema),
    /** What is due from them in the current stage (a stage's to-do), if anything. */
    due: z
      .object({ stage: z.number().int(), dueAt: z.string().nullable(), done: z.boolean(), required: z.boolean() })
      .nullable(),
  }),
  /**
   * What the caller may not do to this member now, and why (absent = allowed): disable them; take
   * away their last trustee role; take away Beneficiary; change whether or through whom they receive.
   */
  refusals: z.object({
    disable: z.enum(MEMBER_REFUSALS).optional(),
    dropTrustee: z.enum(MEMBER_REFUSALS).optional(),
    dropBeneficiary: z.enum(MEMBER_REFUSALS).optional(),
    changeReceiving: z.enum(MEMBER_REFUSALS).optional(),
  }),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

// ---- Profile ----

export const PHONE_MAX = 32;
/** A phone number as people write it: digits, spaces, +, -, dots, brackets; empty clears it. */
export const phoneSchema = text(PHONE_MAX, { trim: true }).refine((v) => v === '' || /^\+?[0-9 ().-]{4,}$/.test(v), {
  message: 'validation.phone',
});

export const profileSchema = z.object({
  phone: z.string(),
  avatarUrl: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;
/** `GET`/`PATCH /api/me/profile`, `PUT`/`DELETE /api/me/avatar`. */
export const profileAnswer = z.object({ profile: profileSchema });
export type ProfileAnswer = z.infer<typeof profileAnswer>;

/**
 * One line of a person's own timeline: a sentence key (the web's `people:timeline.<kind>`) and the
 * values it names. Values are only ever names of things (an item, a room, a stage), never another
 * person's inputs.
 */
export const timelineEntrySchema = z.object({
  id: z.string(),
  estateId: z.string(),
  estateName: z.string(),
  kind: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number()])),
  /** Where the thing it is about is shown, if anywhere. */
  path: z.string().nullable(),
  at: z.string(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const myPhotoSchema = z.object({
  id: z.string(),
  estateId: z.string(),
  estateName: z.string(),
  itemId: z.string(),
  itemName: z.string(),
  itemNumber: z.number().int(),
  thumbUrl: z.string(),
  previewUrl: z.string(),
  addedAt: z.string(),
});
export type MyPhoto = z.infer<typeof myPhotoSchema>;

/** `GET /api/me/timeline`: newest first, by cursor. */
export const timelineAnswer = z.object({ entries: z.array(timelineEntrySchema), nextCursor: z.string().nullable() });
export type TimelineAnswer = z.infer<typeof timelineAnswer>;

/** `GET /api/me/photos`: newest first, by cursor. */
export const myPhotosAnswer = z.object({ photos: z.array(myPhotoSchema), nextCursor: z.string().nullable() });
export type MyPhotosAnswer = z.infer<typeof myPhotosAnswer>;
