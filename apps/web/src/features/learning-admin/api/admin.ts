import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminCourse,
  adminCourseListPage,
  adminTrail,
  adminTrailListPage,
  courseReportPage,
  enrollmentPage,
  enrollUsersResponse,
  learningTaxonomy,
  taxonomyItem,
  type ActivityBody,
  type AdminCourse,
  type AdminTrail,
  type AudienceBody,
  type CourseBody,
  type ModuleBody,
  type TaxonomyKind,
  type TrailBody,
  type TrailItemsBody,
} from '@trilha/contracts/learning';
import { adminUsersPage } from '@trilha/contracts/accounts-admin';
import { apiRequest } from '../../../lib/api-client';
import { downloadWithSession } from '../../../lib/download';

const base = '/api/admin/learning';

export const adminKeys = {
  all: ['learning-admin'] as const,
  taxonomy: () => ['learning-admin', 'taxonomy'] as const,
  courses: (search: string, published: string, page: number) =>
    ['learning-admin', 'courses', search, published, page] as const,
  course: (id: number) => ['learning-admin', 'course', id] as const,
  trails: (page: number) => ['learning-admin', 'trails', page] as const,
  trail: (id: number) => ['learning-admin', 'trail', id] as const,
  enrollments: (id: number, search: string, page: number) =>
    ['learning-admin', 'enrollments', id, search, page] as const,
  report: (id: number, search: string, page: number) =>
    ['learning-admin', 'report', id, search, page] as const,
};

export function useTaxonomy() {
  return useQuery({
    queryKey: adminKeys.taxonomy(),
    queryFn: () => apiRequest(`${base}/taxonomy`, { schema: learningTaxonomy }),
    staleTime: 60_000,
  });
}

export function useCreateTaxonomy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, name }: { kind: TaxonomyKind; name: string }) =>
      apiRequest(`${base}/taxonomy/${kind}`, { method: 'POST', body: { name }, schema: taxonomyItem }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.taxonomy() }),
  });
}

export function useAdminCourses(search: string, published: string, page: number) {
  return useQuery({
    queryKey: adminKeys.courses(search, published, page),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ published, page: String(page), pageSize: '20' });
      if (search.trim()) params.set('search', search.trim());
      return apiRequest(`${base}/courses?${params.toString()}`, { schema: adminCourseListPage, signal });
    },
    placeholderData: keepPreviousData,
  });
}

export function useAdminCourse(id: number) {
  return useQuery({
    queryKey: adminKeys.course(id),
    queryFn: ({ signal }) => apiRequest(`${base}/courses/${id}`, { schema: adminCourse, signal }),
    enabled: id > 0,
  });
}

/** Every course write answers the whole course: it becomes the cached course at once. */
export function useCourseWrite<V>(id: number, request: (vars: V) => Promise<AdminCourse>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (course) => {
      client.setQueryData(adminKeys.course(course.id), course);
      void client.invalidateQueries({ queryKey: ['learning-admin', 'courses'] });
      void client.invalidateQueries({ queryKey: ['learning'] });
      void id;
    },
  });
}

export const courseApi = {
  create: (body: CourseBody) => apiRequest(`${base}/courses`, { method: 'POST', body, schema: adminCourse }),
  update: (id: number, body: CourseBody) =>
    apiRequest(`${base}/courses/${id}`, { method: 'PUT', body, schema: adminCourse }),
  publish: (id: number, published: boolean) =>
    apiRequest(`${base}/courses/${id}/publish`, { method: 'PUT', body: { published }, schema: adminCourse }),
  audience: (id: number, body: AudienceBody) =>
    apiRequest(`${base}/courses/${id}/audience`, { method: 'PUT', body, schema: adminCourse }),
  addModule: (id: number, body: ModuleBody) =>
    apiRequest(`${base}/courses/${id}/modules`, { method: 'POST', body, schema: adminCourse }),
  updateModule: (moduleId: number, body: ModuleBody) =>
    apiRequest(`${base}/modules/${moduleId}`, { method: 'PUT', body, schema: adminCourse }),
  deleteModule: (moduleId: number) =>
    apiRequest(`${base}/modules/${moduleId}`, { method: 'DELETE', schema: adminCourse }),
  addActivity: (moduleId: number, body: ActivityBody) =>
    apiRequest(`${base}/modules/${moduleId}/activities`, { method: 'POST', body, schema: adminCourse }),
  updateActivity: (activityId: number, body: ActivityBody) =>
    apiRequest(`${base}/activities/${activityId}`, { method: 'PUT', body, schema: adminCourse }),
  deleteActivity: (activityId: number) =>
    apiRequest(`${base}/activities/${activityId}`, { method: 'DELETE', schema: adminCourse }),
  enroll: (id: number, userIds: number[]) =>
    apiRequest(`${base}/courses/${id}/enrollments`, {
      method: 'POST',
      body: { userIds },
      schema: enrollUsersResponse,
    }),
  unenroll: (id: number, userId: number) =>
    apiRequest(`${base}/courses/${id}/enrollments/${userId}`, { method: 'DELETE' }),
};

export function useEnrollments(id: number, search: string, page: number) {
  return useQuery({
    queryKey: adminKeys.enrollments(id, search, page),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(page), pageSize: '20' });
      if (search.trim()) params.set('search', search.trim());
      return apiRequest(`${base}/courses/${id}/enrollments?${params.toString()}`, {
        schema: enrollmentPage,
        signal,
      });
    },
    placeholderData: keepPreviousData,
  });
}

export function useCourseReport(id: number, search: string, page: number) {
  return useQuery({
    queryKey: adminKeys.report(id, search, page),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(page), pageSize: '20' });
      if (search.trim()) params.set('search', search.trim());
      return apiRequest(`${base}/courses/${id}/report?${params.toString()}`, {
        schema: courseReportPage,
        signal,
      });
    },
    placeholderData: keepPreviousData,
  });
}

/** The report as CSV, downloaded with the session's token. */
export function downloadReportCsv(id: number, fileName: string): Promise<void> {
  return downloadWithSession(`${base}/courses/${id}/report.csv`, fileName);
}

export function useAdminTrails(page: number) {
  return useQuery({
    queryKey: adminKeys.trails(page),
    queryFn: ({ signal }) =>
      apiRequest(`${base}/trails?page=${page}&pageSize=20`, { schema: adminTrailListPage, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminTrail(id: number) {
  return useQuery({
    queryKey: adminKeys.trail(id),
    queryFn: ({ signal }) => apiRequest(`${base}/trails/${id}`, { schema: adminTrail, signal }),
    enabled: id > 0,
  });
}

export function useTrailWrite<V>(request: (vars: V) => Promise<AdminTrail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (trail) => {
      client.setQueryData(adminKeys.trail(trail.id), trail);
      void client.invalidateQueries({ queryKey: ['learning-admin', 'trails'] });
      void client.invalidateQueries({ queryKey: ['learning'] });
    },
  });
}

export const trailApi = {
  create: (body: TrailBody) => apiRequest(`${base}/trails`, { method: 'POST', body, schema: adminTrail }),
  update: (id: number, body: TrailBody) =>
    apiRequest(`${base}/trails/${id}`, { method: 'PUT', body, schema: adminTrail }),
  items: (id: number, body: TrailItemsBody) =>
    apiRequest(`${base}/trails/${id}/items`, { method: 'PUT', body, schema: adminTrail }),
  publish: (id: number, published: boolean) =>
    apiRequest(`${base}/trails/${id}/publish`, { method: 'PUT', body: { published }, schema: adminTrail }),
  audience: (id: number, body: AudienceBody) =>
    apiRequest(`${base}/trails/${id}/audience`, { method: 'PUT', body, schema: adminTrail }),
};

export const uploadUrls = {
  courseCover: (id: number) => `${base}/courses/${id}/cover`,
  trailCover: (id: number) => `${base}/trails/${id}/cover`,
  activityFile: (id: number) => `${base}/activities/${id}/file`,
};

/** Users of the selected client, to pick whom to enroll (accounts back office route). */
export function useUserSearch(search: string) {
  return useQuery({
    queryKey: ['learning-admin', 'users', search],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ pageSize: '20', status: 'active' });
      if (search.trim()) params.set('search', search.trim());
      return apiRequest(`/api/admin/accounts/users?${params.toString()}`, { schema: adminUsersPage, signal });
    },
    enabled: search.trim().length >= 2,
  });
}
