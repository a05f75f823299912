import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { assessedCourseDetail, assessedCoursePage } from '@trilha/contracts/assessments/attempts';
import { apiRequest } from '../../../lib/api-client';
import { queryString } from '../../../lib/query-string';
import { assessmentKeys } from './assessments';

/** The instructors' screen: the client's courses that have tests (`learning.instructor`). */
const base = '/api/admin/assessments/courses';
export const ASSESSED_COURSES_PAGE_SIZE = 20;

// Under `assessmentKeys.all`: an unblock or a grade refreshes the counts of the list too.
const keys = {
  list: (search: string, page: number) => [...assessmentKeys.all, 'courses', search, page] as const,
  one: (courseId: number) => [...assessmentKeys.all, 'course', courseId] as const,
};

export function useAssessedCourses(search: string, page: number) {
  return useQuery({
    queryKey: keys.list(search, page),
    queryFn: ({ signal }) =>
      apiRequest(
        `${base}${queryString({ search: search || undefined, page, pageSize: ASSESSED_COURSES_PAGE_SIZE })}`,
        {
          schema: assessedCoursePage,
          signal,
        },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useAssessedCourse(courseId: number) {
  return useQuery({
    queryKey: keys.one(courseId),
    queryFn: ({ signal }) => apiRequest(`${base}/${courseId}`, { schema: assessedCourseDetail, signal }),
  });
}
