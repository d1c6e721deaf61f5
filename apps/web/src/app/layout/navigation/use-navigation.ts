import { useMemo } from 'react';
import { currentMembership, effectiveRoles } from '../../../shared/session/current-estate';
import { actorOf } from '../../../shared/session/actor';
import { useSession } from '../../../shared/session/session-context';
import { useTodoCounts } from '../../../shared/api/todo-counts';
import { useFirstContentShown } from '../../../shared/api/first-content';
import { useQuestions } from '../../../shared/api/history';
import { can } from '@estate/domain/permissions';
import { Stage } from '@estate/domain/stages';
import { useReportFiles } from '../../../features/reports/api';
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
  // Reports and Trustee Reports: the report files ready to read (from stage 90 on), those for
  // everyone on Reports, those kept for the trustees on Trustee Reports.
  const reportsReady = Boolean(me) && shown && actor !== null && actor.stage >= Stage.Finalizing && can('report.view', actor);
  const reports = useReportFiles(estateId, reportsReady).data;
  const forEveryone = reports?.filter((r) => r.accessLevel === 'beneficiaries').length;
  const forTrustees = reports?.filter((r) => r.accessLevel === 'trustees').length;
  return useMemo(() => {
    const counts = { todo, questions, reports: forEveryone, trusteeReports: forTrustees };
    const items = filterNavigation(buildNavigation({ estateId, counts }), roles, actor);
    return { items, pages: flattenNavigation(items) };
  }, [estateId, roles, actor, todo, questions, forEveryone, forTrustees]);
}
