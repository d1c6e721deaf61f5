/**
 * The estate's activity as sentences, an item's history and questions on a result (issue 30):
 * reads, writes, and the live notices (a question asked, a question answered).
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ActivityAnswer } from '@estate/domain/schemas/activity';
import type { ActivityCategory, ItemHistoryAnswer } from '@estate/domain/schemas/history';
import type { ItemAnswer } from '@estate/domain/schemas/items';
import type { AnswerQuestionBody, QuestionAnswer, QuestionsAnswer } from '@estate/domain/schemas/questions';
import { i18n } from '../i18n/i18n';
import { notify } from '../ui/notify';
import { api } from './client';
import { queryKeys } from './query-keys';

const base = (estateId: string) => `/api/estates/${encodeURIComponent(estateId)}`;

export const historyKeys = {
  activity: (estateId: string, filter?: ActivityFilter) => ['estate', estateId, 'activity', filter ?? {}] as const,
  item: (estateId: string, itemId: string) => ['estate', estateId, 'item-history', itemId] as const,
  questions: (estateId: string) => ['estate', estateId, 'questions'] as const,
};

export type ActivityFilter = { category?: ActivityCategory; memberId?: string; itemId?: string };

export function useEstateActivity(estateId: string | null, filter: ActivityFilter) {
  return useInfiniteQuery({
    queryKey: historyKeys.activity(estateId ?? '', filter),
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ limit: '50' });
      if (pageParam) query.set('cursor', pageParam);
      for (const [key, value] of Object.entries(filter)) if (value) query.set(key, value);
      return api<ActivityAnswer>(`${base(estateId!)}/activity?${query.toString()}`);
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: Boolean(estateId),
  });
}

export function useItemHistory(estateId: string | null, itemId: string, enabled = true) {
  return useQuery({
    queryKey: historyKeys.item(estateId ?? '', itemId),
    queryFn: async () => (await api<ItemHistoryAnswer>(`${base(estateId!)}/items/${encodeURIComponent(itemId)}/history`)).events,
    enabled: Boolean(estateId) && enabled,
  });
}

/**
 * The item a question is about, for the trustee's answer form (who receives it now, so the form
 * does not offer a change to the same person). The item's own cache entry, shared with its page.
 */
export function useQuestionItem(estateId: string, itemId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.item(estateId, itemId),
    queryFn: async () => (await api<ItemAnswer>(`${base(estateId)}/items/${encodeURIComponent(itemId)}`)).item,
    enabled: Boolean(estateId && itemId) && enabled,
  });
}

export function useQuestions(estateId: string | null, enabled = true) {
  return useQuery({
    queryKey: historyKeys.questions(estateId ?? ''),
    queryFn: async () => (await api<QuestionsAnswer>(`${base(estateId!)}/questions`)).questions,
    enabled: Boolean(estateId) && enabled,
  });
}

export function useAskQuestion(estateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, text }: { itemId: string; text: string }) =>
      api<QuestionAnswer>(`${base(estateId)}/items/${encodeURIComponent(itemId)}/questions`, { method: 'POST', body: { text } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: historyKeys.questions(estateId) }),
  });
}

export function useAnswerQuestion(estateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, ...body }: AnswerQuestionBody & { questionId: string }) =>
      api<QuestionAnswer>(`${base(estateId)}/questions/${encodeURIComponent(questionId)}/answer`, { method: 'PUT', body }),
    // A change of receiver touches the item, its hand-over, lists and reports: the estate's reads refresh.
    onSuccess: (_answer, body) => void queryClient.invalidateQueries({ queryKey: body.reassignTo !== undefined ? ['estate', estateId] : historyKeys.questions(estateId) }),
  });
}

export const QUESTION_EVENT_KINDS: readonly string[] = ['question-asked', 'question-answered'];

/** A question asked (to the trustees) or answered (to the asker): the list refreshes, and a notice says so. */
export function applyQuestionEvent(queryClient: QueryClient, data: unknown): void {
  const { estateId, kind, outcome } = (data ?? {}) as { estateId?: unknown; kind?: unknown; outcome?: unknown };
  if (typeof estateId !== 'string') return;
  void queryClient.invalidateQueries({ queryKey: historyKeys.questions(estateId) });
  if (kind === 'question-asked') notify(i18n.t('activity:questions.noticeAsked'), 'info');
  else notify(i18n.t(outcome === 'changed' ? 'activity:questions.noticeChanged' : 'activity:questions.noticeKept'), 'info');
}
