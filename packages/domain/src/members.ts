/**
 * What a trustee may not do to a member, and why (the member's page and the services ask the same
 * function, so a button is never offered that the server would refuse):
 * - an estate always keeps a trustee (the Trustee or Owner role): the last one is not taken away;
 * - a trustee does not disable themselves (another trustee can);
 * - someone offspring receive through keeps the Beneficiary role until that is changed;
 * - while items are being divided, who receives does not change (the policy's
 *   'member.changeReceivers', passed in as `receiversOpen`).
 */
import { Role } from './roles.js';
import type { MemberRefusal } from './schemas/people.js';

/** Estate roles that make someone a trustee of the estate (Admin is installation-wide). */
export const TRUSTEE_ROLES: readonly number[] = [Role.Trustee, Role.Owner];

export function holdsTrusteeRole(roles: readonly number[]): boolean {
  return roles.some((r) => TRUSTEE_ROLES.includes(r));
}

/** Roles that take part in receiving items: a beneficiary, or offspring who receive through one. */
export function receivesItems(roles: readonly number[]): boolean {
  return roles.includes(Role.Beneficiary) || roles.includes(Role.Offspring);
}

export type MemberFacts = {
  /** The member is the caller. */
  self: boolean;
  roles: readonly number[];
  receivesThrough: string | null;
  /** Other members holding a trustee role. */
  otherTrustees: number;
  /** Members who receive through this one. */
  receivesFor: number;
  /** The policy lets the caller change who receives, in the estate's stage now. */
  receiversOpen: boolean;
};

export type MemberRefusals = {
  disable?: MemberRefusal;
  dropTrustee?: MemberRefusal;
  dropBeneficiary?: MemberRefusal;
  changeReceiving?: MemberRefusal;
};

export function memberRefusals(f: MemberFacts): MemberRefusals {
  const lastTrustee = holdsTrusteeRole(f.roles) && f.otherTrustees === 0;
  const frozen = !f.receiversOpen;
  const refusals: MemberRefusals = {};
  const disable: MemberRefusal | undefined = f.self
    ? 'self'
    : lastTrustee
      ? 'lastTrustee'
      : f.receivesFor > 0
        ? 'receivesForOthers'
        : frozen && receivesItems(f.roles)
          ? 'receiversFrozen'
          : undefined;
  if (disable) refusals.disable = disable;
  if (lastTrustee) refusals.dropTrustee = 'lastTrustee';
  if (f.roles.includes(Role.Beneficiary) && f.receivesFor > 0) refusals.dropBeneficiary = 'receivesForOthers';
  else if (frozen && f.roles.includes(Role.Beneficiary)) refusals.dropBeneficiary = 'receiversFrozen';
  if (frozen) refusals.changeReceiving = 'receiversFrozen';
  return refusals;
}

/** Why a change of roles (and parent) is refused, or undefined when it may be made. */
export function roleChangeRefusal(
  f: MemberFacts,
  next: { roles: readonly number[]; receivesThrough: string | null },
): MemberRefusal | undefined {
  if (holdsTrusteeRole(f.roles) && !holdsTrusteeRole(next.roles) && f.otherTrustees === 0) return 'lastTrustee';
  if (f.roles.includes(Role.Beneficiary) && !next.roles.includes(Role.Beneficiary) && f.receivesFor > 0) return 'receivesForOthers';
  const receivingChanged =
    f.roles.includes(Role.Beneficiary) !== next.roles.includes(Role.Beneficiary) ||
    f.roles.includes(Role.Offspring) !== next.roles.includes(Role.Offspring) ||
    (f.receivesThrough ?? null) !== (next.receivesThrough ?? null);
  if (receivingChanged && !f.receiversOpen) return 'receiversFrozen';
  return undefined;
}

/** Words for the server's refusals (the web says them in the person's language). */
export const MEMBER_REFUSAL_TEXT: Record<MemberRefusal, string> = {
  lastTrustee: 'This is the estate’s last trustee; an estate always keeps one. Make someone else a trustee first.',
  self: 'You cannot disable yourself. Another trustee can do it.',
  receivesForOthers: 'Someone receives items through this person. Change who receives for them first.',
  receiversFrozen: 'While the items are being divided, who receives items cannot change.',
};
