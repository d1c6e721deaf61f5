import { useMemo } from 'react';
import { currentMembership, effectiveRoles } from '../../../shared/session/current-estate';
import { actorOf } from '../../../shared/session/actor';
import { useSession } from '../../../shared/session/session-context';
import { buildNavigation, filterNavigation, flattenNavigation, type NavItem } from './navigation-config';

/** The navigation this person may see, and the flat list of its pages (for search and shortcuts). */
export function useNavigation(): { items: NavItem[]; pages: NavItem[] } {
  const { me } = useSession();
  const membership = currentMembership(me);
  const estateId = membership?.estateId ?? null;
  const roles = useMemo(() => effectiveRoles(me), [me]);
  // The policy's actor in the current estate: its roles and live stage.
  const actor = useMemo(() => actorOf(me, membership), [me, membership]);
  return useMemo(() => {
    const items = filterNavigation(buildNavigation({ estateId }), roles, actor);
    return { items, pages: flattenNavigation(items) };
  }, [estateId, roles, actor]);
}
