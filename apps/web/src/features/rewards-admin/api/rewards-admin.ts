import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { rewardSettings, type RewardSettingsBody } from '@trilha/contracts/rewards/awards';
import {
  adminBadgeList,
  adminBadgeResponse,
  badgeCriterionChoices,
  badgeGrantResponse,
  type BadgeBody,
  type BadgeGrantBody,
} from '@trilha/contracts/rewards/badges';
import {
  adminCertificate,
  adminCertificatesPage,
  certificateTemplate,
  type CertificateStatus,
  type CertificateTemplateBody,
} from '@trilha/contracts/rewards/certificates';
import {
  adjustmentResult,
  reconciliationOverview,
  reconciliationRunResult,
  rewardAccountsPage,
  statementPage,
  type AdjustmentBody,
} from '@trilha/contracts/rewards/ledger';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { queryString as qs } from '../../../lib/query-string';
import { useCommonStore } from '../../../lib/session-store';

export const rewardsKeys = {
  all: ['rewards-admin'] as const,
  badges: () => ['rewards-admin', 'badges'] as const,
  accounts: (search: string, page: number) => ['rewards-admin', 'accounts', search, page] as const,
  account: (userId: number) => ['rewards-admin', 'account', userId] as const,
  statement: (userId: number, ledger: string, page: number) =>
    ['rewards-admin', 'statement', userId, ledger, page] as const,
  reconciliation: () => ['rewards-admin', 'reconciliation'] as const,
  settings: () => ['rewards-admin', 'settings'] as const,
  template: () => ['rewards-admin', 'certificate-template'] as const,
  certificates: (search: string, status: string, page: number) =>
    ['rewards-admin', 'certificates', search, status, page] as const,
  choices: (kind: string) => ['rewards-admin', 'choices', kind] as const,
};

// Badges ---------------------------------------------------------------------------------------------

export function useBadges() {
  return useQuery({
    queryKey: rewardsKeys.badges(),
    queryFn: ({ signal }) => apiRequest('/api/admin/badges', { schema: adminBadgeList, signal }),
  });
}

export function useSaveBadge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: BadgeBody }) =>
      apiRequest(id ? `/api/admin/badges/${id}` : '/api/admin/badges', {
        method: id ? 'PUT' : 'POST',
        body,
        schema: adminBadgeResponse,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: rewardsKeys.badges() }),
  });
}

export function useDeleteBadge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/api/admin/badges/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: rewardsKeys.badges() }),
  });
}

export function useUploadBadgeImage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return apiRequest(`/api/admin/badges/${id}/image`, {
        method: 'POST',
        formData: form,
        schema: adminBadgeResponse,
      });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: rewardsKeys.badges() }),
  });
}

export function useGrantBadge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: BadgeGrantBody }) =>
      apiRequest(`/api/admin/badges/${id}/grant`, { method: 'POST', body, schema: badgeGrantResponse }),
    onSuccess: () => client.invalidateQueries({ queryKey: rewardsKeys.badges() }),
  });
}

/** What a badge criterion can name: a course, a trail or a course category. */
export type ChoiceKind = 'course' | 'trail' | 'category';

async function listChoices(kind: ChoiceKind, signal: AbortSignal) {
  // Every course, trail or category of the client, published or not (the learning back office's own
  // lists need `learning.author`, which a program administrator does not have).
  const { items } = await apiRequest(`/api/admin/badges/choices?kind=${kind}`, {
    schema: badgeCriterionChoices,
    signal,
  });
  return items;
}

export function useChoices(kind: ChoiceKind, enabled = true) {
  return useQuery({
    queryKey: rewardsKeys.choices(kind),
    queryFn: ({ signal }) => listChoices(kind, signal),
    staleTime: 60_000,
    enabled,
  });
}

// Accounts and adjustments ---------------------------------------------------------------------------

export function useRewardAccounts(search: string, page: number, pageSize = 20) {
  return useQuery({
    queryKey: rewardsKeys.accounts(search, page),
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/rewards/accounts${qs({ search, page, pageSize })}`, {
        schema: rewardAccountsPage,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useStatement(userId: number, ledger: 'all' | 'points' | 'xp', page: number) {
  return useQuery({
    queryKey: rewardsKeys.statement(userId, ledger, page),
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/rewards/accounts/${userId}/statement${qs({ ledger, page, pageSize: 20 })}`, {
        schema: statementPage,
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: userId > 0,
  });
}

/**
 * A JSON POST whose answer the API client cannot read as JSON (a PDF): sent with the session's token; after
 * a 401 a cheap call lets the API client renew the session, and the request goes once more, unchanged.
 */
async function postRaw(
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
  signal?: AbortSignal,
) {
  const send = () => {
    const bearer = useCommonStore.getState().accessToken;
    return fetch(path, {
      method: 'POST',
      headers: {
        Accept: 'application/json, application/pdf',
        'Content-Type': 'application/json',
        'Accept-Language': document.documentElement.lang,
        ...headers,
        ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
      },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      signal,
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
    if (error instanceof ApiError || (error instanceof DOMException && error.name === 'AbortError'))
      throw error;
    throw new ApiError(0, 'NETWORK_ERROR', error instanceof Error ? error.message : 'Network error');
  }
  if (!response.ok) {
    let error: { code?: string; message?: string; details?: unknown } | undefined;
    try {
      error = ((await response.json()) as { error?: typeof error }).error;
    } catch {
      error = undefined;
    }
    throw new ApiError(
      response.status,
      error?.code ?? (response.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST'),
      error?.message ?? '',
      error?.details,
    );
  }
  return response;
}

/**
 * An adjustment carries the Idempotency-Key the form made for this submission: a retry of the same
 * submission (a double click, a lost answer) reuses it, so the server credits once.
 */
export function postAdjustment(body: AdjustmentBody, idempotencyKey: string) {
  return apiRequest('/api/admin/rewards/adjustments', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: adjustmentResult,
  });
}

export function useAdjustment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: AdjustmentBody; key: string }) => postAdjustment(body, key),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['rewards-admin', 'accounts'] });
      await client.invalidateQueries({ queryKey: ['rewards-admin', 'statement'] });
    },
  });
}

// Reconciliation and settings ------------------------------------------------------------------------

export function useReconciliation() {
  return useQuery({
    queryKey: rewardsKeys.reconciliation(),
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/rewards/reconciliation', { schema: reconciliationOverview, signal }),
  });
}

export function useRunReconciliation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/api/admin/rewards/reconciliation/run', {
        method: 'POST',
        schema: reconciliationRunResult,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: rewardsKeys.reconciliation() }),
  });
}

export function useRewardSettings() {
  return useQuery({
    queryKey: rewardsKeys.settings(),
    queryFn: ({ signal }) => apiRequest('/api/admin/rewards/settings', { schema: rewardSettings, signal }),
  });
}

export function useSaveRewardSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RewardSettingsBody) =>
      apiRequest('/api/admin/rewards/settings', { method: 'PUT', body, schema: rewardSettings }),
    onSuccess: (saved) => client.setQueryData(rewardsKeys.settings(), saved),
  });
}

// Certificates ---------------------------------------------------------------------------------------

export function useCertificateTemplate() {
  return useQuery({
    queryKey: rewardsKeys.template(),
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/certificates/template', { schema: certificateTemplate, signal }),
  });
}

export function useSaveCertificateTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CertificateTemplateBody) =>
      apiRequest('/api/admin/certificates/template', {
        method: 'PUT',
        body,
        schema: certificateTemplate,
      }),
    onSuccess: (saved) => client.setQueryData(rewardsKeys.template(), saved),
  });
}

export function useUploadCertificateLogo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return apiRequest('/api/admin/certificates/template/logo', {
        method: 'POST',
        formData: form,
        schema: certificateTemplate,
      });
    },
    onSuccess: (saved) => client.setQueryData(rewardsKeys.template(), saved),
  });
}

/** The PDF the server renders for a draft template, with sample learner data. */
export function useCertificatePreview(body: CertificateTemplateBody | null, language: string) {
  return useQuery({
    queryKey: ['rewards-admin', 'certificate-preview', language, body],
    queryFn: async ({ signal }) =>
      (
        await postRaw(
          '/api/admin/certificates/template/preview',
          body,
          { 'Accept-Language': language },
          signal,
        )
      ).blob(),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
  });
}

export function useAdminCertificates(search: string, status: CertificateStatus | null, page: number) {
  return useQuery({
    queryKey: rewardsKeys.certificates(search, status ?? '', page),
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/certificates${qs({ search, status, page, pageSize: 20 })}`, {
        schema: adminCertificatesPage,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useRevokeCertificate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      apiRequest(`/api/admin/certificates/${id}/revoke`, {
        method: 'POST',
        body: { reason },
        schema: adminCertificate,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['rewards-admin', 'certificates'] }),
  });
}
