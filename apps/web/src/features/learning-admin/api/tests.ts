import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import {
  questionCategoryList,
  questionList,
  questionResponse,
} from '@trilha/contracts/assessments/questions';
import { apiRequest } from '../../../lib/api-client';
import { queryString } from '../../../lib/query-string';

/** The question bank as the test settings read it: a search to pick from, the picked ones, the categories. */
const bank = '/api/admin/question-bank';

export const PICKER_PAGE_SIZE = 8;

export function useBankSearch(search: string, page: number) {
  return useQuery({
    queryKey: ['learning-admin', 'test-bank', 'search', search, page],
    queryFn: ({ signal }) =>
      apiRequest(
        `${bank}/questions${queryString({ search: search.trim() || undefined, page, pageSize: PICKER_PAGE_SIZE })}`,
        { schema: questionList, signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** The picked questions, each read once (the stems shown in the fixed list). */
export function useBankQuestions(ids: number[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: ['learning-admin', 'test-bank', 'question', id],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiRequest(`${bank}/questions/${id}`, { schema: questionResponse, signal }),
      staleTime: 60_000,
    })),
  });
}

export function useBankCategories() {
  return useQuery({
    queryKey: ['learning-admin', 'test-bank', 'categories'],
    queryFn: ({ signal }) => apiRequest(`${bank}/categories`, { schema: questionCategoryList, signal }),
    staleTime: 60_000,
  });
}
