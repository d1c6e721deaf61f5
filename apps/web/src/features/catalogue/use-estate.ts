import { useParams } from 'react-router';
import type { Action, Decision, ResourceFacts } from '@estate/domain/permissions';
import type { Membership } from '@estate/domain/schemas/account';
import { actorOf, policyFor } from '../../shared/session/actor';
import { currentMembership } from '../../shared/session/current-estate';
import { useSession } from '../../shared/session/session-context';

export type EstateAccess = {
  estateId: string;
  membership: Membership;
  stage: number;
  /** The policy's answer for this person in this estate now (the same table the server checks). */
  can: (action: Action, facts?: ResourceFacts) => boolean;
  /** The whole answer, for a button offered disabled with its reason (`shared/ui/offer.ts`). */
  decide: (action: Action, facts?: ResourceFacts) => Decision;
};

/**
 * The estate a catalogue page works in: `:pid` from the path, else the current estate. Null when
 * the person is not a member of it (the page then shows "not found").
 */
export function useEstate(): EstateAccess | null {
  const { pid } = useParams();
  const { me } = useSession();
  const membership = pid ? (me?.memberships.find((m) => m.estateId === pid) ?? null) : currentMembership(me);
  if (!membership) return null;
  const policy = policyFor(actorOf(me, membership));
  return { estateId: membership.estateId, membership, stage: membership.stage, can: (action, facts) => policy.can(action, facts), decide: (action, facts) => policy.decide(action, facts) };
}
