import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminAttemptDetail,
  adminAttemptPage,
  courseBlockPage,
  unblockResponse,
  type AttemptStatus,
  type EssayGradesBody,
} from '@trilha/contracts/assessments/attempts';
import { apiRequest } from '../../../lib/api-client';
import { queryString } from '../../../lib/query-string';

/** The back office's routes of tests: attempts per test, essay grading, blocked learners and unblocking. */
const base = '/api/admin/assessments';
export const ATTEMPTS_PAGE_SIZE = 20;

export const assessmentKeys = {
  all: ['learning-admin', 'assessments'] as const,
  attempts: (activityId: number, status: string, page: number) =>
    ['learning-admin', 'assessments', 'attempts', activityId, status, page] as const,
  attempt: (attemptId: number) => ['learning-admin', 'assessments', 'attempt', attemptId] as const,
  blocks: (courseId: number, page: number) =>
    ['learning-admin', 'assessments', 'blocks', courseId, page] as const,
};

export function useTestAttempts(activityId: number | null, status: 'all' | AttemptStatus, page: number) {
  return useQuery({
    queryKey: assessmentKeys.attempts(activityId ?? 0, status, page),
    queryFn: ({ signal }) =>
      apiRequest(
        `${base}/activities/${activityId}/attempts${queryString({ status, page, pageSize: ATTEMPTS_PAGE_SIZE })}`,
        { schema: adminAttemptPage, signal },
      ),
    enabled: activityId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useAttemptDetail(attemptId: number | null) {
  return useQuery({
    queryKey: assessmentKeys.attempt(attemptId ?? 0),
    queryFn: ({ signal }) =>
      apiRequest(`${base}/attempts/${attemptId}`, { schema: adminAttemptDetail, signal }),
    enabled: attemptId !== null,
  });
}

export function useGradeEssays(attemptId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EssayGradesBody) =>
      apiRequest(`${base}/attempts/${attemptId}/grades`, {
        method: 'POST',
        body,
        schema: adminAttemptDetail,
      }),
    onSuccess: (detail) => {
      client.setQueryData(assessmentKeys.attempt(attemptId), detail);
      void client.invalidateQueries({ queryKey: [...assessmentKeys.all, 'attempts'] });
    },
  });
}

export function useCourseBlocks(courseId: number, page: number) {
  return useQuery({
    queryKey: assessmentKeys.blocks(courseId, page),
    queryFn: ({ signal }) =>
      apiRequest(`${base}/courses/${courseId}/blocks${queryString({ page, pageSize: ATTEMPTS_PAGE_SIZE })}`, {
        schema: courseBlockPage,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useUnblock(courseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, reason }: { userId: number; reason: string }) =>
      apiRequest(`${base}/courses/${courseId}/users/${userId}/unblock`, {
        method: 'POST',
        body: { reason },
        schema: unblockResponse,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: assessmentKeys.all }),
  });
}
