/** An item's stories (issue 34): read, told (words, a recording, or both) and removed. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StoriesAnswer, Story, StoryAnswer } from '@estate/domain/schemas/stories';
import { api } from '../api/client';

const itemPath = (estateId: string, itemId: string) => `/api/estates/${encodeURIComponent(estateId)}/items/${encodeURIComponent(itemId)}/stories`;

export const storyKeys = { item: (estateId: string, itemId: string) => ['estate', estateId, 'stories', itemId] as const };

export function useStories(estateId: string, itemId: string) {
  return useQuery({
    queryKey: storyKeys.item(estateId, itemId),
    queryFn: async () => (await api<StoriesAnswer>(itemPath(estateId, itemId))).stories,
  });
}

export type ToldStory = { text: string; audio?: Blob; durationSeconds?: number };

/** The form the server reads: `text`, `audio` and the recorder's `durationSeconds`. */
export function storyForm(story: ToldStory): FormData {
  const body = new FormData();
  if (story.text.trim()) body.append('text', story.text.trim());
  if (story.durationSeconds !== undefined) body.append('durationSeconds', String(Math.round(story.durationSeconds)));
  if (story.audio) body.append('audio', story.audio, 'story');
  return body;
}

/** Sends a story; `key` (an Idempotency-Key) makes a repeat after a lost answer keep it once. */
export function sendStory(estateId: string, itemId: string, story: ToldStory, key: string): Promise<Story> {
  return api<StoryAnswer>(itemPath(estateId, itemId), { method: 'POST', body: storyForm(story), headers: { 'Idempotency-Key': key } }).then((r) => r.story);
}

export function useTellStory(estateId: string, itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, ...story }: ToldStory & { key: string }) => sendStory(estateId, itemId, story, key),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: storyKeys.item(estateId, itemId) }),
  });
}

export function useRemoveStory(estateId: string, itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (storyId: string) => api<void>(`${itemPath(estateId, itemId)}/${encodeURIComponent(storyId)}`, { method: 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: storyKeys.item(estateId, itemId) }),
  });
}
