import { useMemo } from 'react';
import { currentMembership, effectiveRoles } from '../../../shared/session/current-estate';
import { useSession } from '../../../shared/session/session-context';
import { buildNavigation, filterNavigation, flattenNavigation, type NavItem } from './navigation-config';

/** The navigation this person may see, and the flat list of its pages (for search and shortcuts). */
export function useNavigation(): { items: NavItem[]; pages: NavItem[] } {
  const { me } = useSession();
  const estateId = currentMembership(me)?.estateId ?? null;
  const roles = useMemo(() => effectiveRoles(me), [me]);
  return useMemo(() => {
    const items = filterNavigation(buildNavigation({ estateId }), roles);
    return { items, pages: flattenNavigation(items) };
  }, [estateId, roles]);
}
