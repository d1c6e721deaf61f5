import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Estate, EstateSettings } from '@estate/domain/schemas/estate';
import { api } from '../../shared/api/client';

export const estatePath = (estateId: string) => `/api/estates/${encodeURIComponent(estateId)}`;

export type Deadline = { stage: number; name: string; dueAt: string; autoAdvance: boolean; passed: boolean };
export type Commitment = { step: number; commitment: string; secret: string | null };
export type ApprovalProgress = {
  totalItems: number;
  members: { memberId: string; displayName: string; approved: number; approvedAutomatically: number; flagged: number }[];
};
export type Flag = {
  itemId: string;
  itemName: string;
  itemNumber: number;
  memberId: string;
  memberName: string;
  comment: string;
  suggestion: Record<string, unknown> | null;
  resolution: string | null;
};
export type Participation = {
  stage: number;
  members: { memberId: string; displayName: string; doneAt: string | null; automatic: boolean }[];
};
export type Recommendation = {
  itemId: string;
  label: string;
  name: string;
  interestCount: number;
  recommended: boolean;
  highInterest: boolean;
  highInterestSource: 'auto' | 'trustee' | null;
};
export type Directive = {
  itemId: string;
  label: string;
  name: string;
  reason: 'directive' | 'return';
  memberId: string | null;
  memberName: string | null;
  clause: string | null;
  note: string | null;
};

function useEstateQuery<T>(estateId: string | null, key: string[], path: string, enabled = true) {
  return useQuery({
    queryKey: ['estate', estateId, ...key],
    queryFn: () => api<T>(`${estatePath(estateId ?? '')}${path}`),
    enabled: Boolean(estateId) && enabled,
    retry: false,
  });
}

export const useEstate = (eid: string | null) => useEstateQuery<{ estate: Estate }>(eid, ['detail'], '');
export const useDeadlines = (eid: string | null) =>
  useEstateQuery<{ deadlines: Deadline[] }>(eid, ['deadlines'], '/deadlines');
export const useCommitments = (eid: string | null, enabled: boolean) =>
  useEstateQuery<{ commitments: Commitment[] }>(eid, ['commitments'], '/commitments', enabled);
export const useApprovalProgress = (eid: string | null, enabled: boolean) =>
  useEstateQuery<ApprovalProgress>(eid, ['approvals', 'progress'], '/approvals/progress', enabled);
export const useFlags = (eid: string | null, enabled: boolean) =>
  useEstateQuery<{ flags: Flag[] }>(eid, ['approvals', 'flags'], '/approvals/flags', enabled);
export const useParticipation = (eid: string | null, stage: number, enabled: boolean) =>
  useEstateQuery<Participation>(eid, ['participation', String(stage)], `/participation/${stage}`, enabled);
export const useRecommendations = (eid: string | null, enabled: boolean) =>
  useEstateQuery<{ threshold: number; items: Recommendation[] }>(
    eid,
    ['high-interest'],
    '/high-interest/recommendations',
    enabled,
  );
export const useDirectives = (eid: string | null, enabled: boolean) =>
  useEstateQuery<{ directives: Directive[] }>(eid, ['directives'], '/directives', enabled);
export const usePoolItems = (eid: string | null, enabled: boolean) =>
  useEstateQuery<{ items: { id: string; name: string; label: string; status: string }[] }>(
    eid,
    ['pool-items'],
    '/items?limit=200&status=unassigned',
    enabled,
  );

/** Any write in the estate: afterwards everything about the estate is read again. */
export function useEstateMutation<B, R = unknown>(
  estateId: string,
  request: (body: B) => { path: string; method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'; body?: unknown },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => {
      const { path, method, body: payload } = request(body);
      return api<R>(`${estatePath(estateId)}${path}`, { method, body: payload });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['estate', estateId] }),
  });
}

export type SettingsPatch = Partial<EstateSettings>;
