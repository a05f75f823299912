import { useQuery } from '@tanstack/react-query';
import {
  answerSaved,
  attemptResult,
  attemptReview,
  attemptView,
  testOverview,
  type AnswerInput,
  type AnswerSaved,
  type AttemptResult,
  type AttemptView,
} from '@trilha/contracts/assessments/attempts';
import { apiRequest } from '../../../lib/api-client';
import { queryString } from '../../../lib/query-string';

/** The learner's routes of a test or quiz activity (docs/assessments.md, "Tests and quizzes"). */
const base = (activityId: number) => `/api/learning/activities/${activityId}/attempts`;

export const testKeys = {
  overview: (activityId: number, trailId: number | null) =>
    ['learning', 'test', activityId, trailId, 'overview'] as const,
  review: (activityId: number, attemptId: number) =>
    ['learning', 'test', activityId, 'review', attemptId] as const,
};

/** The test's rules and the learner's attempts so far. */
export function useTestOverview(activityId: number, trailId: number | null) {
  return useQuery({
    queryKey: testKeys.overview(activityId, trailId),
    queryFn: ({ signal }) =>
      apiRequest(`${base(activityId)}${queryString({ trailId })}`, { schema: testOverview, signal }),
    // The attempt in progress decides what the intro offers: always ask again when the player opens.
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** Starts an attempt, or resumes the open one with the time it has left. */
export function startAttempt(activityId: number, trailId: number | null): Promise<AttemptView> {
  return apiRequest(`${base(activityId)}${queryString({ trailId })}`, {
    method: 'POST',
    body: {},
    schema: attemptView,
  });
}

export function saveAnswer(
  activityId: number,
  attemptId: number,
  index: number,
  answer: AnswerInput | null,
): Promise<AnswerSaved> {
  return apiRequest(`${base(activityId)}/${attemptId}/answers/${index}`, {
    method: 'PUT',
    body: { answer },
    schema: answerSaved,
  });
}

/** Submits the attempt; asking again for the same attempt answers the same result. */
export function submitAttempt(activityId: number, attemptId: number): Promise<AttemptResult> {
  return apiRequest(`${base(activityId)}/${attemptId}/submit`, {
    method: 'POST',
    body: {},
    schema: attemptResult,
  });
}

export function useAttemptReview(activityId: number, attemptId: number | null) {
  return useQuery({
    queryKey: testKeys.review(activityId, attemptId ?? 0),
    queryFn: ({ signal }) =>
      apiRequest(`${base(activityId)}/${attemptId}/review`, { schema: attemptReview, signal }),
    enabled: attemptId !== null,
  });
}
