/** Estate, member and invitation schemas shared by web and server. */
import { z } from 'zod';
import { LANGUAGES } from '../settings.js';
import { emailSchema } from './account.js';
import { INVITABLE_ROLES, Role } from '../roles.js';
import { nameText } from './text.js';

export const estateNameSchema = nameText(120);

/** An IANA time zone name the runtime knows (`Europe/Istanbul`): every time in a page or mail is shown in it. */
export const timeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'Choose a time zone from the list, such as Europe/Istanbul.');

/** The estate's currency: an ISO 4217 code (USD, EUR, TRY). */
export const currencySchema = z.string().regex(/^[A-Z]{3}$/, 'Use a three-letter currency code, such as EUR.');

/** A new estate; its time zone defaults to the creating trustee's browser zone (api.md). */
export const createEstateBody = z.strictObject({ name: estateNameSchema, timeZone: timeZoneSchema.optional(), currency: currencySchema.optional() });

export const estateSettingsSchema = z.strictObject({
  highInterestThreshold: z.number().int().min(2).max(100),
  draftMode: z.enum(['round-robin', 'serpentine']),
  tokenBudget: z.enum(['per-interest', 'equal']),
  equalTokenBudget: z.number().int().min(0).max(10_000),
  notify: z.boolean(),
  /** After stage 40 the trustee may show beneficiaries the full draw records (distribution.md). */
  publishFullRecords: z.boolean(),
  /** Every time in a page or mail is shown in the estate's zone, with its name (api.md). */
  timeZone: timeZoneSchema,
  /** The currency of the estate's values and sales. */
  currency: currencySchema,
});
export type EstateSettings = z.infer<typeof estateSettingsSchema>;

export const DEFAULT_ESTATE_SETTINGS: EstateSettings = {
  highInterestThreshold: 6,
  draftMode: 'round-robin',
  tokenBudget: 'per-interest',
  equalTokenBudget: 0,
  notify: true,
  publishFullRecords: false,
  timeZone: 'UTC',
  currency: 'USD',
};

export const updateEstateBody = z.strictObject({
  name: estateNameSchema.optional(),
  settings: estateSettingsSchema.partial().optional(),
});

export const estateSchema = z.object({
  id: z.string(),
  name: z.string(),
  stage: z.number().int(),
  deadlines: z.record(z.string(), z.string()),
  settings: estateSettingsSchema,
  createdAt: z.string(),
});
export type Estate = z.infer<typeof estateSchema>;

const invitableRole = z
  .number()
  .int()
  .refine((r) => (INVITABLE_ROLES as readonly number[]).includes(r), { message: 'validation.role' });

/**
 * Someone invited as Offspring (a grandchild) never receives items directly: the beneficiary who
 * receives for them is named in the invitation (that they belong to the estate is the server's check).
 */
export const createInvitationBody = z
  .strictObject({
    email: emailSchema,
    roles: z.array(invitableRole).min(1, { message: 'validation.rolesRequired' }).max(INVITABLE_ROLES.length),
    receivesThrough: z.uuid({ message: 'validation.parent' }).optional(),
    /** The language of the invitation mail (the invitee's); the inviter's own when not given. */
    language: z.enum(LANGUAGES).optional(),
  })
  .superRefine((v, ctx) => {
    const offspring = v.roles.includes(Role.Offspring);
    if (offspring && v.receivesThrough === undefined) {
      ctx.addIssue({ code: 'custom', path: ['receivesThrough'], message: 'validation.parentRequired' });
    }
    if (!offspring && v.receivesThrough !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['receivesThrough'],
        message: 'validation.parentOnlyForOffspring',
      });
    }
  });

export const memberSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  roles: z.array(z.number().int()),
  receivesThrough: z.string().nullable(),
});
export type Member = z.infer<typeof memberSchema>;
