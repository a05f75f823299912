import { useQuery } from '@tanstack/react-query';
import { trailDetail } from '@trilha/contracts/learning';
import { earnedResponse, type AwardTargetType, type EarnedResponse } from '@trilha/contracts/rewards/awards';
import { apiRequest } from '../../../lib/api-client';
import { downloadWithSession } from '../../../lib/download';

/** How often, and for how long, a pending grant is asked about again before the dialog stops waiting. */
export const EARNED_POLL_MS = 2_000;
export const EARNED_WAIT_MS = 20_000;

/**
 * What finishing a course or trail gave the learner. The grant is written by a job after the finish, so
 * a `pending` answer is asked again every two seconds while `waiting` (the caller's twenty-second window).
 */
export function useEarned(targetType: AwardTargetType, targetId: number | null, waiting: boolean) {
  return useQuery<EarnedResponse>({
    queryKey: ['rewards', 'earned', targetType, targetId],
    queryFn: ({ signal }) =>
      apiRequest(`/api/rewards/earned?targetType=${targetType}&targetId=${targetId}`, {
        schema: earnedResponse,
        signal,
      }),
    enabled: targetId !== null,
    staleTime: 0,
    refetchInterval: (query) => (waiting && query.state.data?.status === 'pending' ? EARNED_POLL_MS : false),
    refetchOnWindowFocus: false,
  });
}

/** The trail as it stands right after a course of it finished: is it finished too, and what comes next. */
export function useTrailAfterFinish(trailId: number | null) {
  return useQuery({
    queryKey: ['learning', 'finish', 'trail', trailId],
    queryFn: ({ signal }) => apiRequest(`/api/learning/trails/${trailId}`, { schema: trailDetail, signal }),
    enabled: trailId !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

export function downloadEarnedCertificate(id: number, code: string) {
  return downloadWithSession(`/api/rewards/certificates/${id}/pdf`, `certificate-${code}.pdf`);
}
