import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { awardResponse, type AwardBody, type AwardTargetType } from '@trilha/contracts/rewards/awards';
import { adminBadgeList, myBadgesResponse } from '@trilha/contracts/rewards/badges';
import type { Language } from '@trilha/i18n/languages';
import { ApiError, apiRequest } from '../../../lib/api-client';

const awardKey = (type: AwardTargetType, id: number) => ['learning-admin', 'award', type, id] as const;

/** What finishing an activity, course or trail gives (null: nothing yet). */
export function useAward(type: AwardTargetType, id: number) {
  return useQuery({
    queryKey: awardKey(type, id),
    queryFn: ({ signal }) => apiRequest(`/api/admin/awards/${type}/${id}`, { schema: awardResponse, signal }),
    enabled: id > 0,
  });
}

export function useSaveAward(type: AwardTargetType, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AwardBody) =>
      apiRequest(`/api/admin/awards/${type}/${id}`, { method: 'PUT', body, schema: awardResponse }),
    onSuccess: (saved) => client.setQueryData(awardKey(type, id), saved),
  });
}

/**
 * The client's badges an author may attach, with their names in the author's language. The back office's
 * list needs `rewards.manage`, which an author (manager) does not have; the list every learner reads
 * (earned and still available, active badges only) names the same badges.
 */
export function useBadgeChoices(language: Language) {
  return useQuery({
    queryKey: ['learning-admin', 'badge-choices', language],
    queryFn: async ({ signal }) => {
      try {
        const { badges } = await apiRequest('/api/admin/badges', { schema: adminBadgeList, signal });
        return badges.map((b) => ({
          id: b.id,
          name: b.texts[language]?.name ?? b.texts['pt-BR'].name,
          active: b.active,
        }));
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 403) throw error;
        const mine = await apiRequest('/api/rewards/badges', { schema: myBadgesResponse, signal });
        return [...mine.earned, ...mine.available].map(({ badge }) => ({
          id: badge.id,
          name: badge.name,
          active: true,
        }));
      }
    },
    staleTime: 60_000,
  });
}
