/** Invitations: a trustee invites by email with roles; the link's holder joins the estate once. */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { Role } from '@estate/domain/roles';
import type { createInvitationBody } from '@estate/domain/schemas/estate';
import type { Db } from '../../db/client.js';
import { disabledMemberships, estates, invitations, memberships, users } from '../../db/schema.js';
import { recordActivity } from '../../platform/activity.js';
import type { EstateAccess, UserRow } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound, says } from '../../platform/errors.js';
import { hashToken, newId, newSecretToken } from '../../platform/ids.js';
import { inEstate } from '../../platform/tenancy.js';
import { invitationMail, readerLanguage } from '../../platform/mail-texts.js';

const INVITATION_TTL_MS = 14 * 86_400_000;

type InvitationRow = typeof invitations.$inferSelect;

export async function createInvitation(
  ctx: AppContext,
  access: EstateAccess,
  body: z.infer<typeof createInvitationBody>,
) {
  const estateId = access.estate.id;
  // The schema requires a parent exactly when Offspring is among the roles; here, who it may be.
  if (body.receivesThrough !== undefined) await checkParent(ctx, estateId, body.receivesThrough, body.email);
  const token = newSecretToken();
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  const id = newId();
  await ctx.db.transaction(async (tx) => {
    await tx.insert(invitations).values({
      id,
      estateId,
      email: body.email,
      roles: [...new Set(body.roles)].sort((a, b) => a - b),
      receivesThrough: body.receivesThrough ?? null,
      tokenHash: hashToken(token),
      invitedBy: access.user.id,
      expiresAt,
    });
    await recordActivity(tx, {
      estateId,
      actorId: access.user.id,
      action: 'invitation.created',
      entity: 'invitation',
      entityId: id,
      field: 'roles',
      to: { email: body.email, roles: body.roles },
      // It names the invitee's address: trustees and observers only.
      visibility: 'trustees',
    });
  });
  const link = `${ctx.config.PUBLIC_URL}/invite/${token}`;
  const inviter = `${access.user.firstName} ${access.user.lastName}`.trim();
  const language = body.language ?? readerLanguage(access.user.settings);
  await ctx.mailer.send(invitationMail({ email: body.email, firstName: '', language, roles: body.roles }, { estate: access.estate.name, inviter, url: link }));
  return { id, link, expiresAt: expiresAt.toISOString() };
}

/** The person who receives for an Offspring member: a beneficiary of the same estate, not the invitee. */
async function checkParent(ctx: AppContext, estateId: string, parentId: string, inviteeEmail: string) {
  const [parent] = await ctx.db
    .select({ roles: memberships.roles, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(inEstate(memberships, estateId, eq(memberships.userId, parentId)));
  if (!parent?.roles.includes(Role.Beneficiary)) {
    throw new AppError('validation_failed', says('invitations.parentNotBeneficiary'), {
      receivesThrough: says('invitations.chooseParent'),
    });
  }
  if (parent.email === inviteeEmail) {
    throw new AppError('validation_failed', says('invitations.selfParent'), {
      receivesThrough: says('invitations.selfParentField'),
    });
  }
}

export async function listInvitations(ctx: AppContext, estateId: string) {
  const rows = await ctx.db
    .select()
    .from(invitations)
    .where(inEstate(invitations, estateId, isNull(invitations.revokedAt)))
    .orderBy(desc(invitations.createdAt));
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    roles: r.roles,
    expiresAt: r.expiresAt.toISOString(),
    acceptedAt: r.acceptedAt?.toISOString() ?? null,
  }));
}

export async function findOpenInvitation(db: Db, token: string, now: Date): Promise<InvitationRow> {
  const [row] = await db.select().from(invitations).where(eq(invitations.tokenHash, hashToken(token)));
  if (!row || row.acceptedAt || row.revokedAt || row.expiresAt <= now) {
    throw new AppError('validation_failed', says('invitations.used'), {
      invitation: says('invitations.usedField'),
    });
  }
  return row;
}

/** What the invitation page shows before the person signs in or registers. */
export async function previewInvitation(ctx: AppContext, token: string) {
  const [row] = await ctx.db
    .select({ invitation: invitations, estateName: estates.name, inviterFirst: users.firstName, inviterLast: users.lastName })
    .from(invitations)
    .innerJoin(estates, eq(estates.id, invitations.estateId))
    .innerJoin(users, eq(users.id, invitations.invitedBy))
    .where(eq(invitations.tokenHash, hashToken(token)));
  const inv = row?.invitation;
  if (!row || !inv || inv.acceptedAt || inv.revokedAt || inv.expiresAt <= ctx.now()) {
    throw notFound('This invitation');
  }
  const [account] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, inv.email));
  return {
    estateName: row.estateName,
    email: inv.email,
    roles: inv.roles,
    invitedBy: `${row.inviterFirst} ${row.inviterLast}`.trim(),
    expiresAt: inv.expiresAt.toISOString(),
    accountExists: account !== undefined,
  };
}

export async function acceptInvitation(ctx: AppContext, user: UserRow, token: string) {
  const now = ctx.now();
  const invitation = await findOpenInvitation(ctx.db, token, now);
  if (invitation.email !== user.email) {
    throw new AppError(
      'forbidden',
      says('invitations.otherAddress'),
    );
  }
  const membership = await ctx.db.transaction((tx) => joinEstate(tx, invitation, user.id, now));
  await ctx.events.publish({ type: 'membership', estateId: invitation.estateId, userId: user.id, data: {} });
  const [estate] = await ctx.db.select().from(estates).where(eq(estates.id, invitation.estateId));
  return { estateId: membership.estateId, estateName: estate?.name ?? '', roles: membership.roles, stage: estate?.stage ?? 0 };
}

/** Claims the invitation once (a conditional update, not read-then-write) and adds or widens the membership. */
export async function joinEstate(tx: Db, invitation: InvitationRow, userId: string, now: Date) {
  const [claimed] = await tx
    .update(invitations)
    .set({ acceptedAt: now, acceptedBy: userId })
    .where(and(eq(invitations.id, invitation.id), isNull(invitations.acceptedAt)))
    .returning();
  if (!claimed) throw new AppError('conflict', says('invitations.alreadyUsed'));
  const [existing] = await tx
    .select()
    .from(memberships)
    .where(inEstate(memberships, invitation.estateId, eq(memberships.userId, userId)));
  const roles = [...new Set([...(existing?.roles ?? []), ...invitation.roles])].sort((a, b) => a - b);
  const receivesThrough = invitation.receivesThrough ?? existing?.receivesThrough ?? null;
  const [membership] = await tx
    .insert(memberships)
    .values({ estateId: invitation.estateId, userId, roles, receivesThrough })
    .onConflictDoUpdate({ target: [memberships.estateId, memberships.userId], set: { roles, receivesThrough } })
    .returning();
  // Someone disabled in this estate who accepts a new invitation is a member again (directory).
  await tx.delete(disabledMemberships).where(inEstate(disabledMemberships, invitation.estateId, eq(disabledMemberships.userId, userId)));
  await recordActivity(tx, {
    estateId: invitation.estateId,
    actorId: userId,
    action: existing ? 'member.roles-added' : 'member.joined',
    entity: 'member',
    entityId: userId,
    field: 'roles',
    from: existing?.roles ?? null,
    to: roles,
  });
  return membership!;
}
