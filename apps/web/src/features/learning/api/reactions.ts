import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  learnerReaction,
  presentialReaction,
  reactionAnswered,
  type ProgressResponse,
  type ReactionAnswerBody,
} from '@trilha/contracts/learning';
import { apiRequest } from '../../../lib/api-client';
import { queryString } from '../../../lib/query-string';

/** The learner's routes of a reaction evaluation (docs/assessments.md, "Reaction evaluations"). */
const base = (activityId: number) => `/api/learning/activities/${activityId}/reaction`;

export const reactionKeys = {
  one: (activityId: number, trailId: number | null) => ['learning', 'reaction', activityId, trailId] as const,
  presential: (courseId: number, order: string) =>
    ['learning', 'reaction', 'presential', courseId, order] as const,
};

/** The questions in my language, whether the training ended (open) and whether I answered. */
export function useReaction(activityId: number, trailId: number | null) {
  return useQuery({
    queryKey: reactionKeys.one(activityId, trailId),
    queryFn: ({ signal }) =>
      apiRequest(`${base(activityId)}${queryString({ trailId })}`, { schema: learnerReaction, signal }),
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** Sends my answers, once; the answer finishes the activity (the progress the server answers). */
export function useAnswerReaction(
  activityId: number,
  trailId: number | null,
  onAnswered?: (progress: ProgressResponse) => void,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReactionAnswerBody) =>
      apiRequest(`${base(activityId)}${queryString({ trailId })}`, {
        method: 'POST',
        body,
        schema: reactionAnswered,
      }),
    onSuccess: (progress) => {
      onAnswered?.(progress);
      void client.invalidateQueries({ queryKey: ['learning', 'reaction', activityId] });
    },
  });
}

/** An in-person course's reaction evaluation, by course and hierarchy order (not built yet: unavailable). */
export function usePresentialReaction(courseId: number, order: string, enabled: boolean) {
  return useQuery({
    queryKey: reactionKeys.presential(courseId, order),
    queryFn: ({ signal }) =>
      apiRequest(`/api/learning/presential-courses/${courseId}/reactions/${encodeURIComponent(order)}`, {
        schema: presentialReaction,
        signal,
      }),
    enabled,
    retry: false,
  });
}
