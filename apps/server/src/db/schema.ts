/**
 * The one database schema. Tables that belong to an estate carry `estate_id NOT NULL REFERENCES
 * estates`; `tenancy.test.ts` walks this file and fails on an estate table without it.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  numeric,
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

/**
 * jsonb that returns exactly what was stored. Drizzle's own jsonb parses strings a second time, so
 * a stored "95.00" would read back as the number 95; the activity log must not change values.
 */
const exactJson = customType<{ data: unknown; driverData: unknown }>({
  dataType: () => 'jsonb',
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => value,
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

// ---- Installation-wide tables ----

/** A signed-out session and until when its access tokens could still be presented. */
export type EndedSession = { sid: string; until: string };

/** A sign-in by an emailed link, told to the person in the app (the newest few are kept). */
export type LinkSignIn = { sid: string; at: string; userAgent: string };

/** How a session began: a password, an emailed sign-in link, or a password reset link. */
export type SessionVia = 'password' | 'link' | 'reset';

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
    /** Raised by a password change or reset and by disabling: every older access token stops. */
    sessionGeneration: integer('session_generation').notNull().default(0),
    /** Sessions (refresh families) signed out while their access tokens may still be unexpired. */
    endedSessions: jsonb('ended_sessions').$type<EndedSession[]>().notNull().default([]),
    /** Sign-ins by an emailed link (migration 0017): the app tells the person of them on their other devices. */
    linkSignIns: jsonb('link_sign_ins').$type<LinkSignIn[]>().notNull().default([]),
    /** Profile (migration 0011): a phone number as the person writes it, and their picture's storage key. */
    phone: text('phone').notNull().default(''),
    avatarKey: text('avatar_key'),
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
    /** The session's sign-in (migration 0017), copied to every rotated token: a session lives at most REFRESH_TOKEN_MAX_DAYS from it. */
    sessionStartedAt: timestamp('session_started_at', { withTimezone: true }).notNull().defaultNow(),
    via: text('via', { enum: ['password', 'link', 'reset'] }).notNull().default('password'),
    /** The browser's User-Agent at sign-in, shown to the person as a device in plain words. */
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_user_idx').on(t.userId),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
);

/** Single-use tokens sent by mail: email confirmation and password reset. Only hashes are stored. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['confirm-email', 'reset-password', 'sign-in-link'] }).notNull(),
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
  /** The last per-estate item number handed out (A-0001, A-0002, ...). */
  itemSeq: integer('item_seq').notNull().default(0),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: createdAt(),
});

// ---- Estate tables: every one has estate_id NOT NULL REFERENCES estates ----

/** A trigger (migration 0005) announces every change on the 'estate_access' channel (platform/events.ts). */
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
    from: exactJson('from_value'),
    to: exactJson('to_value'),
    /** Events about private inputs (hearts, ranks, tokens) are shown only to trustees and observers. */
    visibility: text('visibility', { enum: ['members', 'trustees'] })
      .notNull()
      .default('members'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activity_estate_at_idx').on(t.estateId, t.at.desc()),
    // A person's own timeline (migration 0011).
    index('activity_actor_idx').on(t.actorId, t.id.desc()),
    // An item's history (migration 0020).
    index('activity_estate_entity_idx').on(t.estateId, t.entityId),
  ],
);


// ---- Catalogue ----

export const locations = pgTable(
  'locations',
  {
    id: uuid('id').primaryKey(),
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** Who added it (null: before this was recorded, counted as the trustee's). */
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('locations_estate_idx').on(t.estateId, t.position)],
);

export const rooms = pgTable(
  'rooms',
  {
    id: uuid('id').primaryKey(),
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** Who added it (null: before this was recorded, counted as the trustee's). */
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('rooms_location_idx').on(t.locationId, t.position)],
);

/** Categories and tags are per-estate vocabularies; items refer to them by id. */
export const labels = pgTable(
  'labels',
  {
    id: uuid('id').primaryKey(),
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['category', 'tag'] }).notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('labels_estate_kind_name_key').on(t.estateId, t.kind, sql`lower(${t.name})`)],
);

export const ITEM_STATUSES = ['unassigned', 'pending', 'hold', 'assigned', 'unwanted', 'handed-over'] as const;

export const items = pgTable(
  'items',
  {
    id: uuid('id').primaryKey(),
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    name: text('name').notNull(),
    notes: text('notes').notNull().default(''),
    locationId: uuid('location_id').references(() => locations.id),
    roomId: uuid('room_id').references(() => rooms.id),
    giver: text('giver').notNull().default(''),
    owners: text('owners').notNull().default(''),
    brand: text('brand').notNull().default(''),
    model: text('model').notNull().default(''),
    year: integer('year'),
    value: numeric('value', { precision: 14, scale: 2 }),
    currency: text('currency').notNull().default('USD'),
    distribution: text('distribution', { enum: ['divide', 'return'] })
      .notNull()
      .default('divide'),
    status: text('status', { enum: ITEM_STATUSES }).notNull().default('unassigned'),
    highInterest: boolean('high_interest').notNull().default(false),
    highInterestSource: text('high_interest_source', { enum: ['auto', 'trustee'] }),
    assignedTo: uuid('assigned_to').references(() => users.id),
    assignmentReason: text('assignment_reason'),
    assignmentStep: integer('assignment_step'),
    assignmentDetail: jsonb('assignment_detail').$type<Record<string, unknown>>(),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    assignedBy: uuid('assigned_by').references(() => users.id),
    unwantedOutcome: text('unwanted_outcome', { enum: ['donate', 'sell', 'discard', 'family'] }),
    featuredPhotoId: uuid('featured_photo_id'),
    /** A stable reference from a spreadsheet import, so re-importing updates instead of duplicating. */
    importRef: text('import_ref'),
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('items_estate_number_key').on(t.estateId, t.number),
    uniqueIndex('items_estate_import_ref_key').on(t.estateId, t.importRef),
    index('items_estate_room_idx').on(t.estateId, t.roomId),
    index('items_estate_status_idx').on(t.estateId, t.status),
    // Sorting by name and the style guide's "another item has this name" check.
    index('items_estate_name_idx').on(t.estateId, sql`lower(${t.name})`),
    // The list's other filters and sorts (migration 0014).
    index('items_estate_location_idx').on(t.estateId, t.locationId),
    index('items_estate_updated_idx').on(t.estateId, t.updatedAt, t.id),
    index('items_estate_assigned_idx').on(t.estateId, t.assignedTo).where(sql`${t.assignedTo} is not null`),
    index('items_estate_high_interest_idx').on(t.estateId).where(sql`${t.highInterest}`),
  ],
);

/**
 * What the item list shows beside each item, one row per item (migration 0015, ADR 0018): kept by
 * triggers in the same transaction as the heart, photo, label or role change that alters it, so the
 * list reads it by key. Counts and names only, never who hearted. An item with nothing yet may have
 * no row (read with a left join; zeros and empty lists).
 */
export const itemSummaries = pgTable('item_summaries', {
  itemId: uuid('item_id')
    .primaryKey()
    .references(() => items.id, { onDelete: 'cascade' }),
  estateId: uuid('estate_id')
    .notNull()
    .references(() => estates.id, { onDelete: 'cascade' }),
  interestCount: integer('interest_count').notNull().default(0),
  photoCount: integer('photo_count').notNull().default(0),
  firstPhotoId: uuid('first_photo_id'),
  categories: jsonb('categories').$type<string[]>().notNull().default([]),
  tags: jsonb('tags').$type<string[]>().notNull().default([]),
});

export const itemLabels = pgTable(
  'item_labels',
  {
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    labelId: uuid('label_id')
      .notNull()
      .references(() => labels.id, { onDelete: 'cascade' }),
    /** The item's number, filled in by a trigger (migration 0015): a category's items in number order are one index range. */
    itemNumber: integer('item_number'),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.labelId] }),
    index('item_labels_label_idx').on(t.labelId),
    index('item_labels_label_number_idx').on(t.labelId, t.itemNumber, t.itemId),
  ],
);

export const photos = pgTable(
  'photos',
  {
    id: uuid('id').primaryKey(),
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    /** Storage keys (content hashes) of the re-encoded original, the preview and the thumbnail. */
    originalKey: text('original_key').notNull(),
    previewKey: text('preview_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('photos_item_idx').on(t.itemId, t.position),
    // The photos a person added (profile, migration 0011).
    index('photos_created_by_idx').on(t.createdBy, t.createdAt.desc()),
  ],
);

/** A receiver's heart on an item (stage 11). One per person and item, enforced by the key. */
export const interests = pgTable(
  'interests',
  {
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.memberId] }), index('interests_member_idx').on(t.estateId, t.memberId)],
);

/** One secret per randomised step (21, 31), made when stage 11 opens; only its hash is shown until the step runs. */
export const drawSecrets = pgTable(
  'draw_secrets',
  {
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    step: integer('step').notNull(),
    secret: text('secret').notNull(),
    commitment: text('commitment').notNull(),
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
    publicEntropy: text('public_entropy').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.estateId, t.step] })],
);

/** The stored record of an automated step (format estate-draw/1). One per estate and step. */
export const drawRecords = pgTable(
  'draw_records',
  {
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    step: integer('step').notNull(),
    record: jsonb('record').$type<Record<string, unknown>>().notNull(),
    ranBy: uuid('ran_by').references(() => users.id),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.estateId, t.step] })],
);

/**
 * A stage's sealed inputs (distribution.md, "Privacy of inputs"): when the inputs of 2, 11, 20 or
 * 30 freeze, a random salt per receiver and the Merkle root over their salted lines. The lines are
 * kept as sealed, so a receiver gets their proof later whatever the pool has become since.
 */
export const inputCommitments = pgTable(
  'input_commitments',
  {
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    stage: integer('stage').notNull(),
    root: text('root').notNull(),
    /** Receiver id → salt (64 hex characters). Never shown to anyone but that receiver. */
    salts: jsonb('salts').$type<Record<string, string>>().notNull(),
    /** Receiver id → their lines as sealed ("" when none). */
    lines: jsonb('lines').$type<Record<string, string>>().notNull(),
    frozenAt: timestamp('frozen_at', { withTimezone: true }).notNull(),
    /** The trustee who moved on or sealed again; null when a deadline froze the inputs. */
    frozenBy: uuid('frozen_by').references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.estateId, t.stage] })],
);

// ---- Participation (stages 2, 11, 20, 30) ----

/** Stage 2: each beneficiary approves each item or flags it (optionally with a suggested correction). */
export const approvals = pgTable(
  'approvals',
  {
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ['approved', 'flagged'] }).notNull(),
    comment: text('comment').notNull().default(''),
    /** Suggested field values, applied only if the trustee accepts them. */
    suggestion: jsonb('suggestion').$type<Record<string, unknown>>(),
    /** True when the deadline counted a non-responder as approving. */
    automatic: boolean('automatic').notNull().default(false),
    resolution: text('resolution', { enum: ['accepted', 'rejected', 'edited'] }),
    resolvedBy: uuid('resolved_by').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.memberId] }), index('approvals_estate_member_idx').on(t.estateId, t.memberId)],
);

/** Stage 20: a receiver's top 10 among the high-interest items they hearted (rank 1..10). */
export const rankings = pgTable(
  'rankings',
  {
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    rank: integer('rank').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.itemId] }),
    uniqueIndex('rankings_member_rank_key').on(t.estateId, t.memberId, t.rank),
    check('rankings_rank_range', sql`${t.rank} between 1 and 10`),
  ],
);

/** Stage 30: priority tokens (0, 1 or 2) a receiver places on a contested item. */
export const tokenAllocations = pgTable(
  'token_allocations',
  {
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.itemId] }), check('token_allocations_count_range', sql`${t.count} between 0 and 2`)],
);

/** A member is done with a stage's input (said so, or counted as done at the deadline); inputs then freeze. */
export const participation = pgTable(
  'participation',
  {
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id),
    stage: integer('stage').notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }).notNull(),
    automatic: boolean('automatic').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.estateId, t.memberId, t.stage] })],
);

/** Deadlines for stages 2, 11, 20 and 30, run by the scheduler under an advisory lock. */
/**
 * Slow work a stage move sets off (stage 90's report files): recorded in the move's transaction,
 * run after it commits, retried until done; one row per estate and effect (the latest run).
 */
export const stageJobs = pgTable(
  'stage_jobs',
  {
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    effect: text('effect').notNull(),
    actorId: uuid('actor_id'),
    /** waiting → running → done, or failed (tried again by the scheduler while attempts remain). */
    status: text('status').$type<'waiting' | 'running' | 'done' | 'failed'>().notNull().default('waiting'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ name: 'stage_jobs_pk', columns: [t.estateId, t.effect] }), index('stage_jobs_status_idx').on(t.status)],
);

export const deadlines = pgTable(
  'deadlines',
  {
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    stage: integer('stage').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    autoAdvance: boolean('auto_advance').notNull().default(false),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.estateId, t.stage] }), index('deadlines_due_idx').on(t.processedAt, t.dueAt)],
);

// ---- Consent and documents (migration 0012) ----

/**
 * A new version of an estate's Agreement, published by a trustee before the review (stage 2): the
 * standard parts (product content, in every language) with the trustee's own estate-specific words
 * under some of them. Version 1 is the standard text alone and has no row.
 */
export const agreementVersions = pgTable(
  'agreement_versions',
  {
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** Part id → the trustee's words for this estate under that part. */
    notes: jsonb('notes').$type<Record<string, string>>().notNull().default({}),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    publishedBy: uuid('published_by').references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.estateId, t.version] }), check('agreement_versions_version_min', sql`${t.version} >= 2`)],
);

/** A member accepted a version of the Terms of Use or the Agreement in an estate (kept, never replaced). */
export const agreementAcceptances = pgTable(
  'agreement_acceptances',
  {
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['terms', 'agreement'] }).notNull(),
    version: integer('version').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.estateId, t.memberId, t.kind, t.version] })],
);

/** Folders of the document vault (one level). */
export const documentFolders = pgTable(
  'document_folders',
  {
    id: uuid('id').primaryKey(),
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('document_folders_estate_idx').on(t.estateId)],
);

/** The estate's documents (the will, the trust deed, appraisals, receipts); bytes in storage by content hash. */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey(),
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    folderId: uuid('folder_id').references(() => documentFolders.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** The type read from the bytes themselves, never the one the uploader's browser claimed. */
    contentType: text('content_type').notNull(),
    extension: text('extension').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    accessLevel: text('access_level', { enum: ['trustees', 'beneficiaries', 'everyone'] }).notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('documents_estate_idx').on(t.estateId), index('documents_storage_key_idx').on(t.storageKey)],
);

// ---- Conversations and notes (migration 0010) ----

/**
 * A conversation of an estate: the estate's own (every member is in it; one per estate) or a
 * one-to-one conversation between two members, stored with the smaller id first so a pair has one.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey(),
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['estate', 'direct'] }).notNull(),
    memberA: uuid('member_a').references(() => users.id, { onDelete: 'cascade' }),
    memberB: uuid('member_b').references(() => users.id, { onDelete: 'cascade' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversations_estate_key').on(t.estateId).where(sql`kind = 'estate'`),
    uniqueIndex('conversations_pair_key').on(t.estateId, t.memberA, t.memberB).where(sql`kind = 'direct'`),
    index('conversations_member_b_idx').on(t.memberB),
    check(
      'conversations_members',
      sql`(kind = 'estate' and member_a is null and member_b is null) or (kind = 'direct' and member_a is not null and member_b is not null and member_a < member_b)`,
    ),
  ],
);

/** A message in a conversation. Ids are time-ordered (UUIDv7): the history's cursor. */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey(),
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** The item the message is about ("Ask about this item"); cleared if the item is deleted. */
    itemId: uuid('item_id').references(() => items.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('messages_conversation_idx').on(t.conversationId, t.id)],
);

/** How far a person has read a conversation: the newest message id they have seen. */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadId: uuid('last_read_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index('conversation_reads_user_idx').on(t.userId)],
);

/** A person's own note (installation-wide, not an estate's): only its owner reads it. */
export const notes = pgTable(
  'notes',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    checklist: jsonb('checklist').$type<{ text: string; checked: boolean }[]>().notNull().default([]),
    labels: text('labels').array().notNull().default(sql`'{}'::text[]`),
    archived: boolean('archived').notNull().default(false),
    reminderAt: timestamp('reminder_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** Storage key of the note's picture (re-encoded, without metadata). */
    imageKey: text('image_key'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notes_user_idx').on(t.userId, t.updatedAt),
    index('notes_reminder_idx').on(t.reminderAt).where(sql`reminded_at is null`),
  ],
);

// ---- Hand-over (stages 41–42), receipts and what became of unwanted or held items (issue 11) ----

export const HANDOVER_STATUSES = ['scheduled', 'handed-over', 'shipped', 'returned'] as const;
export const HANDOVER_METHODS = ['pickup', 'shipping', 'in-person'] as const;
export const DISPOSITIONS = ['donate', 'sell', 'discard', 'family'] as const;

/**
 * An assigned item on its way to its receiver, once the trustee has said anything about it (an
 * assigned item without a row is simply "assigned"). One row per item; `memberId` is the receiver
 * when it was written (null for an item going back to an owner outside the estate).
 */
export const handovers = pgTable(
  'handovers',
  {
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .primaryKey()
      .references(() => items.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id').references(() => users.id),
    status: text('status', { enum: HANDOVER_STATUSES }).notNull(),
    method: text('method', { enum: HANDOVER_METHODS }),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    /** When it left the estate's hands: handed over, or shipped. */
    handedOverAt: timestamp('handed_over_at', { withTimezone: true }),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    note: text('note').notNull().default(''),
    /** When the receiver was reminded to confirm receipt (once per hand-over). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    updatedBy: uuid('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('handovers_estate_member_idx').on(t.estateId, t.memberId)],
);

/** The receiver's (or their parent's) confirmation that an item arrived. One per item, never changed. */
export const receipts = pgTable(
  'receipts',
  {
    id: uuid('id').primaryKey(),
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    /** The receiver the item was assigned to. */
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id),
    /** Who tapped "received": the receiver, or the parent who receives for them. */
    confirmedBy: uuid('confirmed_by')
      .notNull()
      .references(() => users.id),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    note: text('note').notNull().default(''),
  },
  (t) => [uniqueIndex('receipts_item_key').on(t.itemId), index('receipts_estate_member_idx').on(t.estateId, t.memberId)],
);

/**
 * What becomes of an Unwanted or held item (donate, sell, discard, family decision), the appraiser's
 * note on it, and, for an item sold, the sale as the seller or buyer recorded it.
 */
export const dispositions = pgTable('dispositions', {
  estateId: uuid('estate_id')
    .notNull()
    .references(() => estates.id, { onDelete: 'cascade' }),
  itemId: uuid('item_id')
    .primaryKey()
    .references(() => items.id, { onDelete: 'cascade' }),
  disposition: text('disposition', { enum: DISPOSITIONS }).notNull(),
  note: text('note').notNull().default(''),
  recordedBy: uuid('recorded_by').references(() => users.id),
  appraisalNote: text('appraisal_note').notNull().default(''),
  appraisedBy: uuid('appraised_by').references(() => users.id),
  appraisedAt: timestamp('appraised_at', { withTimezone: true }),
  salePrice: numeric('sale_price', { precision: 14, scale: 2 }),
  saleCurrency: text('sale_currency'),
  soldAt: timestamp('sold_at', { withTimezone: true }),
  buyer: text('buyer').notNull().default(''),
  saleNote: text('sale_note').notNull().default(''),
  saleRecordedBy: uuid('sale_recorded_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
});

// ---- Directory and profile (issue 12, migration 0011) ----

/** A viewer's star on a member of an estate: private to the viewer. */
export const memberStars = pgTable(
  'member_stars',
  {
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    viewerId: uuid('viewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.estateId, t.viewerId, t.memberId] })],
);

/** A viewer's own group of members in an estate ("Mum's side", "Helpers"): private to its owner. */
export const memberGroups = pgTable(
  'member_groups',
  {
    id: uuid('id').primaryKey(),
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('member_groups_owner_idx').on(t.estateId, t.ownerId)],
);

export const memberGroupMembers = pgTable(
  'member_group_members',
  {
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => memberGroups.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.memberId] })],
);

/**
 * A membership a trustee disabled: the row leaves `memberships` (so every query, live stream and
 * policy check sees a non-member at once) and is kept here, to show and to enable again.
 */
export const disabledMemberships = pgTable(
  'disabled_memberships',
  {
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roles: integer('roles').array().notNull(),
    receivesThrough: uuid('receives_through').references(() => users.id),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }).notNull(),
    disabledBy: uuid('disabled_by').references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.estateId, t.userId] })],
);

// ---- Lessons and personal to-dos (issue 13): each person's own, across estates ----

/** Where a person is in a lesson (content in packages/domain/content/lessons.*.json), so they can resume. */
export const lessonProgress = pgTable(
  'lesson_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: text('course_id').notNull(),
    activeStep: integer('active_step').notNull(),
    furthestStep: integer('furthest_step').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] })],
);

/** A person's own to-do folders (the seed's folders; "all" is every to-do and is not stored). */
export const todoFolders = pgTable(
  'todo_folders',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    handle: text('handle').notNull(),
    title: text('title').notNull(),
    icon: text('icon').notNull().default('folder'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('todo_folders_user_handle_key').on(t.userId, t.handle)],
);

/** A person's own to-do labels. */
export const todoLabels = pgTable(
  'todo_labels',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    handle: text('handle').notNull(),
    title: text('title').notNull(),
    color: text('color').notNull().default('blue'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('todo_labels_user_handle_key').on(t.userId, t.handle)],
);

/** A person's own to-dos. Deleting sets `deleted_at` (restorable); deleting for good removes the row. */
export const personalTodos = pgTable(
  'personal_todos',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    notes: text('notes').notNull().default(''),
    startAt: timestamp('start_at', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    starred: boolean('starred').notNull().default(false),
    important: boolean('important').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    folderId: uuid('folder_id').references(() => todoFolders.id, { onDelete: 'set null' }),
    /** Label ids (a label's removal takes it out of every to-do in the same statement). */
    labelIds: uuid('label_ids').array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('personal_todos_user_idx').on(t.userId, t.createdAt)],
);

// ---- Closing (issue 11, stages 90–99): the estate's report files ----

export const REPORT_FILE_TYPES = ['pdf', 'spreadsheet', 'json'] as const;
export const REPORT_ACCESS_LEVELS = ['trustees', 'beneficiaries'] as const;

/**
 * The final accounting's files (made when the estate reaches 90, again when the trustee asks): the
 * bytes live in storage under `storageKey`; `accessLevel` says who may list and read each one.
 */
export const reportFiles = pgTable(
  'report_files',
  {
    id: uuid('id').primaryKey(),
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    type: text('type', { enum: REPORT_FILE_TYPES }).notNull(),
    accessLevel: text('access_level', { enum: REPORT_ACCESS_LEVELS }).notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    storageKey: text('storage_key').notNull(),
    size: integer('size').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('report_files_estate_idx').on(t.estateId, t.kind), index('report_files_storage_key_idx').on(t.storageKey)],
);

// ---- Settlement statement (issue 30, migration 0019) ----

/** The trustee's weights for the settlement statement, as last set; no rows: equal shares (ADR 0035). */
export const settlementWeights = pgTable(
  'settlement_weights',
  {
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id),
    weight: integer('weight').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.estateId, t.memberId] }), check('settlement_weights_weight_range', sql`${t.weight} between 1 and 1000`)],
);

// ---- Questions on a result (issue 30, migration 0020) ----

/** A beneficiary's question about an item's result, and the trustee's answer ("kept" or "changed"). */
export const resultQuestions = pgTable(
  'result_questions',
  {
    id: uuid('id').primaryKey(),
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull(),
    createdAt: createdAt(),
    answerText: text('answer_text'),
    outcome: text('outcome', { enum: ['kept', 'changed'] }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: uuid('answered_by').references(() => users.id),
  },
  (t) => [index('result_questions_estate_idx').on(t.estateId, t.createdAt)],
);

/** A story behind an item (issue 34): a text, a voice recording, or both, told by a member. */
export const stories = pgTable(
  'stories',
  {
    id: uuid('id').primaryKey(),
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    text: text('text'),
    /** The recording's storage key (a content hash, kept like a photo's) and its sniffed type. */
    audioKey: text('audio_key'),
    audioType: text('audio_type'),
    audioBytes: integer('audio_bytes'),
    durationSeconds: integer('duration_seconds'),
    createdAt: createdAt(),
  },
  (t) => [index('stories_item_idx').on(t.estateId, t.itemId, t.createdAt)],
);

/**
 * The first answer to a creation sent with an `Idempotency-Key` (issue 34), by estate, person and
 * key. `status` is null while the first request is still being answered.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    route: text('route').notNull(),
    bodyHash: text('body_hash').notNull(),
    status: integer('status'),
    answer: exactJson('answer'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'idempotency_keys_pk', columns: [t.estateId, t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
