/** The lessons with the person's place in each (kept on the server, so any device resumes). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { queryKeys } from '../../shared/api/query-keys';
import type { CourseState, EstateLessonsAnswer, LessonProgressAnswer, LessonsAnswer } from '@estate/domain/schemas/lessons';

export type { CourseState, MemberLessons } from '@estate/domain/schemas/lessons';

export function useCourseStates() {
  return useQuery({
    queryKey: queryKeys.lessons(),
    queryFn: async () => (await api<LessonsAnswer>('/api/lessons')).courses,
  });
}

/** Keeps the open step (and a finish); the list's copy is updated from the answer. */
export function useSaveProgress(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { activeStep: number; completed?: boolean }) =>
      (await api<LessonProgressAnswer>(`/api/lessons/${encodeURIComponent(courseId)}/progress`, { method: 'PUT', body })).course,
    onSuccess: (course) => {
      queryClient.setQueryData<CourseState[]>(queryKeys.lessons(), (old) => old?.map((c) => (c.id === course.id ? course : c)));
    },
  });
}

export function useEstateLessonProgress(estateId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.lessonProgress(estateId),
    queryFn: async () =>
      (await api<EstateLessonsAnswer>(`/api/estates/${encodeURIComponent(estateId ?? '')}/lessons/progress`)).members,
    enabled: Boolean(estateId) && enabled,
  });
}
