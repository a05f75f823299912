import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  campaignList,
  pointsTable,
  registration,
  storeOptionPage,
  type LearnerCampaign,
} from '@trilha/contracts/loyalty';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { queryString as qs } from '../../../lib/query-string';

export const STORE_PAGE_SIZE = 20;
export const POINTS_PAGE_SIZE = 20;

export const loyaltyKeys = {
  all: ['loyalty'] as const,
  campaigns: ['loyalty', 'campaigns'] as const,
  stores: (campaign: number, q: string, page: number) => ['loyalty', 'stores', campaign, q, page] as const,
  points: (campaign: number, q: string, page: number) => ['loyalty', 'points', campaign, q, page] as const,
};

/** My active and previous campaigns, each with my registration and what I earned in it. */
export function useMyCampaigns() {
  return useQuery({
    queryKey: loyaltyKeys.campaigns,
    queryFn: ({ signal }) => apiRequest('/api/loyalty/campaigns', { schema: campaignList, signal }),
  });
}

/** The stores of a campaign I may sign up at, searched and paged. */
export function useCampaignStores(campaign: number, q: string, page: number) {
  return useQuery({
    queryKey: loyaltyKeys.stores(campaign, q, page),
    queryFn: ({ signal }) =>
      apiRequest(`/api/loyalty/stores${qs({ campaign, q, page, pageSize: STORE_PAGE_SIZE })}`, {
        schema: storeOptionPage,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Signs me up to a campaign at one of its stores; my campaigns are read again after it. */
export function useRegister(campaignId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (storeId: number) =>
      apiRequest(`/api/loyalty/campaigns/${campaignId}/registrations`, {
        method: 'POST',
        body: { storeId },
        schema: registration,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: loyaltyKeys.campaigns }),
    // Signed up meanwhile (another tab) or the campaign has ended: the cards show it as it now is.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        void client.invalidateQueries({ queryKey: loyaltyKeys.campaigns });
    },
  });
}

/** A campaign's products with their points and what one unit earns me at my level's multiplier. */
export function usePointsTable(campaign: number | null, q: string, page: number) {
  return useQuery({
    queryKey: loyaltyKeys.points(campaign ?? 0, q, page),
    queryFn: ({ signal }) =>
      apiRequest(`/api/loyalty/points-table${qs({ campaign, q, page, pageSize: POINTS_PAGE_SIZE })}`, {
        schema: pointsTable,
        signal,
      }),
    enabled: campaign !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * The campaign whose points count now: among the active ones, the one I am registered in, else the
 * first (the API lists the active campaigns first).
 */
export function currentCampaign(items: readonly LearnerCampaign[]): LearnerCampaign | null {
  const active = items.filter((c) => c.status === 'active');
  return active.find((c) => c.registration) ?? active[0] ?? null;
}
