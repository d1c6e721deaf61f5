import { Role, isSupportVisit } from '@estate/domain/roles';
import type { Me, Membership } from '@estate/domain/schemas/account';

/** The estate the person is working in: the one in their settings, else their first. */
export function currentMembership(me: Me | null | undefined): Membership | null {
  if (!me) return null;
  const chosen = me.settings.currentEstateId;
  return me.memberships.find((m) => m.estateId === chosen) ?? me.memberships[0] ?? null;
}

/** Whether the current estate is the administrator's read-only support visit (not a membership). */
export function isVisiting(me: Me | null | undefined): boolean {
  const membership = currentMembership(me);
  return membership ? isSupportVisit(membership.roles) : false;
}

/**
 * Roles used for route and navigation checks: the current estate's roles, plus User (0) for
 * anyone signed in and Admin (99) for installation admins (it opens the installation's pages; it
 * is in no estate list but `member`, so it opens no trustee menu). Guests have none.
 */
export function effectiveRoles(me: Me | null | undefined): number[] {
  if (!me) return [];
  const roles = new Set<number>([Role.User, ...(currentMembership(me)?.roles ?? [])]);
  if (me.user.isAdmin) roles.add(Role.Admin);
  return [...roles];
}
