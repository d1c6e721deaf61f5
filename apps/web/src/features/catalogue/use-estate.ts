import { useParams } from 'react-router';
import { can as canDo, type Action } from '@estate/domain/permissions';
import type { StageCode } from '@estate/domain/stages';
import type { Membership } from '@estate/domain/schemas/account';
import { currentMembership } from '../../shared/session/current-estate';
import { useSession } from '../../shared/session/session-context';

export type EstateAccess = {
  estateId: string;
  membership: Membership;
  stage: number;
  can: (action: Action) => boolean;
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
  const roles = me?.user.isAdmin ? [...membership.roles, 99] : membership.roles;
  return {
    estateId: membership.estateId,
    membership,
    stage: membership.stage,
    can: (action) => canDo(action, { roles, stage: membership.stage as StageCode }),
  };
}
