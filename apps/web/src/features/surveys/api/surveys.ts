import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { okResponse } from '@trilha/contracts/auth';
import { adminUsersPage } from '@trilha/contracts/accounts-admin';
import { learningTaxonomy } from '@trilha/contracts/learning';
import {
  adminSurveyList,
  adminSurveyResponse,
  essayList,
  learnerSurveyResponse,
  ownedSurveyList,
  surveyResults,
  type AnswerBody,
  type SurveyBody,
} from '@trilha/contracts/surveys';
import { sessionResponse } from '@trilha/contracts/session';
import { apiRequest } from '../../../lib/api-client';
import { setSession } from '../../../lib/session-store';
import { downloadWithSession } from '../../../lib/download';
import { queryString as qs } from '../../../lib/query-string';

const admin = '/api/admin/surveys';

export const surveyKeys = {
  all: ['surveys'] as const,
  adminList: (page: number) => ['surveys', 'admin', 'list', page] as const,
  adminOne: (id: number) => ['surveys', 'admin', 'one', id] as const,
  learner: (id: number) => ['surveys', 'learner', id] as const,
  results: (id: number) => ['surveys', 'results', id] as const,
  texts: (id: number, question: number, page: number) => ['surveys', 'texts', id, question, page] as const,
  taxonomy: ['surveys', 'taxonomy'] as const,
};

export const SURVEYS_PAGE_SIZE = 20;
export const TEXTS_PAGE_SIZE = 10;

export function useAdminSurveys(page: number) {
  return useQuery({
    queryKey: surveyKeys.adminList(page),
    queryFn: ({ signal }) =>
      apiRequest(`${admin}${qs({ page, pageSize: SURVEYS_PAGE_SIZE })}`, { schema: adminSurveyList, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminSurvey(id: number | null) {
  return useQuery({
    queryKey: surveyKeys.adminOne(id ?? 0),
    queryFn: ({ signal }) => apiRequest(`${admin}/${id}`, { schema: adminSurveyResponse, signal }),
    enabled: id !== null,
  });
}

export function useSaveSurvey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: SurveyBody }) =>
      apiRequest(id ? `${admin}/${id}` : admin, {
        method: id ? 'PUT' : 'POST',
        body,
        schema: adminSurveyResponse,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: surveyKeys.all }),
  });
}

export function useDeleteSurvey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`${admin}/${id}`, { method: 'DELETE', schema: okResponse }),
    onSuccess: () => client.invalidateQueries({ queryKey: surveyKeys.all }),
  });
}

/** The client's areas and groups, for the audience (the learning back office's taxonomy route). */
export function useAudienceTaxonomy() {
  return useQuery({
    queryKey: surveyKeys.taxonomy,
    queryFn: ({ signal }) => apiRequest('/api/admin/learning/taxonomy', { schema: learningTaxonomy, signal }),
    staleTime: 60_000,
  });
}

export function useLearnerSurvey(id: number) {
  return useQuery({
    queryKey: surveyKeys.learner(id),
    queryFn: ({ signal }) => apiRequest(`/api/surveys/${id}`, { schema: learnerSurveyResponse, signal }),
    retry: false,
  });
}

/** Reads the session again (after an answer the server no longer names a mandatory survey). */
async function refreshSession(): Promise<void> {
  setSession(await apiRequest('/api/session', { schema: sessionResponse }));
}

/** Sends the answers; afterwards the session is read again, so the mandatory-survey guard lets go. */
export function useAnswerSurvey(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AnswerBody) =>
      apiRequest(`/api/surveys/${id}/answers`, { method: 'POST', body, schema: okResponse }),
    onSuccess: async () => {
      await refreshSession().catch(() => null);
      await client.invalidateQueries({ queryKey: surveyKeys.learner(id) });
    },
  });
}

/** The surveys whose results I read (owned, or all for report readers). */
export function useOwnedSurveys() {
  return useQuery({
    queryKey: ['surveys', 'owned'],
    queryFn: ({ signal }) => apiRequest('/api/surveys/owned', { schema: ownedSurveyList, signal }),
  });
}

export function useSurveyResults(id: number) {
  return useQuery({
    queryKey: surveyKeys.results(id),
    queryFn: ({ signal }) => apiRequest(`/api/surveys/${id}/results`, { schema: surveyResults, signal }),
  });
}

export function useSurveyTexts(id: number, question: number, page: number, enabled: boolean) {
  return useQuery({
    queryKey: surveyKeys.texts(id, question, page),
    queryFn: ({ signal }) =>
      apiRequest(`/api/surveys/${id}/results/texts${qs({ question, page, pageSize: TEXTS_PAGE_SIZE })}`, {
        schema: essayList,
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export const downloadSurveyCsv = (id: number) =>
  downloadWithSession(`/api/surveys/${id}/results.csv`, `survey-${id}.csv`);

/** Users of the client found by a search, to name a survey's owners (the users back office's list). */
export function useOwnerSearch(search: string) {
  return useQuery({
    queryKey: ['surveys', 'owner-search', search],
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/accounts/users${qs({ search, pageSize: 10 })}`, {
        schema: adminUsersPage,
        signal,
      }),
    enabled: search.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}
