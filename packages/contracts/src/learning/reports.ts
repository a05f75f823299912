import { z } from 'zod';
import { serialId, text } from '../primitives';
import { id } from './ids';
import { pageOf, progressStatus } from './kinds';

// ---------------------------------------------------------------------------------------------------
// Back office: enrollments and report

export const adminListQuery = z.object({
  search: text().trim().max(100).default(''),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type AdminListQuery = z.input<typeof adminListQuery>;

export const enrollmentRow = z.object({
  userId: id,
  fullName: z.string(),
  email: z.string().nullable(),
  enrolledAt: z.string(),
  /** `self`: the learner enrolled; `assigned`: a manager did. */
  source: z.enum(['self', 'assigned', 'open']),
});
/** GET /api/admin/learning/courses/:id/enrollments */
export const enrollmentPage = pageOf(enrollmentRow);
export type EnrollmentPage = z.infer<typeof enrollmentPage>;

/** POST /api/admin/learning/courses/:id/enrollments */
export const enrollUsersBody = z.object({ userIds: z.array(serialId()).min(1).max(1_000) });
export type EnrollUsersBody = z.infer<typeof enrollUsersBody>;
export const enrollUsersResponse = z.object({
  enrolled: z.number().int(),
  alreadyEnrolled: z.number().int(),
  /** Ids that are not users of this client. */
  rejected: z.array(id),
});
export type EnrollUsersResponse = z.infer<typeof enrollUsersResponse>;

/** One row of GET /api/admin/learning/courses/:id/report (and of the CSV). */
export const courseReportRow = z.object({
  userId: id,
  fullName: z.string(),
  email: z.string().nullable(),
  enrolledAt: z.string().nullable(),
  status: progressStatus,
  percent: z.number().int(),
  completedActivities: z.number().int(),
  totalActivities: z.number().int(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  lastActivityAt: z.string().nullable(),
});
export type CourseReportRow = z.infer<typeof courseReportRow>;
export const courseReportPage = pageOf(courseReportRow).extend({
  course: z.object({ id, title: z.string(), totalActivities: z.number().int() }),
});
export type CourseReportPage = z.infer<typeof courseReportPage>;
