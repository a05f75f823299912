import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  courseDetail,
  courseListPage,
  enrollmentResponse,
  favoriteResponse,
  learningFilterOptions,
  trailDetail,
  trailListPage,
  type CourseDetail,
  type CourseListPage,
  type TrailDetail,
  type TrailListPage,
} from '@trilha/contracts/learning';
import { apiRequest } from '../../../lib/api-client';
import { filtersToQuery, type ListFilters } from '../filters/list-filters-store';

export const PAGE_SIZE = 12;

export const learningKeys = {
  all: ['learning'] as const,
  filters: () => ['learning', 'filters'] as const,
  courses: () => ['learning', 'courses'] as const,
  courseList: (filters: ListFilters, page: number) => ['learning', 'courses', 'list', filters, page] as const,
  course: (id: number, trailId?: number | null) =>
    ['learning', 'courses', 'detail', id, trailId ?? null] as const,
  trails: () => ['learning', 'trails'] as const,
  trailList: (filters: ListFilters, page: number) => ['learning', 'trails', 'list', filters, page] as const,
  trail: (id: number) => ['learning', 'trails', 'detail', id] as const,
  player: (courseId: number, order: string, trailId?: number | null) =>
    ['learning', 'player', courseId, trailId ?? null, order] as const,
};

export function useFilterOptions() {
  return useQuery({
    queryKey: learningKeys.filters(),
    queryFn: () => apiRequest('/api/learning/filters', { schema: learningFilterOptions }),
    staleTime: 5 * 60_000,
  });
}

export function useCourseList(filters: ListFilters, page: number) {
  return useQuery<CourseListPage>({
    queryKey: learningKeys.courseList(filters, page),
    queryFn: ({ signal }) =>
      apiRequest(`/api/learning/courses?${filtersToQuery(filters, page, PAGE_SIZE)}`, {
        schema: courseListPage,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useTrailList(filters: ListFilters, page: number) {
  return useQuery<TrailListPage>({
    queryKey: learningKeys.trailList(filters, page),
    queryFn: ({ signal }) =>
      apiRequest(`/api/learning/trails?${filtersToQuery(filters, page, PAGE_SIZE)}`, {
        schema: trailListPage,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function coursePath(id: number, trailId?: number | null): string {
  return trailId ? `/api/learning/trails/${trailId}/courses/${id}` : `/api/learning/courses/${id}`;
}

export function useCourse(id: number, trailId?: number | null) {
  return useQuery<CourseDetail>({
    queryKey: learningKeys.course(id, trailId),
    queryFn: ({ signal }) => apiRequest(coursePath(id, trailId), { schema: courseDetail, signal }),
    enabled: Number.isInteger(id) && id > 0,
    retry: (count, error) =>
      count < 2 && !('status' in error && (error as { status: number }).status === 404),
  });
}

export function useTrail(id: number) {
  return useQuery<TrailDetail>({
    queryKey: learningKeys.trail(id),
    queryFn: ({ signal }) => apiRequest(`/api/learning/trails/${id}`, { schema: trailDetail, signal }),
    enabled: Number.isInteger(id) && id > 0,
    retry: (count, error) =>
      count < 2 && !('status' in error && (error as { status: number }).status === 404),
  });
}

export type CatalogKind = 'courses' | 'trails';

/** Favorite on or off; lists and details refetch so filters by favorite stay right. */
export function useFavorite(kind: CatalogKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, favorite }: { id: number; favorite: boolean }) =>
      apiRequest(`/api/learning/${kind}/${id}/favorite`, {
        method: 'PUT',
        body: { favorite },
        schema: favoriteResponse,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: [...learningKeys.all, kind] }),
  });
}

/** Enroll (POST) or unenroll (DELETE) in a course or trail. */
export function useEnrollment(kind: CatalogKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enroll }: { id: number; enroll: boolean }) =>
      apiRequest(`/api/learning/${kind}/${id}/enrollment`, {
        method: enroll ? 'POST' : 'DELETE',
        schema: enrollmentResponse,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: learningKeys.all }),
  });
}
