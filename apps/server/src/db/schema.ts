/**
 * The one database schema. Tables that belong to an estate carry `estate_id NOT NULL REFERENCES
 * estates`; `tenancy.test.ts` walks this file and fails on an estate table without it.
 */
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

// ---- Installation-wide tables ----

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    accountStatus: text('account_status', { enum: ['active', 'pending-profile', 'disabled'] })
      .notNull()
      .default('active'),
    loginStatus: text('login_status', { enum: ['ok', 'forced-reset'] })
      .notNull()
      .default('ok'),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** All tokens rotated from one sign-in share a family; reuse of a rotated token revokes the family. */
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_user_idx').on(t.userId)],
);

/** Single-use tokens sent by mail: email confirmation and password reset. Only hashes are stored. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['confirm-email', 'reset-password'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('one_time_tokens_hash_key').on(t.tokenHash)],
);

/** Every mail the installation sends; admins read it when no SMTP server is configured. */
export const outbox = pgTable('outbox', {
  id: uuid('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
  createdAt: createdAt(),
});

/** Key/value facts about the installation itself (e.g. the generated signing secret). */
export const system = pgTable('system', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const estates = pgTable('estates', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  stage: integer('stage').notNull().default(0),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  deadlines: jsonb('deadlines').$type<Record<string, string>>().notNull().default({}),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: createdAt(),
});

// ---- Estate tables: every one has estate_id NOT NULL REFERENCES estates ----

export const memberships = pgTable(
  'memberships',
  {
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roles: integer('roles').array().notNull(),
    /** For offspring: the beneficiary who receives for them. */
    receivesThrough: uuid('receives_through').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.estateId, t.userId] }), index('memberships_user_idx').on(t.userId)],
);

export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey(),
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    roles: integer('roles').array().notNull(),
    receivesThrough: uuid('receives_through').references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by')
      .notNull()
      .references(() => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('invitations_token_key').on(t.tokenHash), index('invitations_estate_idx').on(t.estateId)],
);

/** Append-only: who did what to which thing, from what to what. */
export const activityEvents = pgTable(
  'activity_events',
  {
    id: uuid('id').primaryKey(),
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    field: text('field'),
    from: jsonb('from_value'),
    to: jsonb('to_value'),
    /** Events about private inputs (hearts, ranks, tokens) are shown only to trustees and observers. */
    visibility: text('visibility', { enum: ['members', 'trustees'] })
      .notNull()
      .default('members'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('activity_estate_at_idx').on(t.estateId, t.at.desc())],
);

