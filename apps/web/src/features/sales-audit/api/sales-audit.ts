import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  auditFilterOptions,
  auditSale,
  auditSalePage,
  bulkDecisionResult,
  type SaleFlag,
  type SaleStatus,
} from '@trilha/contracts/sales';
import { useEffect, useMemo } from 'react';
import { apiBlob, apiRequest } from '../../../lib/api-client';
import { queryString as qs } from '../../../lib/query-string';

export const AUDIT_PAGE_SIZE = 20;

export interface AuditFilters {
  campaign: number | null;
  retailer: number | null;
  store: number | null;
  status: SaleStatus | null;
  flags: SaleFlag[];
  q: string;
}

export const emptyAuditFilters: AuditFilters = {
  campaign: null,
  retailer: null,
  store: null,
  status: 'pending',
  flags: [],
  q: '',
};

export const auditKeys = {
  all: ['sales-audit'] as const,
  options: () => ['sales-audit', 'options'] as const,
  queue: (filters: AuditFilters, page: number) => ['sales-audit', 'queue', filters, page] as const,
  sale: (id: number) => ['sales-audit', 'sale', id] as const,
};

export function useAuditOptions() {
  return useQuery({
    queryKey: auditKeys.options(),
    queryFn: ({ signal }) => apiRequest('/api/admin/sales/filters', { schema: auditFilterOptions, signal }),
    staleTime: 60_000,
  });
}

export function useAuditQueue(filters: AuditFilters, page: number) {
  return useQuery({
    queryKey: auditKeys.queue(filters, page),
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/admin/sales${qs({
          campaign: filters.campaign,
          retailer: filters.retailer,
          store: filters.store,
          status: filters.status,
          flags: filters.flags.length > 0 ? filters.flags.join(',') : null,
          q: filters.q.trim() || null,
          page,
          pageSize: AUDIT_PAGE_SIZE,
        })}`,
        { schema: auditSalePage, signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useAuditSale(id: number | null) {
  return useQuery({
    queryKey: auditKeys.sale(id ?? 0),
    queryFn: ({ signal }) => apiRequest(`/api/admin/sales/${id}`, { schema: auditSale, signal }),
    enabled: id !== null,
  });
}

/** A private image, fetched with the session (it is never public) and shown from a blob URL. */
export function usePrivateImage(key: readonly unknown[], path: string, enabled: boolean) {
  const query = useQuery({
    queryKey: key,
    queryFn: () => apiBlob(path),
    enabled,
    staleTime: Infinity,
    gcTime: 60_000,
  });
  const url = useMemo(
    () => (query.data && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(query.data) : null),
    [query.data],
  );
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return { url, isPending: query.isPending && enabled, isError: query.isError };
}

/** The invoice photo of a sale. */
export function useSalePhoto(id: number | null, hasPhoto: boolean) {
  return usePrivateImage(
    ['sales-audit', 'photo', id],
    `/api/admin/sales/${id}/photo`,
    id !== null && hasPhoto,
  );
}

export type Decision = { id: number; action: 'approve' } | { id: number; action: 'reject'; reason: string };

export function useDecide() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (d: Decision) =>
      apiRequest(`/api/admin/sales/${d.id}/${d.action}`, {
        method: 'POST',
        ...(d.action === 'reject' ? { body: { reason: d.reason } } : {}),
        schema: auditSale,
      }),
    onSuccess: (sale) => {
      client.setQueryData(auditKeys.sale(sale.id), sale);
      void client.invalidateQueries({ queryKey: ['sales-audit', 'queue'] });
    },
  });
}

/** Approves or rejects the chosen sales; each is decided on its own and answered with its result. */
export function useBulkDecide() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { action: 'approve' | 'reject'; ids: number[]; reason?: string }) =>
      apiRequest('/api/admin/sales/bulk', { method: 'POST', body, schema: bulkDecisionResult }),
    onSettled: () => client.invalidateQueries({ queryKey: auditKeys.all }),
  });
}
