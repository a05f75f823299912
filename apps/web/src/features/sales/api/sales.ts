import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { campaignList, pointsTable, storeOptionPage } from '@trilha/contracts/loyalty';
import { sale, salePage, type ReportSaleBody, type SaleStatus } from '@trilha/contracts/sales';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queryString as qs } from '../../../lib/query-string';

export const SALES_PAGE_SIZE = 10;
/** The points table's largest page, and how many pages the product picker reads at most. */
const PRODUCTS_PAGE = 100;
const PRODUCT_PAGES = 50;

export type StoreOption = z.infer<typeof storeOptionPage>['items'][number];
export type CampaignProduct = z.infer<typeof pointsTable>['items'][number];
export interface CampaignProducts {
  items: CampaignProduct[];
  /** My level's multiplier (1 without a level). */
  multiplier: number;
  levelName: string | null;
}

export const salesKeys = {
  all: ['sales'] as const,
  mine: (page: number, status: SaleStatus | null) => ['sales', 'mine', page, status] as const,
  products: (campaign: number) => ['sales', 'products', campaign] as const,
  stores: (campaign: number, q: string) => ['sales', 'stores', campaign, q] as const,
};

/** My campaigns with my registration (the same read, and cache, as the campaigns page). */
export function useMyCampaigns() {
  return useQuery({
    queryKey: ['loyalty', 'campaigns'],
    queryFn: ({ signal }) => apiRequest('/api/loyalty/campaigns', { schema: campaignList, signal }),
  });
}

/**
 * Every product of a campaign with its points and my multiplier, for the brand → type → processor →
 * generation → form factor → SKU picker: the points table read page by page (a campaign holds at most
 * 5,000 products).
 */
export function useCampaignProducts(campaign: number | null) {
  return useQuery({
    queryKey: salesKeys.products(campaign ?? 0),
    enabled: campaign !== null,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }): Promise<CampaignProducts> => {
      const items: CampaignProduct[] = [];
      let multiplier = 1;
      let levelName: string | null = null;
      for (let page = 1; page <= PRODUCT_PAGES; page++) {
        const data = await apiRequest(
          `/api/loyalty/points-table${qs({ campaign, page, pageSize: PRODUCTS_PAGE })}`,
          { schema: pointsTable, signal },
        );
        items.push(...data.items);
        multiplier = data.multiplier;
        levelName = data.level?.name ?? null;
        if (page * data.pageSize >= data.total || data.items.length === 0) break;
      }
      return { items, multiplier, levelName };
    },
  });
}

/** My sale reports, newest first, with the base points still waiting for the audit. */
export function useMySales(page: number, status: SaleStatus | null) {
  return useQuery({
    queryKey: salesKeys.mine(page, status),
    queryFn: ({ signal }) =>
      apiRequest(`/api/loyalty/sales${qs({ page, pageSize: SALES_PAGE_SIZE, status })}`, {
        schema: salePage,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Sends a report (multipart: the sale as JSON and the photo) with the Idempotency-Key of this
 * confirmation: a second tap, a retry or the replay after a renewed session report the sale once.
 */
export function useReportSale() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, photo, key }: { body: ReportSaleBody; photo: File | null; key: string }) => {
      const formData = new FormData();
      formData.append('sale', JSON.stringify(body));
      if (photo) formData.append('photo', photo, photo.name || 'photo');
      return apiRequest('/api/loyalty/sales', {
        method: 'POST',
        formData,
        headers: { 'Idempotency-Key': key },
        schema: sale,
      });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: salesKeys.all }),
  });
}

/** The campaign's stores I may report a sale at (up to 100 matching the search), with their retailers. */
export function useSaleStores(campaign: number | null, q: string) {
  return useQuery({
    queryKey: salesKeys.stores(campaign ?? 0, q),
    enabled: campaign !== null,
    queryFn: ({ signal }) =>
      apiRequest(`/api/loyalty/stores${qs({ campaign, q, page: 1, pageSize: 100 })}`, {
        schema: storeOptionPage,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
