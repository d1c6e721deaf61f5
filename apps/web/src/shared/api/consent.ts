/**
 * Consent, as every feature needs it: the Terms of Use and the Agreement of an estate with the
 * caller's acceptance (`GET /api/estates/:eid/agreements`, in the language the person reads), and
 * whether they must accept before they give input. The reading pages are in features/consent.
 */
import { useQuery } from '@tanstack/react-query';
import { CONSENT_GATED_ACTIONS } from '@estate/domain/consent';
import type { AgreementsAnswer } from '@estate/domain/schemas/agreements';
import { api } from './client';
import { queryKeys } from './query-keys';
import { i18n } from '../i18n/i18n';
import { usePolicy } from '../session/actor';
import { useTranslation } from '../i18n/use-translation';

export function useAgreements(estateId: string | null | undefined) {
  const { i18n: i } = useTranslation();
  return useQuery({
    // The documents come in the reader's language: a new language reads them again.
    queryKey: [...queryKeys.agreements(estateId ?? null), i.language],
    queryFn: () => api<AgreementsAnswer>(`/api/estates/${encodeURIComponent(estateId ?? '')}/agreements`, { headers: { 'Accept-Language': i18n.language } }),
    enabled: Boolean(estateId),
    staleTime: 60_000,
  });
}

/**
 * True when the person could give input now (the policy allows an approval, heart, ranking or
 * tokens in this stage) but has not accepted the current Terms and Agreement: the page then leads
 * them to the documents instead of offering what the server would refuse.
 */
export function useConsentNeeded(estateId: string | null | undefined): boolean {
  const policy = usePolicy(estateId);
  const wouldGiveInput = CONSENT_GATED_ACTIONS.some((action) => policy.can(action));
  const agreements = useAgreements(wouldGiveInput ? estateId : null);
  return wouldGiveInput && agreements.data?.required === true;
}

/** Where the documents are read and accepted; `back` is where to return afterwards. */
export function agreementsPath(estateId: string, back?: string): string {
  const query = new URLSearchParams({ estate: estateId, ...(back ? { back } : {}) });
  return `/agreements?${query.toString()}`;
}
