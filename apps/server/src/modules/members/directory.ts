/**
 * The member directory (seed "participants"): everyone in the estate with their roles and family
 * links, the viewer's own stars and groups (private to them), and for trustees the invitations not
 * yet taken up and the people disabled in this estate.
 */
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { can } from '@estate/domain/permissions';
import type { Directory, DirectoryMember, MemberGroup } from '@estate/domain/schemas/people';
import { MAX_GROUPS } from '@estate/domain/schemas/people';
import type { Db } from '../../db/client.js';
import { disabledMemberships, invitations, memberGroupMembers, memberGroups, memberships, memberStars, users } from '../../db/schema.js';
import type { EstateAccess } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { inEstate } from '../../platform/tenancy.js';

const displayName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

export function avatarUrlOf(ctx: AppContext, user: { id: string; avatarKey: string | null }): string | null {
  return user.avatarKey ? ctx.fileUrls.avatarUrl(user.id, user.avatarKey, ctx.now()) : null;
}

export async function listDirectory(ctx: AppContext, access: EstateAccess): Promise<Directory> {
  const estateId = access.estate.id;
  const viewer = access.user.id;
  const [rows, stars, groups] = await Promise.all([
    ctx.db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        avatarKey: users.avatarKey,
        roles: memberships.roles,
        receivesThrough: memberships.receivesThrough,
        joinedAt: memberships.createdAt,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(inEstate(memberships, estateId))
      .orderBy(asc(users.firstName), asc(users.lastName)),
    ctx.db.select({ memberId: memberStars.memberId }).from(memberStars).where(inEstate(memberStars, estateId, eq(memberStars.viewerId, viewer))),
    listGroups(ctx.db, estateId, viewer),
  ]);
  const starred = new Set(stars.map((s) => s.memberId));
  const members: DirectoryMember[] = rows.map((r) => ({
    id: r.id,
    displayName: displayName(r),
    roles: r.roles,
    receivesThrough: r.receivesThrough,
    avatarUrl: avatarUrlOf(ctx, r),
    joinedAt: r.joinedAt.toISOString(),
    starred: starred.has(r.id),
  }));
  // Groups show only current members (someone disabled drops out of view, and back when enabled).
  const present = new Set(members.map((m) => m.id));
  const directory: Directory = {
    members,
    groups: groups.map((g) => ({ ...g, memberIds: g.memberIds.filter((id) => present.has(id)) })),
  };
  if (can('member.invite', access)) directory.invitations = await pendingInvitations(ctx, estateId);
  if (can('member.disable', access)) directory.disabled = await disabledMembers(ctx, estateId);
  return directory;
}

/** Invitations not taken up (and not withdrawn): waiting, or expired (a trustee may send it again). */
async function pendingInvitations(ctx: AppContext, estateId: string) {
  const rows = await ctx.db
    .select()
    .from(invitations)
    .where(inEstate(invitations, estateId, isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
    .orderBy(desc(invitations.createdAt));
  const now = ctx.now().getTime();
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    roles: r.roles,
    receivesThrough: r.receivesThrough,
    state: r.expiresAt.getTime() > now ? ('waiting' as const) : ('expired' as const),
    sentAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
  }));
}

async function disabledMembers(ctx: AppContext, estateId: string) {
  const rows = await ctx.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, roles: disabledMemberships.roles, disabledAt: disabledMemberships.disabledAt })
    .from(disabledMemberships)
    .innerJoin(users, eq(users.id, disabledMemberships.userId))
    .where(inEstate(disabledMemberships, estateId))
    .orderBy(desc(disabledMemberships.disabledAt));
  return rows.map((r) => ({ id: r.id, displayName: displayName(r), roles: r.roles, disabledAt: r.disabledAt.toISOString() }));
}

async function listGroups(db: Db, estateId: string, ownerId: string): Promise<MemberGroup[]> {
  const groups = await db
    .select({ id: memberGroups.id, name: memberGroups.name })
    .from(memberGroups)
    .where(inEstate(memberGroups, estateId, eq(memberGroups.ownerId, ownerId)))
    .orderBy(asc(memberGroups.createdAt), asc(memberGroups.id));
  if (groups.length === 0) return [];
  const links = await db
    .select({ groupId: memberGroupMembers.groupId, memberId: memberGroupMembers.memberId })
    .from(memberGroupMembers)
    .where(inEstate(memberGroupMembers, estateId, inArray(memberGroupMembers.groupId, groups.map((g) => g.id))));
  return groups.map((g) => ({ ...g, memberIds: links.filter((l) => l.groupId === g.id).map((l) => l.memberId) }));
}

/** A current member of the estate, or 404 (someone disabled, gone or never there). */
async function requireMember(db: Db, estateId: string, memberId: string) {
  const [row] = await db.select({ id: memberships.userId }).from(memberships).where(inEstate(memberships, estateId, eq(memberships.userId, memberId)));
  if (!row) throw notFound('That member');
}

export async function setStar(ctx: AppContext, access: EstateAccess, memberId: string, starred: boolean): Promise<{ starred: boolean }> {
  const estateId = access.estate.id;
  if (starred) {
    await requireMember(ctx.db, estateId, memberId);
    await ctx.db.insert(memberStars).values({ estateId, viewerId: access.user.id, memberId }).onConflictDoNothing();
  } else {
    await ctx.db.delete(memberStars).where(inEstate(memberStars, estateId, eq(memberStars.viewerId, access.user.id), eq(memberStars.memberId, memberId)));
  }
  return { starred };
}

/** Everyone named must be a current member; a wrong id is the sender's mistake (400, on the field). */
async function checkGroupMembers(db: Db, estateId: string, memberIds: string[]): Promise<string[]> {
  const unique = [...new Set(memberIds)];
  if (unique.length === 0) return unique;
  const rows = await db
    .select({ id: memberships.userId })
    .from(memberships)
    .where(inEstate(memberships, estateId, inArray(memberships.userId, unique)));
  if (rows.length !== unique.length) {
    throw new AppError('validation_failed', 'Some of these people are not members of this estate.', {
      memberIds: 'Choose people who are members of this estate.',
    });
  }
  return unique;
}

async function ownGroup(db: Db, estateId: string, ownerId: string, groupId: string) {
  const [group] = await db
    .select()
    .from(memberGroups)
    .where(inEstate(memberGroups, estateId, eq(memberGroups.id, groupId), eq(memberGroups.ownerId, ownerId)))
    .for('update');
  // Another person's group does not exist for this viewer.
  if (!group) throw notFound('That group');
  return group;
}

async function groupOf(db: Db, estateId: string, ownerId: string, groupId: string): Promise<MemberGroup> {
  const group = (await listGroups(db, estateId, ownerId)).find((g) => g.id === groupId);
  if (!group) throw notFound('That group');
  return group;
}

export async function createGroup(ctx: AppContext, access: EstateAccess, body: { name: string; memberIds: string[] }): Promise<MemberGroup> {
  const estateId = access.estate.id;
  const ownerId = access.user.id;
  const id = newId();
  await ctx.db.transaction(async (tx) => {
    const memberIds = await checkGroupMembers(tx, estateId, body.memberIds);
    // One person's groups are counted under a lock on their own rows' parent: the owner's membership.
    await tx.select({ id: memberships.userId }).from(memberships).where(inEstate(memberships, estateId, eq(memberships.userId, ownerId))).for('update');
    const existing = await tx.select({ id: memberGroups.id }).from(memberGroups).where(inEstate(memberGroups, estateId, eq(memberGroups.ownerId, ownerId)));
    if (existing.length >= MAX_GROUPS) throw new AppError('conflict', `You can keep at most ${MAX_GROUPS} groups in one estate.`);
    await tx.insert(memberGroups).values({ id, estateId, ownerId, name: body.name });
    if (memberIds.length > 0) await tx.insert(memberGroupMembers).values(memberIds.map((memberId) => ({ estateId, groupId: id, memberId })));
  });
  return groupOf(ctx.db, estateId, ownerId, id);
}

export async function updateGroup(
  ctx: AppContext,
  access: EstateAccess,
  groupId: string,
  body: { name?: string | undefined; memberIds?: string[] | undefined },
): Promise<MemberGroup> {
  const estateId = access.estate.id;
  const ownerId = access.user.id;
  await ctx.db.transaction(async (tx) => {
    await ownGroup(tx, estateId, ownerId, groupId);
    if (body.name !== undefined) await tx.update(memberGroups).set({ name: body.name }).where(inEstate(memberGroups, estateId, eq(memberGroups.id, groupId)));
    if (body.memberIds !== undefined) {
      const memberIds = await checkGroupMembers(tx, estateId, body.memberIds);
      await tx.delete(memberGroupMembers).where(inEstate(memberGroupMembers, estateId, eq(memberGroupMembers.groupId, groupId)));
      if (memberIds.length > 0) await tx.insert(memberGroupMembers).values(memberIds.map((memberId) => ({ estateId, groupId, memberId })));
    }
  });
  return groupOf(ctx.db, estateId, ownerId, groupId);
}

export async function deleteGroup(ctx: AppContext, access: EstateAccess, groupId: string): Promise<void> {
  const estateId = access.estate.id;
  const [deleted] = await ctx.db
    .delete(memberGroups)
    .where(and(inEstate(memberGroups, estateId, eq(memberGroups.id, groupId)), eq(memberGroups.ownerId, access.user.id)))
    .returning({ id: memberGroups.id });
  if (!deleted) throw notFound('That group');
}
