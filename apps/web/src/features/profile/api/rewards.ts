import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { myBadgesResponse } from '@trilha/contracts/rewards/badges';
import { credentialResponse, myCertificates } from '@trilha/contracts/rewards/certificates';
import { rewardsHistory, statementPage, type LedgerSource } from '@trilha/contracts/rewards/ledger';
import { apiRequest } from '../../../lib/api-client';
import { downloadWithSession } from '../../../lib/download';
import { queryString } from '../../../lib/query-string';

export const STATEMENT_PAGE_SIZE = 20;
export const HISTORY_MONTHS = 12;

export const rewardsKeys = {
  all: ['rewards'] as const,
  summary: () => ['rewards', 'summary'] as const,
  statement: (filters: StatementFilterValues, page: number) =>
    ['rewards', 'statement', filters, page] as const,
  history: () => ['rewards', 'history', HISTORY_MONTHS] as const,
  badges: () => ['rewards', 'badges'] as const,
  certificates: () => ['rewards', 'certificates'] as const,
};

export interface StatementFilterValues {
  source: LedgerSource | 'all';
  /** YYYY-MM-DD or undefined. */
  from?: string;
  to?: string;
}

const filterParams = (filters: StatementFilterValues) => ({
  source: filters.source === 'all' ? undefined : filters.source,
  from: filters.from,
  to: filters.to,
});

export function useStatement(filters: StatementFilterValues, page: number) {
  return useQuery({
    queryKey: rewardsKeys.statement(filters, page),
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/rewards/statement${queryString({ ...filterParams(filters), page, pageSize: STATEMENT_PAGE_SIZE })}`,
        { schema: statementPage, signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** The statement as CSV with the filters on screen (every page of them, not only the one shown). */
export function downloadStatement(filters: StatementFilterValues) {
  const day = new Date().toISOString().slice(0, 10);
  return downloadWithSession(
    `/api/rewards/statement.csv${queryString(filterParams(filters))}`,
    `points-statement-${day}.csv`,
  );
}

export function useRewardsHistory() {
  return useQuery({
    queryKey: rewardsKeys.history(),
    queryFn: ({ signal }) =>
      apiRequest(`/api/rewards/history?months=${HISTORY_MONTHS}`, { schema: rewardsHistory, signal }),
  });
}

export function useMyBadges() {
  return useQuery({
    queryKey: rewardsKeys.badges(),
    queryFn: ({ signal }) => apiRequest('/api/rewards/badges', { schema: myBadgesResponse, signal }),
  });
}

export function useMyCertificates() {
  return useQuery({
    queryKey: rewardsKeys.certificates(),
    queryFn: ({ signal }) => apiRequest('/api/rewards/certificates', { schema: myCertificates, signal }),
  });
}

export function downloadCertificatePdf(id: number, code: string) {
  return downloadWithSession(`/api/rewards/certificates/${id}/pdf`, `certificate-${code}.pdf`);
}

/**
 * The API answers a credential as JSON (`{ jwt, id }`); what a wallet imports is the signed token itself,
 * so that is what the saved file holds.
 */
async function saveCredential(path: string, fileName: string): Promise<void> {
  const { jwt } = await apiRequest(path, { schema: credentialResponse });
  const url = URL.createObjectURL(new Blob([jwt], { type: 'application/vc+jwt' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function downloadCertificateCredential(id: number, code: string) {
  return saveCredential(`/api/rewards/certificates/${id}/credential`, `certificate-${code}.jwt`);
}

export function downloadBadgeCredential(badgeId: number) {
  return saveCredential(`/api/rewards/badges/${badgeId}/credential`, `badge-${badgeId}.jwt`);
}
