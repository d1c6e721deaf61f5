import { useMemo } from 'react';
import { currentMembership, effectiveRoles } from '../../../shared/session/current-estate';
import { actorOf } from '../../../shared/session/actor';
import { useSession } from '../../../shared/session/session-context';
import { useTodoCounts } from '../../../shared/api/todo-counts';
import { useFirstContentShown } from '../../../shared/api/first-content';
import { useQuestions } from '../../../shared/api/history';
import { can } from '@estate/domain/permissions';
import { buildNavigation, filterNavigation, flattenNavigation, type NavItem } from './navigation-config';

/** The navigation this person may see, and the flat list of its pages (for search and shortcuts). */
export function useNavigation(): { items: NavItem[]; pages: NavItem[] } {
  const { me } = useSession();
  const membership = currentMembership(me);
  const estateId = membership?.estateId ?? null;
  const roles = useMemo(() => effectiveRoles(me), [me]);
  // The policy's actor in the current estate: its roles and live stage.
  const actor = useMemo(() => actorOf(me, membership), [me, membership]);
  // The to-do badge: what the estates ask of the person and their own open to-dos.
  // (Read once the page's first content is on screen.)
  const shown = useFirstContentShown();
  const todo = useTodoCounts(Boolean(me) && shown).data?.open;
  // The trustee's badge on "Questions on results": questions waiting for an answer (40–90 only).
  const answering = actor ? can('question.answer', actor) : false;
  const questions = useQuestions(estateId, Boolean(me) && shown && answering).data?.filter((q) => !q.answer).length;
  return useMemo(() => {
    const items = filterNavigation(buildNavigation({ estateId, counts: { todo, questions } }), roles, actor);
    return { items, pages: flattenNavigation(items) };
  }, [estateId, roles, actor, todo, questions]);
}
