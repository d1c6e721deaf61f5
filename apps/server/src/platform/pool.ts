/**
 * What "the pool", "a receiver" and "an interest that counts" mean (distribution.md, "Terms"), in
 * one place. Hearts, rankings, tokens, directives and the automated steps all read them from here,
 * so the inputs a beneficiary sees and the inputs a draw uses can never disagree.
 */
import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { authorize, type Action, type ResourceFacts } from '@estate/domain/permissions';
import { Role } from '@estate/domain/roles';
import { DEFAULT_ESTATE_SETTINGS, estateSettingsSchema, type EstateSettings } from '@estate/domain/schemas/estate';
import { STAGE_NAMES, STAGE_ORDER, isStageCode, type StageCode } from '@estate/domain/stages';
import { queryRowsPrepared, type Db } from '../db/client.js';
import { activityEvents, deadlines, estates, interests, items, memberships, participation } from '../db/schema.js';
import { ITEM_ID, receiverInterestCount } from '../db/fragments.js';
import { AppError, notFound, says, type Says } from './errors.js';
import { acceptedCurrentSql } from './consent.js';
import { refusal, type EstateAccess } from './auth.js';
import { inEstate } from './tenancy.js';
import { newId } from './ids.js';

export type ItemRow = typeof items.$inferSelect;

/**
 * Item statuses that are in the pool. "Pending" (a suggested correction from stage 2 waiting for
 * the trustee) is neither on hold nor assigned, so it is distributed like any other item.
 */
export const POOL_STATUSES = ['unassigned', 'pending'] as const;

/** Pool items: distribution Divide, not on Hold, not yet assigned (or Unwanted). */
export function inPool(): SQL {
  return and(eq(items.distribution, 'divide'), inArray(items.status, [...POOL_STATUSES]))!;
}

/**
 * SQL: how many contested pool items (not high interest, hearted by two or more receivers) the
 * member hearted in the estate: the items on which they place tokens in stage 30. Both arguments
 * may be columns of the outer query.
 */
export function contestedHeartedSql(estateId: SQLWrapper | string, memberId: SQLWrapper | string): SQL<number> {
  // Columns spelled out: Drizzle writes a lone table's columns unqualified, and here the outer query's would bind.
  return sql<number>`(select count(*)::int from ${items}
    where "items"."estate_id" = ${estateId} and "items"."distribution" = 'divide'
      and "items"."status" in (${sql.join(POOL_STATUSES.map((s) => sql`${s}`), sql`, `)}) and "items"."high_interest" = false
      and exists(select 1 from ${interests} h where h.item_id = ${ITEM_ID} and h.member_id = ${memberId})
      and ${receiverInterestCount} >= 2)`;
}

export function isPoolItem(row: Pick<ItemRow, 'distribution' | 'status'>): boolean {
  return row.distribution === 'divide' && (POOL_STATUSES as readonly string[]).includes(row.status);
}

/** Why an item is not in the pool, in words a beneficiary understands (in their language). */
export function notInPoolReason(row: Pick<ItemRow, 'distribution' | 'status'>): Says {
  if (row.distribution === 'return') return says('pool.return');
  switch (row.status) {
    case 'hold':
      return says('pool.hold');
    case 'assigned':
    case 'handed-over':
      return says('pool.assigned');
    case 'unwanted':
      return says('pool.unwanted');
    default:
      return says('pool.other');
  }
}

/** Receivers are members with the Beneficiary role; offspring receive through their parent. */
export function isReceiver(roles: readonly number[]): boolean {
  return roles.includes(Role.Beneficiary);
}

/** SQL: membership row `m` belongs to a receiver. */
export const receiverSql = (): SQL => sql`${Role.Beneficiary} = any(${memberships.roles})`;

export async function receiverIds(db: Db, estateId: string): Promise<string[]> {
  const rows = await db
    .select({ id: memberships.userId })
    .from(memberships)
    .where(inEstate(memberships, estateId, receiverSql()))
    .orderBy(memberships.userId);
  return rows.map((r) => r.id);
}

/** The estate's settings with defaults for anything not stored (as the estates module reads them). */
export function settingsOf(settings: Record<string, unknown>): EstateSettings {
  const parsed = estateSettingsSchema.safeParse({ ...DEFAULT_ESTATE_SETTINGS, ...settings });
  return parsed.success ? parsed.data : DEFAULT_ESTATE_SETTINGS;
}

export async function findItem(db: Db, estateId: string, itemId: string): Promise<ItemRow> {
  const [row] = await db.select().from(items).where(inEstate(items, estateId, eq(items.id, itemId)));
  if (!row) throw notFound('That item');
  return row;
}

export function stageName(stage: number): string {
  return isStageCode(stage) ? STAGE_NAMES[stage] : String(stage);
}

/**
 * Reads the estate's stage inside a transaction with a row lock, so a stage move (an UPDATE of that
 * row) cannot slip between this check and the write that depends on it. 'share' lets many members'
 * inputs proceed together; 'update' (automated steps) excludes everything else.
 */
export async function lockedStage(tx: Db, estateId: string, mode: 'share' | 'update'): Promise<{ stage: StageCode; settings: EstateSettings }> {
  const [row] = await tx.select({ stage: estates.stage, settings: estates.settings }).from(estates).where(eq(estates.id, estateId)).for(mode);
  return estateRules(row);
}

/** An estate row's stage and settings as the rules read them (404 when there is no row). */
function estateRules(row: { stage: number; settings: Record<string, unknown> } | undefined): { stage: StageCode; settings: EstateSettings } {
  if (!row) throw notFound('That estate');
  return { stage: isStageCode(row.stage) ? row.stage : 0, settings: settingsOf(row.settings) };
}

/**
 * Asks the policy again on the stage read under a row lock (see `lockedStage`), inside the write's
 * transaction: the route's pre-handler already asked it, but a stage move could slip in between.
 */
export async function recheckAccess(
  tx: Db,
  access: EstateAccess,
  action: Action,
  options: { mode?: 'share' | 'update'; facts?: ResourceFacts } = {},
) {
  const locked = await lockedStage(tx, access.estate.id, options.mode ?? 'share');
  // Only writes re-ask: in a closed estate (99) this refuses with `estate_closed`.
  const decision = authorize(action, { roles: access.roles, stage: locked.stage }, options.facts, 'write');
  if (!decision.ok) throw refusal(decision, locked.stage);
  return locked;
}

/** What the inputs guard reads: the estate's stage and settings, its deadline, "done", consent. */
export type InputsGuardRow = {
  stage: number;
  settings: Record<string, unknown>;
  dueAt: Date | null;
  processedAt: Date | null;
  doneAutomatically: boolean | null;
  agreed: boolean;
};

/**
 * Refuses an input the guard row does not allow, with the reason a member understands: the policy
 * (stage), the deadline (processed by the scheduler, or simply due: the deadline is the deadline),
 * "done", consent (409 `agreement_required`).
 */
export function checkInputsOpen(row: InputsGuardRow | undefined, access: EstateAccess, action: Action, now: Date): { stage: StageCode; settings: EstateSettings } {
  const { stage, settings } = estateRules(row);
  const decision = authorize(action, { roles: access.roles, stage }, {}, 'write');
  if (!decision.ok) throw refusal(decision, stage);
  if (row?.dueAt && (row.processedAt || row.dueAt.getTime() <= now.getTime())) {
    throw new AppError('wrong_stage', says('inputs.deadlinePassed', { stage }));
  }
  if (row && row.doneAutomatically !== null) {
    throw new AppError('wrong_stage', says(row.doneAutomatically ? 'inputs.doneAutomatically' : 'inputs.done', { stage }));
  }
  // Consent: the current Terms of Use and Agreement accepted (the web leads there first).
  if (row && !row.agreed) throw new AppError('agreement_required', says('consent.required'));
  return { stage, settings };
}

/**
 * Before a member's input (an approval, heart, ranking or tokens) is written: the policy allows
 * `action` in the estate's stage (its row share-locked, as in `lockedStage`, so a stage move waits
 * for the write), the stage's deadline has not passed, the member has not said they are done, and
 * they accepted the estate's current Terms of Use and Agreement (`checkInputsOpen`). One round
 * trip: it runs before every input.
 */
export async function assertInputsOpen(
  tx: Db,
  access: EstateAccess,
  action: Action,
  now: Date,
): Promise<{ settings: EstateSettings }> {
  const estateId = access.estate.id;
  const [row] = await tx
    .select({
      stage: estates.stage,
      settings: estates.settings,
      dueAt: deadlines.dueAt,
      processedAt: deadlines.processedAt,
      doneAutomatically: sql<boolean | null>`(select ${participation.automatic} from ${participation}
        where ${participation.estateId} = ${estateId} and ${participation.memberId} = ${access.user.id} and ${participation.stage} = ${estates.stage})`,
      agreed: acceptedCurrentSql(estateId, access.user.id),
    })
    .from(estates)
    .leftJoin(deadlines, and(eq(deadlines.estateId, estates.id), eq(deadlines.stage, estates.stage)))
    .where(eq(estates.id, estateId))
    .for('share', { of: estates });
  return { settings: checkInputsOpen(row, access, action, now).settings };
}

/** The stages in which the policy lets these roles do `action` (a write): the guard's SQL test. */
function stagesAllowing(action: Action, roles: readonly number[]): number[] {
  return STAGE_ORDER.filter((stage) => authorize(action, { roles: [...roles], stage }, {}, 'write').ok);
}

/**
 * An input written in ONE statement, which is its own transaction (a heart is tapped often; every
 * round trip and every commit counts): the guard of `assertInputsOpen` (the estate row
 * share-locked, so a stage move waits for this write, and one that committed first is seen), the
 * write only if the guard allows it (`write`, a data-modifying statement reading the `inputs_open` CTE),
 * and the activity entry only if something was written (`logged`, reading `written`). Returns the
 * guard row and `extra`'s columns; `changed` says whether the write returned a row. The caller
 * refuses with `checkInputsOpen` when `open` is false: nothing was written then.
 */
export async function writeInput<Extra extends Record<string, unknown>>(
  db: Db,
  access: EstateAccess,
  action: Action,
  now: Date,
  parts: {
    write: SQL;
    activity: { action: string; entity: string; entityId: string; field: string; to: unknown };
    /** Columns of the answer (may read `guard`, `inputs_open`, `written` and `more`'s CTEs). */
    extra: SQL;
    /** Further CTEs after `logged` (e.g. a status that follows the write). */
    more?: SQL;
  },
): Promise<{ open: boolean; changed: boolean; guard: InputsGuardRow | undefined; extra: Extra }> {
  const estateId = access.estate.id;
  const memberId = access.user.id;
  const allowed = stagesAllowing(action, access.roles).map(Number);
  const inStage = allowed.length > 0 ? sql`g.stage in (${sql.raw(allowed.join(', '))})` : sql`false`;
  const a = parts.activity;
  const [row] = await queryRowsPrepared<Record<string, unknown>>(db, sql`
    with guard as (
      select e.stage, e.settings, d.due_at, d.processed_at,
        (select p.automatic from ${participation} p where p.estate_id = e.id and p.member_id = ${memberId} and p.stage = e.stage) as done_automatically,
        ${acceptedCurrentSql(estateId, memberId)} as agreed
      from ${estates} e left join ${deadlines} d on d.estate_id = e.id and d.stage = e.stage
      where e.id = ${estateId}
      for share of e
    ),
    inputs_open as (
      select 1 from guard g where ${inStage}
        and (g.due_at is null or (g.processed_at is null and g.due_at > ${now.toISOString()}::timestamptz))
        and g.done_automatically is null and g.agreed
    ),
    written as (${parts.write}),
    logged as (
      insert into ${activityEvents} (id, estate_id, actor_id, action, entity, entity_id, field, to_value, visibility)
      select ${newId()}::uuid, ${estateId}::uuid, ${memberId}::uuid, ${a.action}, ${a.entity}, ${a.entityId}, ${a.field}, ${JSON.stringify(a.to)}::jsonb, 'trustees'
      where exists (select 1 from written)
      returning 1
    )${parts.more ? sql`, ${parts.more}` : sql``}
    select g.stage, g.settings, g.due_at, g.processed_at, g.done_automatically, g.agreed,
      exists (select 1 from inputs_open) as is_open,
      exists (select 1 from written) as changed,
      ${parts.extra}
    from guard g`);
  if (!row) return { open: false, changed: false, guard: undefined, extra: {} as Extra };
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string | Date));
  const guard: InputsGuardRow = {
    stage: Number(row.stage),
    settings: typeof row.settings === 'string' ? (JSON.parse(row.settings) as Record<string, unknown>) : (row.settings as Record<string, unknown>),
    dueAt: date(row.due_at),
    processedAt: date(row.processed_at),
    doneAutomatically: row.done_automatically === null || row.done_automatically === undefined ? null : Boolean(row.done_automatically),
    agreed: Boolean(row.agreed),
  };
  return { open: Boolean(row.is_open), changed: Boolean(row.changed), guard, extra: row as Extra };
}

/**
 * Serialises one member's writes (rankings, tokens): concurrent requests from several sessions of
 * the same person queue on their membership row instead of interleaving their deletes and inserts.
 */
export async function lockMember(tx: Db, estateId: string, memberId: string): Promise<void> {
  await tx.select({ id: memberships.userId }).from(memberships).where(inEstate(memberships, estateId, eq(memberships.userId, memberId))).for('update');
}
