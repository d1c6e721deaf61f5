import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EstateSettings } from '@estate/domain/schemas/estate';
import type { EstateAnswer } from '@estate/domain/schemas/estates';
import type { ApprovalProgressAnswer, FlagsAnswer } from '@estate/domain/schemas/approvals';
import type { DeadlinesAnswer } from '@estate/domain/schemas/deadlines';
import type { DirectivesAnswer, DrawLinesAnswer, PoolSummaryAnswer, StepPreviewAnswer, StepRunAnswer } from '@estate/domain/schemas/draws';
import type { Item, ItemAnswer, ItemsPageAnswer } from '@estate/domain/schemas/items';
import type { ParticipationAnswer, RecommendationsAnswer } from '@estate/domain/schemas/participation';
import type { CommitmentsAnswer, StageMovesAnswer } from '@estate/domain/schemas/stages';
import type { RoomsAnswer } from '@estate/domain/schemas/locations';
import { api } from '../../shared/api/client';
import { queryKeys } from '../../shared/api/query-keys';

export const estatePath = (estateId: string) => `/api/estates/${encodeURIComponent(estateId)}`;

/** A read of one of the estate's resources (`read` gets the estate's API path). */
function useEstateQuery<T>(
  estateId: string | null,
  key: readonly unknown[],
  read: (base: string) => Promise<T>,
  enabled = true,
  options: { refetchInterval?: number } = {},
) {
  return useQuery({
    queryKey: key,
    queryFn: () => read(estatePath(estateId ?? '')),
    enabled: Boolean(estateId) && enabled,
    retry: false,
    ...options,
  });
}

export const useEstate = (eid: string | null) =>
  useEstateQuery(eid, queryKeys.estateDetail(eid), (base) => api<EstateAnswer>(base));
/** Read again every half minute: "waiting for 2 people" changes as people finish. */
export const useStageMoves = (eid: string | null, enabled: boolean) =>
  useEstateQuery(eid, queryKeys.stageMoves(eid), (base) => api<StageMovesAnswer>(`${base}/stage/moves`), enabled, {
    refetchInterval: 30_000,
  });
export const useDeadlines = (eid: string | null) =>
  useEstateQuery(eid, queryKeys.deadlines(eid), (base) => api<DeadlinesAnswer>(`${base}/deadlines`));
export const useCommitments = (eid: string | null, enabled: boolean) =>
  useEstateQuery(eid, queryKeys.commitments(eid), (base) => api<CommitmentsAnswer>(`${base}/commitments`), enabled);
export const useApprovalProgress = (eid: string | null, enabled: boolean) =>
  useEstateQuery(eid, queryKeys.approvalProgress(eid), (base) => api<ApprovalProgressAnswer>(`${base}/approvals/progress`), enabled);
export const useFlags = (eid: string | null, enabled: boolean) =>
  useEstateQuery(eid, queryKeys.approvalFlags(eid), (base) => api<FlagsAnswer>(`${base}/approvals/flags`), enabled);
export const useParticipation = (eid: string | null, stage: number, enabled: boolean) =>
  useEstateQuery(eid, queryKeys.participation(eid, stage), (base) => api<ParticipationAnswer>(`${base}/participation/${stage}`), enabled);
export const useRecommendations = (eid: string | null, enabled: boolean) =>
  useEstateQuery(eid, queryKeys.highInterest(eid), (base) => api<RecommendationsAnswer>(`${base}/high-interest/recommendations`), enabled);
export const useDirectives = (eid: string | null, enabled: boolean) =>
  useEstateQuery(eid, queryKeys.directives(eid), (base) => api<DirectivesAnswer>(`${base}/directives`), enabled);
/** Items a chooser pages through: 20 at a time. */
export const CHOOSER_PAGE = 20;
/**
 * The items still to be given (status `unassigned`) that match `q` (number, name or room), a page
 * at a time from the server's item list: never the whole catalogue at once.
 */
export function usePoolItemPages(eid: string | null, q: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: queryKeys.itemList(eid, { status: 'unassigned', q, limit: CHOOSER_PAGE, chooser: true }),
    queryFn: ({ pageParam }) =>
      api<ItemsPageAnswer>(
        `${estatePath(eid ?? '')}/items?${new URLSearchParams({
          status: 'unassigned',
          sort: 'number',
          limit: String(CHOOSER_PAGE),
          ...(q ? { q } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        }).toString()}`,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: Boolean(eid) && enabled,
    retry: false,
  });
}
/** Every room of the estate, to say where an item is (the same resource as the catalogue's). */
export const useRoomNames = (eid: string | null) =>
  useEstateQuery(eid, queryKeys.allRooms(eid), async (base) => (await api<RoomsAnswer>(`${base}/rooms`)).rooms);
/** A step's stored result in words (trustees and observers), read again whenever the draws change. */
export const useDrawLines = (eid: string | null, step: number, enabled: boolean) =>
  useEstateQuery(eid, [...queryKeys.draws(eid), step, 'lines'], (base) => api<DrawLinesAnswer>(`${base}/draws/${step}/lines`), enabled);
export const usePoolSummary = (eid: string | null) =>
  useEstateQuery(eid, queryKeys.poolSummary(eid), (base) => api<PoolSummaryAnswer>(`${base}/pool-summary`));
/** The item as it stands: the same resource (key and shape) as the item page's. */
export function useItemNow(eid: string | null, itemId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.item(eid, itemId),
    queryFn: async (): Promise<Item> =>
      (await api<ItemAnswer>(`${estatePath(eid ?? '')}/items/${encodeURIComponent(itemId)}`)).item,
    enabled: Boolean(eid) && enabled,
  });
}

/** Any write in the estate: afterwards everything about the estate is read again. */
function useEstateWrite<B, R>(estateId: string, write: (body: B) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.estate(estateId) }),
  });
}

/** A write whose answer the page does not read (it reads the estate again). */
export function useEstateMutation<B>(
  estateId: string,
  request: (body: B) => { path: string; method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'; body?: unknown },
) {
  return useEstateWrite(estateId, (body: B) => {
    const { path, method, body: payload } = request(body);
    return api<unknown>(`${estatePath(estateId)}${path}`, { method, body: payload });
  });
}

/** A step's simulation: the record it would write, nothing stored. */
export const useStepPreview = (estateId: string, step: number) =>
  useEstateWrite(estateId, () => api<StepPreviewAnswer>(`${estatePath(estateId)}/steps/${step}/preview`, { method: 'POST' }));
/** Runs a step: its record, as stored. */
export const useStepRun = (estateId: string, step: number) =>
  useEstateWrite(estateId, () => api<StepRunAnswer>(`${estatePath(estateId)}/steps/${step}/run`, { method: 'POST' }));

export type SettingsPatch = Partial<EstateSettings>;
