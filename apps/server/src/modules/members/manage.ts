/**
 * A member's page for trustees: their participation (approvals, hearts, rankings, tokens, done
 * flags, what is due now), and the trustee's actions on them: change roles, disable in this estate
 * (and enable again), send an invitation again. The refusals come from one pure function
 * (`@estate/domain/members`), asked again under the estate's row lock before anything is written.
 */
import { and, count, eq, ne, sql, sum } from 'drizzle-orm';
import { authorize, type Action } from '@estate/domain/permissions';
import { MEMBER_REFUSAL_TEXT, TRUSTEE_ROLES, memberRefusals, receivesItems, roleChangeRefusal, type MemberFacts } from '@estate/domain/members';
import { Role } from '@estate/domain/roles';
import type { MemberDetail, MemberRefusal } from '@estate/domain/schemas/people';
import { isStageCode, type StageCode } from '@estate/domain/stages';
import { stageTodo } from '@estate/domain/todos';
import type { Db } from '../../db/client.js';
import {
  approvals,
  deadlines,
  disabledMemberships,
  interests,
  invitations,
  items,
  memberships,
  memberStars,
  participation,
  rankings,
  tokenAllocations,
  users,
} from '../../db/schema.js';
import { recordActivity } from '../../platform/activity.js';
import { refusal, type EstateAccess } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { hashToken, newSecretToken } from '../../platform/ids.js';
import { invitationMail, readerLanguage } from '../../platform/mail-texts.js';
import { recheckAccess } from '../../platform/pool.js';
import { inEstate } from '../../platform/tenancy.js';
import { avatarUrlOf } from './directory.js';

const INVITATION_TTL_MS = 14 * 86_400_000;
const displayName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();
const trusteeRolesSql = sql.raw(`array[${TRUSTEE_ROLES.join(',')}]::int[]`);

/** The refusal as an error: 409 with the reason's words (the web shows its own, in the person's language). */
function refused(reason: MemberRefusal): AppError {
  return new AppError('conflict', MEMBER_REFUSAL_TEXT[reason]);
}

/** Whether the policy lets this caller change who receives, in `stage`. */
function receiversOpen(access: EstateAccess, stage: StageCode): boolean {
  return authorize('member.changeReceivers', { roles: access.roles, stage }).ok;
}

async function memberFacts(db: Db, access: EstateAccess, memberId: string, stage: StageCode, options: { lock?: boolean } = {}) {
  const estateId = access.estate.id;
  const query = db.select().from(memberships).where(inEstate(memberships, estateId, eq(memberships.userId, memberId)));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound('That member');
  const [others] = await db
    .select({ n: count() })
    .from(memberships)
    .where(inEstate(memberships, estateId, ne(memberships.userId, memberId), sql`${memberships.roles} && ${trusteeRolesSql}`));
  const [through] = await db.select({ n: count() }).from(memberships).where(inEstate(memberships, estateId, eq(memberships.receivesThrough, memberId)));
  const facts: MemberFacts = {
    self: memberId === access.user.id,
    roles: row.roles,
    receivesThrough: row.receivesThrough,
    otherTrustees: others?.n ?? 0,
    receivesFor: through?.n ?? 0,
    receiversOpen: receiversOpen(access, stage),
  };
  return { row, facts };
}

export async function getMemberDetail(ctx: AppContext, access: EstateAccess, memberId: string): Promise<MemberDetail> {
  const estateId = access.estate.id;
  const { row, facts } = await memberFacts(ctx.db, access, memberId, access.stage);
  const [[user], receivesFor, star, invitedBy, approvalCounts, hearts, ranked, tokens, done, deadline] = await Promise.all([
    ctx.db.select().from(users).where(eq(users.id, memberId)),
    ctx.db
      .select({ id: memberships.userId })
      .from(memberships)
      .where(inEstate(memberships, estateId, eq(memberships.receivesThrough, memberId))),
    ctx.db
      .select({ id: memberStars.memberId })
      .from(memberStars)
      .where(inEstate(memberStars, estateId, eq(memberStars.viewerId, access.user.id), eq(memberStars.memberId, memberId))),
    ctx.db
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(invitations)
      .innerJoin(users, eq(users.id, invitations.invitedBy))
      .where(inEstate(invitations, estateId, eq(invitations.acceptedBy, memberId)))
      .orderBy(sql`${invitations.acceptedAt} desc`)
      .limit(1),
    ctx.db
      .select({ status: approvals.status, n: count() })
      .from(approvals)
      .where(inEstate(approvals, estateId, eq(approvals.memberId, memberId)))
      .groupBy(approvals.status),
    ctx.db.select({ n: count() }).from(interests).where(inEstate(interests, estateId, eq(interests.memberId, memberId))),
    ctx.db.select({ n: count() }).from(rankings).where(inEstate(rankings, estateId, eq(rankings.memberId, memberId))),
    ctx.db
      .select({ n: sum(tokenAllocations.count).mapWith(Number) })
      .from(tokenAllocations)
      .where(inEstate(tokenAllocations, estateId, eq(tokenAllocations.memberId, memberId))),
    ctx.db
      .select()
      .from(participation)
      .where(inEstate(participation, estateId, eq(participation.memberId, memberId)))
      .orderBy(participation.stage),
    ctx.db.select({ dueAt: deadlines.dueAt }).from(deadlines).where(inEstate(deadlines, estateId, eq(deadlines.stage, access.stage))),
  ]);
  const { itemsTotal } = await itemsToReview(ctx.db, estateId);
  const approved = approvalCounts.find((c) => c.status === 'approved')?.n ?? 0;
  const flagged = approvalCounts.find((c) => c.status === 'flagged')?.n ?? 0;
  const doneNow = done.some((d) => d.stage === access.stage);
  const todo = stageTodo({
    estateId,
    stage: access.stage,
    roles: row.roles,
    dueAt: deadline[0]?.dueAt.toISOString() ?? null,
    done: doneNow,
  });
  const refusals = memberRefusals(facts);
  return {
    member: {
      id: memberId,
      displayName: user ? displayName(user) : '',
      roles: row.roles,
      receivesThrough: row.receivesThrough,
      avatarUrl: user ? avatarUrlOf(ctx, user) : null,
      joinedAt: row.createdAt.toISOString(),
      starred: star.length > 0,
      email: user?.email ?? '',
      phone: user?.phone ?? '',
      receivesFor: receivesFor.map((r) => r.id),
      invitedBy: invitedBy[0] ? displayName(invitedBy[0]) : null,
    },
    participation: {
      receiver: row.roles.includes(Role.Beneficiary),
      approvals: { approved, flagged, total: itemsTotal },
      hearts: hearts[0]?.n ?? 0,
      ranked: ranked[0]?.n ?? 0,
      tokens: tokens[0]?.n ?? 0,
      stages: done.map((d) => ({ stage: d.stage, done: true, automatic: d.automatic, doneAt: d.doneAt.toISOString() })),
      due: todo ? { stage: todo.stage, dueAt: todo.dueAt, done: todo.done, required: todo.required } : null,
    },
    refusals,
  };
}

/** The review's total: every item of the estate, as the trustee's progress view counts it. */
async function itemsToReview(db: Db, estateId: string): Promise<{ itemsTotal: number }> {
  const [row] = await db.select({ n: count() }).from(items).where(inEstate(items, estateId));
  return { itemsTotal: row?.n ?? 0 };
}

/** Locks the estate's row (a stage move or another trustee's change waits) and re-asks the policy. */
async function lockAndRecheck(tx: Db, access: EstateAccess, action: Action): Promise<StageCode> {
  const locked = await recheckAccess(tx, access, action, { mode: 'update' });
  return isStageCode(locked.stage) ? locked.stage : 0;
}

/** A parent for Offspring: a beneficiary of this estate other than the member. */
async function checkParent(db: Db, estateId: string, memberId: string, parentId: string) {
  const [parent] = await db.select({ roles: memberships.roles }).from(memberships).where(inEstate(memberships, estateId, eq(memberships.userId, parentId)));
  if (!parent?.roles.includes(Role.Beneficiary) || parentId === memberId) {
    throw new AppError('validation_failed', 'The person who receives for them must be another beneficiary of this estate.', {
      receivesThrough: 'Choose another beneficiary of this estate, who receives items for them.',
    });
  }
}

export async function changeRoles(
  ctx: AppContext,
  access: EstateAccess,
  memberId: string,
  body: { roles: number[]; receivesThrough?: string | null | undefined },
): Promise<MemberDetail> {
  const estateId = access.estate.id;
  const roles = [...new Set(body.roles)].sort((a, b) => a - b);
  const receivesThrough = roles.includes(Role.Offspring) ? (body.receivesThrough ?? null) : null;
  await ctx.db.transaction(async (tx) => {
    const stage = await lockAndRecheck(tx, access, 'member.changeRoles');
    const { row, facts } = await memberFacts(tx, access, memberId, stage, { lock: true });
    const reason = roleChangeRefusal(facts, { roles, receivesThrough });
    if (reason === 'receiversFrozen') throw refusal(authorizeRefusal(access, stage), stage);
    if (reason) throw refused(reason);
    if (receivesThrough) await checkParent(tx, estateId, memberId, receivesThrough);
    await tx.update(memberships).set({ roles, receivesThrough }).where(inEstate(memberships, estateId, eq(memberships.userId, memberId)));
    await recordActivity(tx, {
      estateId,
      actorId: access.user.id,
      action: 'member.roles-changed',
      entity: 'member',
      entityId: memberId,
      field: 'roles',
      from: row.roles,
      to: roles,
    });
  });
  return getMemberDetail(ctx, access, memberId);
}

/** The policy's own refusal of 'member.changeReceivers' (409 naming the stages it is open in). */
function authorizeRefusal(access: EstateAccess, stage: StageCode) {
  const decision = authorize('member.changeReceivers', { roles: access.roles, stage });
  if (decision.ok) throw new Error('member.changeReceivers allowed, yet refused');
  return decision;
}

/**
 * Ends the member's access to this estate at once: the membership moves to `disabled_memberships`,
 * so every check sees a non-member (404), their live stream stops delivering this estate's events
 * (the trigger on memberships), and their stars, groups and inputs stay for when they are enabled.
 */
export async function disableMember(ctx: AppContext, access: EstateAccess, memberId: string): Promise<void> {
  const estateId = access.estate.id;
  await ctx.db.transaction(async (tx) => {
    const stage = await lockAndRecheck(tx, access, 'member.disable');
    const { row, facts } = await memberFacts(tx, access, memberId, stage, { lock: true });
    const reason = memberRefusals(facts).disable;
    if (reason === 'receiversFrozen') throw refusal(authorizeRefusal(access, stage), stage);
    if (reason) throw refused(reason);
    await tx
      .insert(disabledMemberships)
      .values({
        estateId,
        userId: memberId,
        roles: row.roles,
        receivesThrough: row.receivesThrough,
        joinedAt: row.createdAt,
        disabledAt: ctx.now(),
        disabledBy: access.user.id,
      })
      .onConflictDoUpdate({
        target: [disabledMemberships.estateId, disabledMemberships.userId],
        set: { roles: row.roles, receivesThrough: row.receivesThrough, joinedAt: row.createdAt, disabledAt: ctx.now(), disabledBy: access.user.id },
      });
    await tx.delete(memberships).where(inEstate(memberships, estateId, eq(memberships.userId, memberId)));
    await recordActivity(tx, {
      estateId,
      actorId: access.user.id,
      action: 'member.disabled',
      entity: 'member',
      entityId: memberId,
      field: 'roles',
      from: row.roles,
      visibility: 'trustees',
    });
  });
}

/** Gives a disabled person their membership back, as it was (merged with any they were given since). */
export async function enableMember(ctx: AppContext, access: EstateAccess, memberId: string): Promise<void> {
  const estateId = access.estate.id;
  await ctx.db.transaction(async (tx) => {
    const stage = await lockAndRecheck(tx, access, 'member.disable');
    const [row] = await tx
      .select()
      .from(disabledMemberships)
      .where(inEstate(disabledMemberships, estateId, eq(disabledMemberships.userId, memberId)))
      .for('update');
    if (!row) throw notFound('That person');
    if (receivesItems(row.roles) && !receiversOpen(access, stage)) throw refusal(authorizeRefusal(access, stage), stage);
    if (row.receivesThrough) {
      const [parent] = await tx
        .select({ roles: memberships.roles })
        .from(memberships)
        .where(inEstate(memberships, estateId, eq(memberships.userId, row.receivesThrough)));
      if (!parent?.roles.includes(Role.Beneficiary)) {
        throw new AppError('conflict', 'The beneficiary who received for them is no longer one. Invite them again with the person who receives for them now.');
      }
    }
    const [existing] = await tx.select().from(memberships).where(inEstate(memberships, estateId, eq(memberships.userId, memberId)));
    const roles = [...new Set([...(existing?.roles ?? []), ...row.roles])].sort((a, b) => a - b);
    await tx
      .insert(memberships)
      .values({ estateId, userId: memberId, roles, receivesThrough: existing?.receivesThrough ?? row.receivesThrough, createdAt: row.joinedAt })
      .onConflictDoUpdate({ target: [memberships.estateId, memberships.userId], set: { roles } });
    await tx.delete(disabledMemberships).where(inEstate(disabledMemberships, estateId, eq(disabledMemberships.userId, memberId)));
    await recordActivity(tx, {
      estateId,
      actorId: access.user.id,
      action: 'member.enabled',
      entity: 'member',
      entityId: memberId,
      field: 'roles',
      to: roles,
      visibility: 'trustees',
    });
  });
}

/**
 * Sends an invitation not taken up again, with a new link (the old one stops working) and 14 more
 * days, in the same words as the first. Works for expired invitations too: that is what it is mostly for.
 */
export async function resendInvitation(ctx: AppContext, access: EstateAccess, invitationId: string) {
  const estateId = access.estate.id;
  const token = newSecretToken();
  const expiresAt = new Date(ctx.now().getTime() + INVITATION_TTL_MS);
  const invitation = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(invitations)
      .set({ tokenHash: hashToken(token), expiresAt })
      .where(and(inEstate(invitations, estateId, eq(invitations.id, invitationId)), sql`${invitations.acceptedAt} is null`, sql`${invitations.revokedAt} is null`))
      .returning();
    if (!updated) throw notFound('That invitation');
    await recordActivity(tx, {
      estateId,
      actorId: access.user.id,
      action: 'invitation.resent',
      entity: 'invitation',
      entityId: invitationId,
      visibility: 'trustees',
    });
    return updated;
  });
  const link = `${ctx.config.PUBLIC_URL}/invite/${token}`;
  // The same mail as the first time: in the invitee's language if they have an account here, else the inviter's.
  const [account] = await ctx.db.select({ settings: users.settings }).from(users).where(eq(users.email, invitation.email));
  const language = readerLanguage(account?.settings ?? access.user.settings);
  await ctx.mailer.send(
    invitationMail({ email: invitation.email, firstName: '', language, roles: invitation.roles }, { estate: access.estate.name, inviter: displayName(access.user), url: link }),
  );
  return { id: invitation.id, link, expiresAt: expiresAt.toISOString() };
}
