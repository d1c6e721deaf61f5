/** Catalogue API: locations, rooms, items, photos, labels, import/export, approvals and hearts. */
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { ItemStatus } from '@estate/domain/item-status';
import type { MyApprovalsAnswer, ApproveAllAnswer } from '@estate/domain/schemas/approvals';
import type { ImportAnswer, ImportPreviewAnswer } from '@estate/domain/schemas/catalogue-io';
import type { Item, ItemAnswer, ItemsPageAnswer, LabelsAnswer, ListItem } from '@estate/domain/schemas/items';
import type { LocationAnswer, LocationSettings, LocationsAnswer, Room, RoomAnswer, RoomsAnswer } from '@estate/domain/schemas/locations';
import type { InterestAnswer } from '@estate/domain/schemas/participation';
import type { PhotoAnswer } from '@estate/domain/schemas/photos';
import { api, apiFile } from '../../shared/api/client';
import { queryKeys } from '../../shared/api/query-keys';

/** The editable fields, as the form sends them. */
export type ItemInput = {
  name: string;
  notes: string;
  locationId: string | null;
  roomId: string | null;
  categories: string[];
  tags: string[];
  giver: string;
  owners: string;
  brand: string;
  model: string;
  year: number | null;
  value: number | null;
  currency: string;
  distribution: 'divide' | 'return';
};

export const SORTS = ['number', '-number', 'name', '-name', 'updated', '-updated'] as const;
export type Sort = (typeof SORTS)[number];

export type ItemFilters = {
  q?: string;
  locationId?: string;
  roomId?: string;
  category?: string;
  status?: ItemStatus;
  highInterest?: boolean;
  noPhoto?: boolean;
  sort?: Sort;
};

const base = (estateId: string) => `/api/estates/${encodeURIComponent(estateId)}`;
const enc = encodeURIComponent;
/** Item writes carry the version they were made from (412 when someone changed it meanwhile). */
const ifMatch = (version: number) => ({ 'If-Match': `"${version}"` });

// Locations and rooms ------------------------------------------------------------------------

export function useLocations(estateId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.locations(estateId),
    queryFn: async () => (await api<LocationsAnswer>(`${base(estateId)}/locations`)).locations,
    enabled,
  });
}

export function useRooms(estateId: string, locationId: string | null | undefined) {
  return useQuery({
    queryKey: queryKeys.rooms(estateId, locationId ?? ''),
    queryFn: async () =>
      (await api<RoomsAnswer>(`${base(estateId)}/locations/${enc(locationId ?? '')}/rooms`)).rooms,
    enabled: Boolean(locationId),
  });
}

/** Every room of the estate in one request (under the locations key: changes to places refresh it). */
export function useAllRooms(estateId: string) {
  return useQuery({
    queryKey: queryKeys.allRooms(estateId),
    queryFn: async () => (await api<RoomsAnswer>(`${base(estateId)}/rooms`)).rooms,
  });
}

function invalidatePlaces(queryClient: QueryClient, estateId: string) {
  return queryClient.invalidateQueries({ queryKey: queryKeys.locations(estateId) });
}

export function useSaveLocation(estateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      id?: string;
      name?: string;
      position?: number;
      settings?: LocationSettings;
    }) => {
      const { id, ...body } = input;
      return id
        ? (
            await api<LocationAnswer>(`${base(estateId)}/locations/${enc(id)}`, {
              method: 'PATCH',
              body,
            })
          ).location
        : (await api<LocationAnswer>(`${base(estateId)}/locations`, { method: 'POST', body }))
            .location;
    },
    onSettled: () => invalidatePlaces(queryClient, estateId),
  });
}

export function useDeleteLocation(estateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`${base(estateId)}/locations/${enc(id)}`, { method: 'DELETE' }),
    onSettled: () => invalidatePlaces(queryClient, estateId),
  });
}

export function useSaveRoom(estateId: string, locationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id?: string; name?: string; position?: number; locationId?: string }) => {
      const { id, ...body } = input;
      return id
        ? (await api<RoomAnswer>(`${base(estateId)}/rooms/${enc(id)}`, { method: 'PATCH', body })).room
        : (
            await api<RoomAnswer>(`${base(estateId)}/locations/${enc(locationId)}/rooms`, {
              method: 'POST',
              body: { name: body.name },
            })
          ).room;
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.rooms(estateId, locationId) }),
        invalidatePlaces(queryClient, estateId),
      ]),
  });
}

/** Rooms in a new order, saved in one request (all or nothing); then the rooms are asked for again. */
export function useReorderRooms(estateId: string, locationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ordered: Room[]) =>
      api<RoomsAnswer>(`${base(estateId)}/locations/${enc(locationId)}/rooms/order`, {
        method: 'PUT',
        body: { roomIds: ordered.map((room) => room.id) },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.rooms(estateId, locationId) }),
  });
}

export function useDeleteRoom(estateId: string, locationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`${base(estateId)}/rooms/${enc(id)}`, { method: 'DELETE' }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.rooms(estateId, locationId) }),
        invalidatePlaces(queryClient, estateId),
      ]),
  });
}

// Items ----------------------------------------------------------------------------------------

export function itemsSearch(filters: ItemFilters, cursor?: string | null, limit = 60): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === '' || value === false) continue;
    params.set(key, String(value));
  }
  if (cursor) params.set('cursor', cursor);
  params.set('limit', String(limit));
  return params.toString();
}

export function useItemsList(estateId: string, filters: ItemFilters) {
  return useInfiniteQuery({
    queryKey: queryKeys.itemList(estateId, filters),
    queryFn: ({ pageParam, signal }) =>
      api<ItemsPageAnswer>(`${base(estateId)}/items?${itemsSearch(filters, pageParam)}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useItem(estateId: string, itemId: string) {
  return useQuery({
    queryKey: queryKeys.item(estateId, itemId),
    queryFn: async () => (await api<ItemAnswer>(`${base(estateId)}/items/${enc(itemId)}`)).item,
    // No item chosen yet (a new item before it is saved): nothing to ask for.
    enabled: Boolean(estateId && itemId),
  });
}

export function fetchItem(estateId: string, itemId: string) {
  return api<ItemAnswer>(`${base(estateId)}/items/${enc(itemId)}`).then((r) => r.item);
}

export function useLabels(estateId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.labels(estateId),
    queryFn: () => api<LabelsAnswer>(`${base(estateId)}/labels`),
    enabled,
    staleTime: 60_000,
  });
}

/** After any item write: the detail gets the answer, lists and counts refetch. */
function afterItemWrite(queryClient: QueryClient, estateId: string, item?: Item) {
  if (item) queryClient.setQueryData(queryKeys.item(estateId, item.id), item);
  void queryClient.invalidateQueries({ queryKey: queryKeys.itemLists(estateId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.labels(estateId) });
  void invalidatePlaces(queryClient, estateId);
}

export function useCreateItem(estateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ItemInput) =>
      (await api<ItemAnswer>(`${base(estateId)}/items`, { method: 'POST', body })).item,
    onSuccess: (item) => afterItemWrite(queryClient, estateId, item),
  });
}

/** A catalogue edit. Hold and value have routes of their own (`useSetHold`, `useAppraise`). */
export type ItemPatch = Partial<ItemInput> & { featuredPhotoId?: string | null };

export function updateItem(estateId: string, itemId: string, version: number, body: ItemPatch) {
  return api<ItemAnswer>(`${base(estateId)}/items/${enc(itemId)}`, {
    method: 'PATCH',
    body,
    headers: ifMatch(version),
  }).then((r) => r.item);
}

export function useUpdateItem(estateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; version: number; patch: ItemPatch }) =>
      updateItem(estateId, input.id, input.version, input.patch),
    onSuccess: (item) => afterItemWrite(queryClient, estateId, item),
  });
}

/** Hold takes an unassigned item out of the pool; release puts it back (the trustee's decision). */
export function useSetHold(estateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: string; version: number; hold: boolean }) =>
      (
        await api<ItemAnswer>(`${base(estateId)}/items/${enc(input.id)}/hold`, {
          method: input.hold ? 'PUT' : 'DELETE',
          headers: ifMatch(input.version),
        })
      ).item,
    onSuccess: (item) => afterItemWrite(queryClient, estateId, item),
  });
}

/** The appraiser's value (or none) and its currency. */
export function useAppraise(estateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: string; version: number; value: number | null; currency: string }) =>
      (
        await api<ItemAnswer>(`${base(estateId)}/items/${enc(input.id)}/value`, {
          method: 'PUT',
          body: { value: input.value, currency: input.currency },
          headers: ifMatch(input.version),
        })
      ).item,
    onSuccess: (item) => afterItemWrite(queryClient, estateId, item),
  });
}

export function useDeleteItem(estateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`${base(estateId)}/items/${enc(id)}`, { method: 'DELETE' }),
    onSuccess: (_v, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.item(estateId, id) });
      afterItemWrite(queryClient, estateId);
    },
  });
}

// Photos ---------------------------------------------------------------------------------------

export function uploadPhoto(estateId: string, itemId: string, file: File) {
  const body = new FormData();
  body.append('file', file);
  return api<PhotoAnswer>(`${base(estateId)}/items/${enc(itemId)}/photos`, {
    method: 'POST',
    body,
  }).then((r) => r.photo);
}

export function deletePhoto(estateId: string, itemId: string, photoId: string) {
  return api<void>(`${base(estateId)}/items/${enc(itemId)}/photos/${enc(photoId)}`, { method: 'DELETE' });
}

export function reorderPhotos(estateId: string, itemId: string, photoIds: string[]) {
  return api<void>(`${base(estateId)}/items/${enc(itemId)}/photos/order`, {
    method: 'PUT',
    body: { photoIds },
  });
}

export function refreshItem(queryClient: QueryClient, estateId: string, itemId: string) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.item(estateId, itemId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.itemLists(estateId) });
}

// Hearts (stage 11) ------------------------------------------------------------------------------

/** Sets the heart on one item in every cached list page and in its detail. */
export function patchItemEverywhere(
  queryClient: QueryClient,
  estateId: string,
  itemId: string,
  patch: Partial<Pick<ListItem, 'interested' | 'interestCount'>>,
) {
  queryClient.setQueryData<Item>(queryKeys.item(estateId, itemId), (old) =>
    old ? { ...old, ...patch } : old,
  );
  queryClient.setQueriesData<InfiniteData<ItemsPageAnswer>>(
    { queryKey: queryKeys.itemLists(estateId) },
    (old) =>
      old && {
        ...old,
        pages: old.pages.map((page) => ({
          ...page,
          items: page.items.map((item) => (item.id === itemId ? { ...item, ...patch } : item)),
        })),
      },
  );
}

export function useToggleInterest(estateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { itemId: string; interested: boolean; interestCount: number }) =>
      api<InterestAnswer>(`${base(estateId)}/items/${enc(input.itemId)}/interest`, {
        method: input.interested ? 'DELETE' : 'PUT',
      }),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.items(estateId) });
      patchItemEverywhere(queryClient, estateId, input.itemId, {
        interested: !input.interested,
        interestCount: Math.max(0, input.interestCount + (input.interested ? -1 : 1)),
      });
    },
    onError: (_error, input) => {
      patchItemEverywhere(queryClient, estateId, input.itemId, {
        interested: input.interested,
        interestCount: input.interestCount,
      });
    },
    onSuccess: (answer, input) => patchItemEverywhere(queryClient, estateId, input.itemId, answer),
  });
}

// Approvals (stage 2) --------------------------------------------------------------------------

export type Suggestion = Partial<
  Pick<
    Item,
    'name' | 'notes' | 'categories' | 'giver' | 'owners' | 'brand' | 'model' | 'year' | 'distribution'
  >
>;
export function useMyApprovals(estateId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.myApprovals(estateId),
    queryFn: async () =>
      (await api<MyApprovalsAnswer>(`${base(estateId)}/approvals/mine`)).approvals,
    enabled,
  });
}

export function useSetApproval(estateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      itemId: string;
      status: 'approved' | 'flagged';
      comment?: string;
      suggestion?: Suggestion;
    }) =>
      api<void>(`${base(estateId)}/items/${enc(input.itemId)}/approval`, {
        method: 'PUT',
        body: {
          status: input.status,
          comment: input.comment ?? '',
          ...(input.suggestion && Object.keys(input.suggestion).length > 0
            ? { suggestion: input.suggestion }
            : {}),
        },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.myApprovals(estateId) }),
  });
}

export function useApproveAll(estateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<ApproveAllAnswer>(`${base(estateId)}/approvals/approve-all`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.myApprovals(estateId) }),
  });
}

// Import, export, labels -------------------------------------------------------------------------

function fileForm(file: File) {
  const body = new FormData();
  body.append('file', file);
  return body;
}

export function previewImport(estateId: string, file: File) {
  return api<ImportPreviewAnswer>(`${base(estateId)}/items/import/preview`, {
    method: 'POST',
    body: fileForm(file),
  });
}

export function commitImport(estateId: string, file: File) {
  return api<ImportAnswer>(`${base(estateId)}/items/import`, {
    method: 'POST',
    body: fileForm(file),
  });
}

export function downloadExport(estateId: string, format: 'csv' | 'xlsx') {
  return apiFile(`${base(estateId)}/items/export?format=${format}`, `items.${format}`);
}

export function downloadLabels(
  estateId: string,
  scope: { itemIds?: string[]; roomId?: string; locationId?: string },
  skip = 0,
) {
  const params = new URLSearchParams();
  if (scope.itemIds?.length) params.set('itemIds', scope.itemIds.join(','));
  if (scope.roomId) params.set('roomId', scope.roomId);
  if (scope.locationId) params.set('locationId', scope.locationId);
  if (skip) params.set('skip', String(skip));
  return apiFile(`${base(estateId)}/items/labels.pdf?${params.toString()}`, 'labels.pdf');
}

