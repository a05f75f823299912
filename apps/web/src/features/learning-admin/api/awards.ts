import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { awardResponse, type AwardBody, type AwardTargetType } from '@trilha/contracts/rewards/awards';
import { awardBadgeChoices } from '@trilha/contracts/rewards/badges';
import type { Language } from '@trilha/i18n/languages';
import { apiRequest } from '../../../lib/api-client';

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
 * The client's active badges an author may attach, named in the author's language (the API reads it
 * from the request, so the language is part of the key).
 */
export function useBadgeChoices(language: Language) {
  return useQuery({
    queryKey: ['learning-admin', 'badge-choices', language],
    queryFn: async ({ signal }) => {
      const { badges } = await apiRequest('/api/admin/awards/badges', { schema: awardBadgeChoices, signal });
      return badges.map((b) => ({ id: b.id, name: b.name, active: true }));
    },
    staleTime: 60_000,
  });
}
