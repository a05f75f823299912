import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  rankingMe,
  rankingPage,
  rankingVisibility,
  type RankingMetric,
  type RankingPeriod,
  type RankingScope,
} from '@trilha/contracts/ranking';
import { apiRequest } from '../../../lib/api-client';
import { queryString as qs } from '../../../lib/query-string';

export const RANKING_PAGE_SIZE = 20;

export interface RankingSelection {
  metric: RankingMetric;
  period: RankingPeriod;
  scope: RankingScope;
  areaId: number | null;
  /** The loyalty campaign of scope or period `campaign` (null: the caller's running one). */
  campaignId: number | null;
}

const params = (s: RankingSelection) => ({
  metric: s.metric,
  period: s.period,
  scope: s.scope,
  ...(s.scope === 'area' && s.areaId !== null ? { areaId: s.areaId } : {}),
  ...((s.scope === 'campaign' || s.period === 'campaign') && s.campaignId !== null
    ? { campaignId: s.campaignId }
    : {}),
});

export const rankingKeys = {
  all: ['ranking'] as const,
  page: (s: RankingSelection, page: number) => ['ranking', 'page', s, page] as const,
  me: (s: RankingSelection) => ['ranking', 'me', s] as const,
};

/** A page of the top of the ranking, best first. */
export function useRankingPage(selection: RankingSelection, page: number) {
  return useQuery({
    queryKey: rankingKeys.page(selection, page),
    queryFn: ({ signal }) =>
      apiRequest(`/api/ranking${qs({ ...params(selection), page, pageSize: RANKING_PAGE_SIZE })}`, {
        schema: rankingPage,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The caller's position with the five users above and below. */
export function useRankingMe(selection: RankingSelection) {
  return useQuery({
    queryKey: rankingKeys.me(selection),
    queryFn: ({ signal }) =>
      apiRequest(`/api/ranking/me${qs(params(selection))}`, { schema: rankingMe, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Shows the caller by initials (or by name again); every ranking read is refreshed after it. */
export function useSetHideName() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (hideName: boolean) =>
      apiRequest('/api/profile/ranking-visibility', {
        method: 'PUT',
        body: { hideName },
        schema: rankingVisibility,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: rankingKeys.all }),
  });
}
