import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  questionImportResponse,
  type QuestionFileFormat,
  type QuestionImportBody,
} from '@trilha/contracts/assessments/import';
import {
  questionCategoryList,
  questionCategoryResponse,
  questionImageResponse,
  questionList,
  questionResponse,
  type QuestionBody,
  type QuestionKind,
} from '@trilha/contracts/assessments/questions';
import { apiFile, apiRequest } from '../../../lib/api-client';
import { queryString as qs } from '../../../lib/query-string';

const base = '/api/admin/question-bank';

export interface QuestionFilters {
  search: string;
  kind: QuestionKind | null;
  categoryId: number | null;
  tag: string;
  page: number;
}

export const questionBankKeys = {
  all: ['question-bank'] as const,
  questions: (filters: QuestionFilters) => ['question-bank', 'questions', filters] as const,
  question: (id: number) => ['question-bank', 'question', id] as const,
  categories: () => ['question-bank', 'categories'] as const,
};

export const QUESTIONS_PAGE_SIZE = 20;

export function useQuestions(filters: QuestionFilters) {
  return useQuery({
    queryKey: questionBankKeys.questions(filters),
    queryFn: ({ signal }) =>
      apiRequest(
        `${base}/questions${qs({
          search: filters.search || undefined,
          kind: filters.kind ?? undefined,
          categoryId: filters.categoryId ?? undefined,
          tag: filters.tag || undefined,
          page: filters.page,
          pageSize: QUESTIONS_PAGE_SIZE,
        })}`,
        { schema: questionList, signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useQuestion(id: number | null) {
  return useQuery({
    queryKey: questionBankKeys.question(id ?? 0),
    queryFn: ({ signal }) => apiRequest(`${base}/questions/${id}`, { schema: questionResponse, signal }),
    enabled: id !== null,
  });
}

export function useSaveQuestion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: QuestionBody }) =>
      apiRequest(id ? `${base}/questions/${id}` : `${base}/questions`, {
        method: id ? 'PUT' : 'POST',
        body,
        schema: questionResponse,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: questionBankKeys.all }),
  });
}

export function useDeleteQuestion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`${base}/questions/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: questionBankKeys.all }),
  });
}

export function useUploadQuestionImage() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return apiRequest(`${base}/images`, { method: 'POST', formData: form, schema: questionImageResponse });
    },
  });
}

export function useCategories() {
  return useQuery({
    queryKey: questionBankKeys.categories(),
    queryFn: ({ signal }) => apiRequest(`${base}/categories`, { schema: questionCategoryList, signal }),
  });
}

export function useSaveCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number | null; name: string }) =>
      apiRequest(id ? `${base}/categories/${id}` : `${base}/categories`, {
        method: id ? 'PUT' : 'POST',
        body: { name },
        schema: questionCategoryResponse,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: questionBankKeys.all }),
  });
}

export function useDeleteCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`${base}/categories/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: questionBankKeys.all }),
  });
}

export function useImportQuestions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (
      input: { format: QuestionFileFormat; categoryId: number | null } & ({ text: string } | { file: File }),
    ) => {
      if ('file' in input) {
        // The API reads the fields before the file part, so they go first.
        const form = new FormData();
        form.append('format', input.format);
        if (input.categoryId !== null) form.append('categoryId', String(input.categoryId));
        form.append('file', input.file, input.file.name);
        return apiRequest(`${base}/import`, {
          method: 'POST',
          formData: form,
          schema: questionImportResponse,
        });
      }
      const body: QuestionImportBody = {
        format: input.format,
        text: input.text,
        categoryId: input.categoryId,
      };
      return apiRequest(`${base}/import`, { method: 'POST', body, schema: questionImportResponse });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: questionBankKeys.all }),
  });
}

/** The exported file and how many questions the format could not hold. */
export async function exportQuestions(format: QuestionFileFormat, categoryId: number | null) {
  const path = `${base}/export${qs({ format, categoryId: categoryId ?? undefined })}`;
  const { blob, headers } = await apiFile(path);
  return { blob, skipped: Number(headers.get('X-Skipped-Questions') ?? 0) || 0 };
}
