/**
 * Who is asking, in the policy's terms: the roles in the estate, as the server gives them in
 * /api/me (a member's own; the administrator's flag adds nothing; the administrator's support
 * visit of an estate they are not a member of has only 99, `isSupportVisit`) and the estate's stage. The web asks the same policy the server uses
 * (`@estate/domain/permissions`) before it offers anything, so it never offers what will be refused.
 */
import { authorize, can, type Action, type Actor, type Decision, type ResourceFacts } from '@estate/domain/permissions';
import { isStageCode } from '@estate/domain/stages';
import type { Me, Membership } from '@estate/domain/schemas/account';
import { currentMembership } from './current-estate';
import { useSession } from './session-context';

export function actorOf(me: Me | null | undefined, membership: Membership | null | undefined): Actor | null {
  if (!me || !membership) return null;
  return { roles: membership.roles, stage: isStageCode(membership.stage) ? membership.stage : 0 };
}

export type Policy = {
  actor: Actor | null;
  /** Whether the caller may do `action` now (false without an estate). */
  can: (action: Action, facts?: ResourceFacts) => boolean;
  /** The policy's whole answer, for a disabled button that says why. */
  decide: (action: Action, facts?: ResourceFacts) => Decision;
};

export function policyFor(actor: Actor | null): Policy {
  return {
    actor,
    can: (action, facts) => (actor ? can(action, actor, facts) : false),
    decide: (action, facts) => (actor ? authorize(action, actor, facts) : { ok: false, reason: 'role' }),
  };
}

/** The policy for the current estate (or the estate `estateId`, when the person is a member of it). */
export function usePolicy(estateId?: string | null): Policy {
  const { me } = useSession();
  const membership = estateId ? (me?.memberships.find((m) => m.estateId === estateId) ?? null) : currentMembership(me);
  return policyFor(actorOf(me, membership));
}
