import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Estate, EstateSettings } from '@estate/domain/schemas/estate';
import type { MoveOption } from '@estate/domain/stage-machine';
import { api } from '../../shared/api/client';
import { queryKeys } from '../../shared/api/query-keys';

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

/** What the control panel reads of a step's record (preview or run): who gets what, and why. */
export type DrawRecord = {
  step: number;
  assignments: { itemId: string; memberId: string; round?: number; pick?: number; tokens?: number; tied?: number }[];
  unwanted?: string[];
};
/** What the stage moves endpoint answers: each move allowed, or refused with a reason code. */
export type StageMoves = { forward: MoveOption | null; back: MoveOption | null };
export type PoolSummary = {
  poolItems: number;
  unwanted: number;
  wantedByOne: number;
  highInterest: number;
  contested: number;
  receivers: { memberId: string; displayName: string; hearted: number; heartedHighInterest: number; ranked: number; tokens: number }[];
};

function useEstateQuery<T>(
  estateId: string | null,
  key: readonly unknown[],
  path: string,
  enabled = true,
  options: { refetchInterval?: number } = {},
) {
  return useQuery({
    queryKey: key,
    queryFn: () => api<T>(`${estatePath(estateId ?? '')}${path}`),
    enabled: Boolean(estateId) && enabled,
    retry: false,
    ...options,
  });
}

export const useEstate = (eid: string | null) => useEstateQuery<{ estate: Estate }>(eid, queryKeys.estateDetail(eid), '');
/** Read again every half minute: "waiting for 2 people" changes as people finish. */
export const useStageMoves = (eid: string | null, enabled: boolean) =>
  useEstateQuery<StageMoves>(eid, queryKeys.stageMoves(eid), '/stage/moves', enabled, { refetchInterval: 30_000 });
export const useDeadlines = (eid: string | null) =>
  useEstateQuery<{ deadlines: Deadline[] }>(eid, queryKeys.deadlines(eid), '/deadlines');
export const useCommitments = (eid: string | null, enabled: boolean) =>
  useEstateQuery<{ commitments: Commitment[] }>(eid, queryKeys.commitments(eid), '/commitments', enabled);
export const useApprovalProgress = (eid: string | null, enabled: boolean) =>
  useEstateQuery<ApprovalProgress>(eid, queryKeys.approvalProgress(eid), '/approvals/progress', enabled);
export const useFlags = (eid: string | null, enabled: boolean) =>
  useEstateQuery<{ flags: Flag[] }>(eid, queryKeys.approvalFlags(eid), '/approvals/flags', enabled);
export const useParticipation = (eid: string | null, stage: number, enabled: boolean) =>
  useEstateQuery<Participation>(eid, queryKeys.participation(eid, stage), `/participation/${stage}`, enabled);
export const useRecommendations = (eid: string | null, enabled: boolean) =>
  useEstateQuery<{ threshold: number; items: Recommendation[] }>(
    eid,
    queryKeys.highInterest(eid),
    '/high-interest/recommendations',
    enabled,
  );
export const useDirectives = (eid: string | null, enabled: boolean) =>
  useEstateQuery<{ directives: Directive[] }>(eid, queryKeys.directives(eid), '/directives', enabled);
export const usePoolItems = (eid: string | null, enabled: boolean) =>
  useEstateQuery<{ items: { id: string; name: string; label: string; status: string }[] }>(
    eid,
    queryKeys.poolItems(eid),
    '/items?limit=200&status=unassigned',
    enabled,
  );
export const usePoolSummary = (eid: string | null) =>
  useEstateQuery<PoolSummary>(eid, queryKeys.poolSummary(eid), '/pool-summary');
/** The item as it stands: the same resource (key and shape) as the item page's. */
export function useItemNow(eid: string | null, itemId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.item(eid, itemId),
    queryFn: async () =>
      (await api<{ item: Record<string, unknown> }>(`${estatePath(eid ?? '')}/items/${encodeURIComponent(itemId)}`)).item,
    enabled: Boolean(eid) && enabled,
  });
}

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
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.estate(estateId) }),
  });
}

export type SettingsPatch = Partial<EstateSettings>;
