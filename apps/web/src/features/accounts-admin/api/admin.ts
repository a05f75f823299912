import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminCapabilities,
  adminUsersPage,
  deletionRequestsPage,
  outboxPage,
  siteAssetResponse,
  type AdminUsersQuery,
  type LoginConfigBody,
} from '@trilha/contracts/accounts-admin';
import {
  institutionalPage,
  supportTicketsPage,
  type InstitutionalPageBody,
  type InstitutionalSlug,
} from '@trilha/contracts/institutional';
import type { RoleName } from '@trilha/contracts/session';
import { loginConfig } from '@trilha/contracts/site';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queryString as qs } from '../../../lib/query-string';

export function useCapabilities() {
  return useQuery({
    queryKey: ['admin', 'capabilities'],
    queryFn: () => apiRequest('/api/admin/accounts/capabilities', { schema: adminCapabilities }),
    staleTime: 60_000,
  });
}

export function useAdminUsers(query: AdminUsersQuery & { page: number; pageSize: number }) {
  return useQuery({
    queryKey: ['admin', 'users', query],
    queryFn: () =>
      apiRequest(
        `/api/admin/accounts/users${qs({ search: query.search, status: query.status, role: query.role, page: query.page, pageSize: query.pageSize })}`,
        { schema: adminUsersPage },
      ),
    placeholderData: keepPreviousData,
  });
}

export type UserAction = 'approve' | 'block' | 'unblock' | 'set-password-link';

export function useUserAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: UserAction }) =>
      apiRequest(`/api/admin/accounts/users/${id}/${action}`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}

export function useSetRoles() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, roles }: { id: number; roles: RoleName[] }) =>
      apiRequest(`/api/admin/accounts/users/${id}/roles`, { method: 'PUT', body: { roles } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}

export function useDeletionRequests(status: 'pending' | 'processed' | undefined, page: number) {
  return useQuery({
    queryKey: ['admin', 'deletion-requests', status, page],
    queryFn: () =>
      apiRequest(`/api/admin/accounts/deletion-requests${qs({ status, page })}`, {
        schema: deletionRequestsPage,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useProcessDeletion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/admin/accounts/deletion-requests/${id}/process`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useOutbox(channel: string | undefined, search: string, page: number) {
  return useQuery({
    queryKey: ['admin', 'outbox', channel, search, page],
    queryFn: () =>
      apiRequest(`/api/admin/accounts/outbox${qs({ channel, search, page })}`, { schema: outboxPage }),
    placeholderData: keepPreviousData,
  });
}

export function useTickets(status: string | undefined, page: number) {
  return useQuery({
    queryKey: ['admin', 'tickets', status, page],
    queryFn: () =>
      apiRequest(`/api/admin/support/tickets${qs({ status, page })}`, { schema: supportTicketsPage }),
    placeholderData: keepPreviousData,
  });
}

export function useTicketStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: string }) =>
      apiRequest(`/api/admin/support/tickets/${id}/status`, { method: 'PUT', body: { status } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'tickets'] }),
  });
}

export function useAdminLoginConfig() {
  return useQuery({
    queryKey: ['admin', 'login-config'],
    queryFn: () => apiRequest('/api/admin/accounts/login-config', { schema: loginConfig }),
  });
}

export function useSaveLoginConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginConfigBody) =>
      apiRequest('/api/admin/accounts/login-config', { method: 'PUT', body, schema: loginConfig }),
    onSuccess: async (saved) => {
      client.setQueryData(['admin', 'login-config'], saved);
      await client.invalidateQueries({ queryKey: ['site', 'login-config'] });
    },
  });
}

export function useUploadSiteAsset() {
  return useMutation({
    mutationFn: ({ file, kind }: { file: File; kind: 'logo' | 'background' }) => {
      const form = new FormData();
      form.append('kind', kind);
      form.append('file', file);
      return apiRequest('/api/admin/accounts/site-assets', {
        method: 'POST',
        formData: form,
        schema: siteAssetResponse,
      });
    },
  });
}

export function useAdminPage(scope: 'client' | 'site', slug: InstitutionalSlug, lang: string) {
  return useQuery({
    queryKey: ['admin', 'pages', scope, slug, lang],
    queryFn: () =>
      apiRequest(`/api/admin/institutional/pages/${scope}/${slug}/${lang}`, { schema: institutionalPage }),
  });
}

export function useSavePage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      scope,
      slug,
      lang,
      body,
    }: {
      scope: 'client' | 'site';
      slug: InstitutionalSlug;
      lang: string;
      body: InstitutionalPageBody;
    }) =>
      apiRequest(`/api/admin/institutional/pages/${scope}/${slug}/${lang}`, {
        method: 'PUT',
        body,
        schema: institutionalPage,
      }),
    onSuccess: async (_, v) => {
      await client.invalidateQueries({ queryKey: ['admin', 'pages', v.scope, v.slug, v.lang] });
      await client.invalidateQueries({ queryKey: ['institutional'] });
    },
  });
}

export const okSchema = z.object({ ok: z.literal(true) });
