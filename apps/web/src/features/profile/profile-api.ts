/** The profile's own calls: phone and picture, the person's timeline and the photos they added. */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyPhotosAnswer, ProfileAnswer, TimelineAnswer } from '@estate/domain/schemas/people';
import type { SessionsAnswer } from '@estate/domain/schemas/sessions';
import { api } from '../../shared/api/client';
import { queryKeys } from '../../shared/api/query-keys';

export function useProfile() {
  return useQuery({
    queryKey: queryKeys.profile(),
    queryFn: async () => (await api<ProfileAnswer>('/api/me/profile')).profile,
  });
}

function useProfileWrite<A>(write: (args: A) => Promise<ProfileAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.profile(), answer.profile),
  });
}

export const useUpdatePhone = () => useProfileWrite((phone: string) => api<ProfileAnswer>('/api/me/profile', { method: 'PATCH', body: { phone } }));

export const useUploadPicture = () =>
  useProfileWrite((file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api<ProfileAnswer>('/api/me/avatar', { method: 'PUT', body: form });
  });

export const useRemovePicture = () => useProfileWrite(() => api<ProfileAnswer>('/api/me/avatar', { method: 'DELETE' }));

export function useTimeline() {
  return useInfiniteQuery({
    queryKey: queryKeys.timeline(),
    queryFn: ({ pageParam }) =>
      api<TimelineAnswer>(`/api/me/timeline${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useMyPhotos() {
  return useInfiniteQuery({
    queryKey: queryKeys.myPhotos(),
    queryFn: ({ pageParam }) =>
      api<MyPhotosAnswer>(`/api/me/photos${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The person's sessions (issue 31): where they are signed in. Kept under "me", outside the profile's prefix. */
const SESSIONS_KEY = ['me', 'sessions'] as const;

export function useSessions() {
  return useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: async () => (await api<SessionsAnswer>('/api/me/sessions')).sessions,
  });
}

/** Signs out one of the person's other devices; the list is read again. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
