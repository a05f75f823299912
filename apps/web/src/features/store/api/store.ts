import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  storeCatalog,
  storeItemDetail,
  storeItemPage,
  storeOrderPage,
  storeOrderResponse,
  type OrderStatus,
  type RedeemBody,
} from '@trilha/contracts/store';
import { profileResponse } from '@trilha/contracts/profile';
import { rewardsSummary } from '@trilha/contracts/rewards/ledger';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { queryString as qs } from '../../../lib/query-string';
import { useCommonStore } from '../../../lib/session-store';

export const STORE_PAGE_SIZE = 12;
export const ORDERS_PAGE_SIZE = 10;
/** Units at or under which an item says "few left". */
export const FEW_LEFT = 5;

export type StoreSort = 'popular' | 'az' | 'price_asc' | 'price_desc';

export interface StoreFilters {
  q: string;
  departmentId: number | null;
  categoryId: number | null;
  priceMin: number | null;
  priceMax: number | null;
  affordable: boolean;
  sort: StoreSort;
}

export const emptyFilters: StoreFilters = {
  q: '',
  departmentId: null,
  categoryId: null,
  priceMin: null,
  priceMax: null,
  affordable: false,
  sort: 'popular',
};

export const storeKeys = {
  all: ['store'] as const,
  catalog: () => ['store', 'catalog'] as const,
  items: (filters: StoreFilters, page: number) => ['store', 'items', filters, page] as const,
  item: (id: number) => ['store', 'item', id] as const,
  myOrders: (page: number) => ['store', 'orders', 'mine', page] as const,
  adminOrders: (status: OrderStatus | null, page: number) =>
    ['store', 'orders', 'admin', status, page] as const,
};

/** The learner's balances: the same key as the home points card and the profile's points tab. */
export function useRewardsSummary() {
  return useQuery({
    queryKey: ['rewards', 'summary'],
    queryFn: ({ signal }) => apiRequest('/api/rewards/summary', { schema: rewardsSummary, signal }),
  });
}

/** The profile (the same key as the profile screen's): the delivery address the redemption starts from. */
export function useProfileAddress() {
  return useQuery({
    queryKey: ['profile'],
    queryFn: () => apiRequest('/api/profile', { schema: profileResponse }),
    select: (data) => data.contact,
  });
}

export function useStoreCatalog() {
  return useQuery({
    queryKey: storeKeys.catalog(),
    queryFn: ({ signal }) => apiRequest('/api/store/catalog', { schema: storeCatalog, signal }),
    staleTime: 60_000,
  });
}

export function useStoreItems(filters: StoreFilters, page: number) {
  return useQuery({
    queryKey: storeKeys.items(filters, page),
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/store/items${qs({
          q: filters.q.trim() || undefined,
          departmentId: filters.departmentId,
          categoryId: filters.categoryId,
          priceMin: filters.priceMin,
          priceMax: filters.priceMax,
          affordable: filters.affordable ? 'true' : undefined,
          sort: filters.sort,
          page,
          pageSize: STORE_PAGE_SIZE,
        })}`,
        { schema: storeItemPage, signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useStoreItem(id: number) {
  return useQuery({
    queryKey: storeKeys.item(id),
    queryFn: ({ signal }) => apiRequest(`/api/store/items/${id}`, { schema: storeItemDetail, signal }),
    enabled: id > 0,
  });
}

/**
 * A redemption carries the Idempotency-Key the dialog made for this confirmation (the API client sends no
 * headers of its own): a second tap or a retry of the same confirmation orders once. After a 401 a cheap
 * call lets the API client renew the session and the request goes once more with the same key.
 */
export async function postRedeem(itemId: number, body: RedeemBody, idempotencyKey: string) {
  const send = () => {
    const bearer = useCommonStore.getState().accessToken;
    return fetch(`/api/store/items/${itemId}/redeem`, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'Accept-Language': document.documentElement.lang,
        'Idempotency-Key': idempotencyKey,
        ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
      },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  };
  let response: Response;
  try {
    response = await send();
    if (response.status === 401) {
      await apiRequest('/api/session');
      response = await send();
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(0, 'NETWORK_ERROR', error instanceof Error ? error.message : 'Network error');
  }
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    payload = undefined;
  }
  if (!response.ok) {
    const error = (payload as { error?: { code?: string; message?: string } } | undefined)?.error;
    throw new ApiError(
      response.status,
      error?.code ?? (response.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST'),
      error?.message ?? '',
    );
  }
  const parsed = storeOrderResponse.safeParse(payload);
  if (!parsed.success) throw new ApiError(response.status, 'INTERNAL', 'Unexpected response');
  return parsed.data;
}

export function useRedeem(itemId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: RedeemBody; key: string }) => postRedeem(itemId, body, key),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: storeKeys.all });
      await client.invalidateQueries({ queryKey: ['rewards'] });
      await client.invalidateQueries({ queryKey: ['home'] });
    },
  });
}

export function useMyOrders(page: number) {
  return useQuery({
    queryKey: storeKeys.myOrders(page),
    queryFn: ({ signal }) =>
      apiRequest(`/api/store/orders${qs({ page, pageSize: ORDERS_PAGE_SIZE })}`, {
        schema: storeOrderPage,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminOrders(status: OrderStatus | null, page: number) {
  return useQuery({
    queryKey: storeKeys.adminOrders(status, page),
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/store/orders${qs({ status, page, pageSize: ORDERS_PAGE_SIZE })}`, {
        schema: storeOrderPage,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export type OrderMove =
  | { id: number; action: 'approve' }
  | { id: number; action: 'deliver' }
  | { id: number; action: 'reprove'; reason: string }
  | { id: number; action: 'ship'; carrier: string; trackingCode: string };

export function useMoveOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (move: OrderMove) => {
      const body =
        move.action === 'reprove'
          ? { reason: move.reason }
          : move.action === 'ship'
            ? { carrier: move.carrier, trackingCode: move.trackingCode }
            : undefined;
      return apiRequest(`/api/admin/store/orders/${move.id}/${move.action}`, {
        method: 'POST',
        ...(body ? { body } : {}),
        schema: storeOrderResponse,
      });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['store', 'orders'] }),
  });
}
