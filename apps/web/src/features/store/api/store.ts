import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminItemPage,
  adminItemResponse,
  bulkApproveResult,
  category,
  categoryList,
  department,
  departmentList,
  lowStockList,
  voucherPool,
  type CategoryBody,
  type DepartmentBody,
  type ItemBody,
  shipCsvResult,
  storeCatalog,
  storeEditorOptions,
  storeItemDetail,
  storeItemPage,
  storeOrderPage,
  storeOrderResponse,
  type OrderStatus,
  type RedeemBody,
} from '@trilha/contracts/store';
import { okResponse } from '@trilha/contracts/auth';
import { profileResponse } from '@trilha/contracts/profile';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { downloadWithSession } from '../../../lib/download';
import { queryString as qs } from '../../../lib/query-string';

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
 * A POST that carries an Idempotency-Key of the caller's: a second tap or a retry of the same confirmation
 * acts once (the API client replays it with the same key after renewing the session).
 */
function postWithKey<T>(path: string, body: unknown, idempotencyKey: string, schema: z.ZodType<T>) {
  return apiRequest(path, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema,
  });
}

/** A redemption carries the Idempotency-Key the dialog made for this confirmation. */
export function postRedeem(itemId: number, body: RedeemBody, idempotencyKey: string) {
  return postWithKey(`/api/store/items/${itemId}/redeem`, body, idempotencyKey, storeOrderResponse);
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

/** Approves the chosen orders, each on its own; the key is the selection's, so a retry approves once. */
export function useBulkApprove() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, key }: { ids: number[]; key: string }) =>
      postWithKey('/api/admin/store/orders/bulk-approve', { ids }, key, bulkApproveResult),
    onSettled: () => client.invalidateQueries({ queryKey: ['store', 'orders'] }),
  });
}

/** Ships the orders a CSV names (the file's text); the key is the file's sending. */
export function useShipCsv() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ csv, key }: { csv: string; key: string }) =>
      postWithKey('/api/admin/store/orders/ship-csv', { csv }, key, shipCsvResult),
    onSettled: () => client.invalidateQueries({ queryKey: ['store', 'orders'] }),
  });
}

/** The queue as CSV with the status on screen (every page of it, not only the one shown). */
export function downloadOrdersCsv(status: OrderStatus | null) {
  const day = new Date().toISOString().slice(0, 10);
  return downloadWithSession(`/api/admin/store/orders.csv${qs({ status })}`, `store-orders-${day}.csv`);
}

/** Active items and variants at or under their low-stock threshold. */
export function useLowStock() {
  return useQuery({
    queryKey: ['store', 'low-stock'],
    queryFn: ({ signal }) => apiRequest('/api/admin/store/low-stock', { schema: lowStockList, signal }),
  });
}

// Back office: the catalog's editors

const catalogKey = ['store', 'admin-catalog'] as const;

export function useDepartments() {
  return useQuery({
    queryKey: [...catalogKey, 'departments'],
    queryFn: ({ signal }) => apiRequest('/api/admin/store/departments', { schema: departmentList, signal }),
  });
}

export function useCategories() {
  return useQuery({
    queryKey: [...catalogKey, 'categories'],
    queryFn: ({ signal }) => apiRequest('/api/admin/store/categories', { schema: categoryList, signal }),
  });
}

/** What the item editor offers: the loyalty program's levels and the client's audience areas. */
export function useEditorOptions() {
  return useQuery({
    queryKey: [...catalogKey, 'options'],
    queryFn: ({ signal }) => apiRequest('/api/admin/store/options', { schema: storeEditorOptions, signal }),
  });
}

export const ADMIN_ITEMS_PAGE_SIZE = 20;

export function useAdminItems(q: string, page: number) {
  return useQuery({
    queryKey: [...catalogKey, 'items', q, page],
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/admin/store/items${qs({ q: q.trim() || undefined, page, pageSize: ADMIN_ITEMS_PAGE_SIZE })}`,
        { schema: adminItemPage, signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** Creates (id null) or edits a department, a category or an item; deletes a department or a category. */
export function useCatalogWrite() {
  const client = useQueryClient();
  const done = () => client.invalidateQueries({ queryKey: ['store'] });
  const path = (kind: string, id: number | null) => `/api/admin/store/${kind}${id === null ? '' : `/${id}`}`;
  return {
    department: useMutation({
      mutationFn: ({ id, body }: { id: number | null; body: DepartmentBody }) =>
        apiRequest(path('departments', id), {
          method: id === null ? 'POST' : 'PUT',
          body,
          schema: department,
        }),
      onSuccess: done,
    }),
    category: useMutation({
      mutationFn: ({ id, body }: { id: number | null; body: CategoryBody }) =>
        apiRequest(path('categories', id), { method: id === null ? 'POST' : 'PUT', body, schema: category }),
      onSuccess: done,
    }),
    item: useMutation({
      mutationFn: ({ id, body }: { id: number | null; body: ItemBody }) =>
        apiRequest(path('items', id), {
          method: id === null ? 'POST' : 'PUT',
          body,
          schema: adminItemResponse,
        }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: ({ kind, id }: { kind: 'departments' | 'categories'; id: number }) =>
        apiRequest(path(kind, id), { method: 'DELETE', schema: okResponse }),
      onSuccess: done,
    }),
    vouchers: useMutation({
      mutationFn: ({ id, codes }: { id: number; codes: string[] }) =>
        apiRequest(`/api/admin/store/items/${id}/vouchers`, {
          method: 'POST',
          body: { codes },
          schema: voucherPool,
        }),
      onSuccess: done,
    }),
  };
}
