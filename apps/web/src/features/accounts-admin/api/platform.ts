import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { auditTrailPage, type AuditAction } from '@trilha/contracts/audit';
import { jobsOverview } from '@trilha/contracts/jobs';
import { apiRequest } from '../../../lib/api-client';
import { downloadWithSession } from '../../../lib/download';
import { queryString as query } from '../../../lib/query-string';

export interface AuditFilters {
  action?: AuditAction;
  actor?: string;
  from?: string;
  to?: string;
}

export function useAuditTrail(filters: AuditFilters, page: number) {
  return useQuery({
    queryKey: ['admin', 'audit-trail', filters, page],
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/audit-trail${query({ ...filters, page, pageSize: 25 })}`, {
        schema: auditTrailPage,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function downloadAuditTrail(filters: AuditFilters) {
  const day = new Date().toISOString().slice(0, 10);
  return downloadWithSession(`/api/admin/audit-trail.csv${query({ ...filters })}`, `audit-trail-${day}.csv`);
}

export function useJobs() {
  return useQuery({
    queryKey: ['admin', 'jobs'],
    queryFn: ({ signal }) => apiRequest('/api/admin/jobs', { schema: jobsOverview, signal }),
    refetchInterval: 10_000,
  });
}

export function useRetryJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ queue, id }: { queue: string; id: string }) =>
      apiRequest(`/api/admin/jobs/${encodeURIComponent(queue)}/${encodeURIComponent(id)}/retry`, {
        method: 'POST',
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'jobs'] }),
  });
}
