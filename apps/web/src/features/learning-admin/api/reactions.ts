import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { reactionEssayList, reactionResults } from '@trilha/contracts/learning';
import { apiRequest } from '../../../lib/api-client';
import { downloadWithSession } from '../../../lib/download';
import { queryString as qs } from '../../../lib/query-string';

/** A reaction evaluation's results (instructors and managers): docs/assessments.md, "Reaction evaluations". */
const base = (activityId: number) => `/api/admin/learning/activities/${activityId}/reaction/results`;
export const REACTION_TEXTS_PAGE_SIZE = 10;

export function useReactionResults(activityId: number) {
  return useQuery({
    queryKey: ['reactions', 'results', activityId],
    queryFn: ({ signal }) => apiRequest(base(activityId), { schema: reactionResults, signal }),
    retry: false,
  });
}

export function useReactionTexts(activityId: number, question: number, page: number, enabled: boolean) {
  return useQuery({
    queryKey: ['reactions', 'texts', activityId, question, page],
    queryFn: ({ signal }) =>
      apiRequest(`${base(activityId)}/essays${qs({ question, page, pageSize: REACTION_TEXTS_PAGE_SIZE })}`, {
        schema: reactionEssayList,
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export const downloadReactionCsv = (activityId: number) =>
  downloadWithSession(`${base(activityId)}.csv`, `reaction-${activityId}.csv`);
