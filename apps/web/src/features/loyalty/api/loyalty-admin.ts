import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { okResponse } from '@trilha/contracts/auth';
import {
  adminCampaign,
  adminCampaignPage,
  adminStorePage,
  countryPage,
  importResult,
  levelList,
  productPage,
  retailerPage,
  type CampaignBody,
  type CampaignStatus,
} from '@trilha/contracts/loyalty';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queryString as qs } from '../../../lib/query-string';

export const ADMIN_PAGE_SIZE = 20;
/** The API's largest page: the editor reads whole lists (stores, products) in pages of this size. */
const FULL_PAGE = 100;
/** At most this many pages of one list are read for the editor (10,000 stores, the API's limit). */
const MAX_PAGES = 100;

const base = '/api/admin/loyalty';

export const adminKeys = {
  all: ['loyalty-admin'] as const,
  campaigns: (q: string, status: CampaignStatus | null, page: number) =>
    ['loyalty-admin', 'campaigns', q, status, page] as const,
  campaign: (id: number) => ['loyalty-admin', 'campaign', id] as const,
  list: (kind: 'stores' | 'products', q: string, page: number) => ['loyalty-admin', kind, q, page] as const,
  everything: (kind: 'stores' | 'products' | 'countries' | 'retailers') =>
    ['loyalty-admin', 'all', kind] as const,
  levels: ['loyalty-admin', 'levels'] as const,
};

export function useAdminCampaigns(q: string, status: CampaignStatus | null, page: number) {
  return useQuery({
    queryKey: adminKeys.campaigns(q, status, page),
    queryFn: ({ signal }) =>
      apiRequest(`${base}/campaigns${qs({ q, status, page, pageSize: ADMIN_PAGE_SIZE })}`, {
        schema: adminCampaignPage,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminCampaign(id: number | null) {
  return useQuery({
    queryKey: adminKeys.campaign(id ?? 0),
    queryFn: ({ signal }) => apiRequest(`${base}/campaigns/${id}`, { schema: adminCampaign, signal }),
    enabled: id !== null,
  });
}

/** Creates (id null) or edits a campaign; the lists are read again after it. */
export function useSaveCampaign(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CampaignBody) =>
      apiRequest(id === null ? `${base}/campaigns` : `${base}/campaigns/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body,
        schema: adminCampaign,
      }),
    onSuccess: (saved) => {
      client.setQueryData(adminKeys.campaign(saved.id), saved);
      return client.invalidateQueries({ queryKey: ['loyalty-admin', 'campaigns'] });
    },
  });
}

export function useDeleteCampaign(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(`${base}/campaigns/${id}`, { method: 'DELETE', schema: okResponse }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['loyalty-admin', 'campaigns'] }),
  });
}

export function useAdminStores(q: string, page: number) {
  return useQuery({
    queryKey: adminKeys.list('stores', q, page),
    queryFn: ({ signal }) =>
      apiRequest(`${base}/stores${qs({ q, page, pageSize: ADMIN_PAGE_SIZE })}`, {
        schema: adminStorePage,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminProducts(q: string, page: number) {
  return useQuery({
    queryKey: adminKeys.list('products', q, page),
    queryFn: ({ signal }) =>
      apiRequest(`${base}/products${qs({ q, page, pageSize: ADMIN_PAGE_SIZE })}`, {
        schema: productPage,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

type Paged<T> = z.ZodType<{ items: T[]; total: number; page: number; pageSize: number }>;

/** Every record of a list, read page after page (the campaign editor picks among all of them). */
async function readAll<T>(path: string, schema: Paged<T>, signal: AbortSignal): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await apiRequest(`${base}/${path}${qs({ page, pageSize: FULL_PAGE })}`, {
      schema,
      signal,
    });
    items.push(...answer.items);
    if (items.length >= answer.total || answer.items.length === 0) break;
  }
  return items;
}

export function useAllStores() {
  return useQuery({
    queryKey: adminKeys.everything('stores'),
    queryFn: ({ signal }) => readAll('stores', adminStorePage, signal),
  });
}
export function useAllProducts() {
  return useQuery({
    queryKey: adminKeys.everything('products'),
    queryFn: ({ signal }) => readAll('products', productPage, signal),
  });
}
export function useAllCountries() {
  return useQuery({
    queryKey: adminKeys.everything('countries'),
    queryFn: ({ signal }) => readAll('countries', countryPage, signal),
  });
}
export function useAllRetailers() {
  return useQuery({
    queryKey: adminKeys.everything('retailers'),
    queryFn: ({ signal }) => readAll('retailers', retailerPage, signal),
  });
}

export type ImportKind = 'stores' | 'products';

/** Imports a CSV of stores or products (all or nothing); the lists are read again after it. */
export function useImport(kind: ImportKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) =>
      apiRequest(`${base}/${kind}/import`, { method: 'POST', body: { csv }, schema: importResult }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useAdminLevels() {
  return useQuery({
    queryKey: adminKeys.levels,
    queryFn: ({ signal }) => apiRequest(`${base}/levels`, { schema: levelList, signal }),
  });
}

export interface LevelInput {
  name: string;
  minXp: number;
  multiplier: number;
}

export function useSaveLevels() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (levels: LevelInput[]) =>
      apiRequest(`${base}/levels`, { method: 'PUT', body: { levels }, schema: levelList }),
    onSuccess: (saved) => client.setQueryData(adminKeys.levels, saved),
  });
}
