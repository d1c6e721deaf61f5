/** Account schemas shared by the web forms and the server routes. Messages are i18n keys. */
import { z } from 'zod';
import { LANGUAGES, LAYOUT_STYLES, THEMES, type Settings } from '../settings.js';
import { isStorableText, nameText, text, UNSTORABLE_TEXT_MESSAGE } from './text.js';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'validation.email' }));

export const passwordSchema = z
  .string()
  .refine(isStorableText, { message: UNSTORABLE_TEXT_MESSAGE })
  .min(PASSWORD_MIN, { message: 'validation.passwordShort' })
  .max(PASSWORD_MAX, { message: 'validation.passwordLong' });

export const nameSchema = nameText(80);

export const setupBody = z.strictObject({
  firstName: nameSchema,
  lastName: nameSchema,
  email: emailSchema,
  password: passwordSchema,
});

export const registerBody = setupBody.extend({
  invitation: text(200, { required: true }).optional(),
});

export const loginBody = z.strictObject({
  email: emailSchema,
  password: text(PASSWORD_MAX, { required: true }),
});

export const forgotPasswordBody = z.strictObject({ email: emailSchema });
export const resetPasswordBody = z.strictObject({ token: text(200, { required: true }), password: passwordSchema });
export const changePasswordBody = z.strictObject({
  currentPassword: text(PASSWORD_MAX, { required: true }),
  newPassword: passwordSchema,
});
export const confirmEmailBody = z.strictObject({ token: text(200, { required: true }) });

export { LANGUAGES, LAYOUT_STYLES, THEMES, DEFAULT_SETTINGS, type Language, type Settings } from '../settings.js';

/** Theme settings (seed section 3 "Theme settings", defaults from section 9). */
export const settingsSchema = z.strictObject({
  layoutStyle: z.enum(LAYOUT_STYLES),
  navbarFolded: z.boolean(),
  navbarPosition: z.enum(['left', 'right']),
  direction: z.enum(['ltr', 'rtl']),
  language: z.enum(LANGUAGES),
  theme: z.strictObject({
    main: z.enum(THEMES),
    navbar: z.enum(THEMES),
    toolbar: z.enum(THEMES),
    footer: z.enum(THEMES),
  }),
  followSystem: z.boolean(),
  customScrollbars: z.boolean(),
  animations: z.boolean(),
  largeText: z.boolean(),
  notifications: z.boolean(),
  shortcuts: z.array(text(64)).max(20),
  idleLockMinutes: z.number().int().min(0).max(240),
  currentEstateId: text(64).nullable(),
});
/** Fails to compile if the schema and the plain type in settings.ts ever drift apart. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const SETTINGS_SCHEMA_MATCHES: Same<z.infer<typeof settingsSchema>, Settings> = true;

export const updateMeBody = z.strictObject({
  firstName: nameSchema.optional(),
  lastName: nameSchema.optional(),
  settings: settingsSchema.partial().optional(),
});

export const ACCOUNT_STATUSES = ['active', 'pending-profile', 'disabled'] as const;
export const LOGIN_STATUSES = ['ok', 'forced-reset'] as const;

export const userSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  displayName: z.string(),
  email: z.string(),
  emailConfirmed: z.boolean(),
  isAdmin: z.boolean(),
  accountStatus: z.enum(ACCOUNT_STATUSES),
  loginStatus: z.enum(LOGIN_STATUSES),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const membershipSchema = z.object({
  estateId: z.string(),
  estateName: z.string(),
  roles: z.array(z.number().int()),
  stage: z.number().int(),
});
export type Membership = z.infer<typeof membershipSchema>;

export const meSchema = z.object({
  user: userSchema,
  memberships: z.array(membershipSchema),
  settings: settingsSchema,
  /** Sign-ins by an emailed link in the last 30 days, on other sessions than this one (issue 31): the app tells the person once. */
  linkSignIns: z.array(z.object({ sessionId: z.string(), at: z.string(), userAgent: z.string() })).optional(),
});
export type Me = z.infer<typeof meSchema>;
