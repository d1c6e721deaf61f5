import { useSearchParams } from 'react-router';
import { currentMembership } from '../../../shared/session/current-estate';
import { useSession } from '../../../shared/session/session-context';

/** A path inside the app to return to (never another site). */
function safeBack(value: string | null): string | null {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : null;
}

/**
 * The estate the documents are read for (`?estate=`, else the current one), where to return when
 * done (`?back=`), and the query string that keeps both from page to page.
 */
export function useReadingContext() {
  const [params] = useSearchParams();
  const { me } = useSession();
  const asked = params.get('estate');
  const estateId = (asked && me?.memberships.some((m) => m.estateId === asked) ? asked : null) ?? currentMembership(me)?.estateId ?? null;
  const back = safeBack(params.get('back'));
  const query = new URLSearchParams({ ...(estateId ? { estate: estateId } : {}), ...(back ? { back } : {}) }).toString();
  return { estateId, back, query: query ? `?${query}` : '' };
}
