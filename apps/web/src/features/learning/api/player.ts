import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  playerPayload,
  progressResponse,
  type ActivityProgressBody,
  type FlatCmi,
  type PlayerPayload,
  type ProgressResponse,
} from '@trilha/contracts/learning';
import { apiRequest } from '../../../lib/api-client';
import { learningKeys } from './catalog';

export function playerPath(courseId: number, order: string, trailId?: number | null): string {
  const base = trailId
    ? `/api/learning/trails/${trailId}/courses/${courseId}`
    : `/api/learning/courses/${courseId}`;
  return `${base}/activities/${encodeURIComponent(order)}`;
}

export function usePlayer(courseId: number, order: string, trailId?: number | null) {
  return useQuery<PlayerPayload>({
    queryKey: learningKeys.player(courseId, order, trailId),
    queryFn: ({ signal }) =>
      apiRequest(playerPath(courseId, order, trailId), { schema: playerPayload, signal }),
    // The payload carries signed content links; a refetch would reload the content under the learner.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: (count, error) =>
      count < 2 && !('status' in error && (error as { status: number }).status === 404),
  });
}

export function reportProgress(activityId: number, body: ActivityProgressBody): Promise<ProgressResponse> {
  return apiRequest(`/api/learning/activities/${activityId}/progress`, {
    method: 'POST',
    body,
    schema: progressResponse,
  });
}

export function commitScorm(
  activityId: number,
  cmi: FlatCmi,
  terminate: boolean,
  attempt: number,
): Promise<ProgressResponse> {
  return apiRequest(`/api/learning/activities/${activityId}/scorm/commit`, {
    method: 'POST',
    body: { cmi, terminate, attempt },
    schema: progressResponse,
  });
}

/** Progress reports of the player, with the course's lists marked stale once something changed. */
export function useProgressReporter(activityId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ActivityProgressBody) => reportProgress(activityId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: learningKeys.courses() }),
  });
}
