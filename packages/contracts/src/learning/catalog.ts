import { z } from 'zod';
import { isSerialIdList, text } from '../primitives';
import { id, positiveId } from './ids';
import {
  activityKind,
  enrollmentState,
  fileGroup,
  hierarchyOrder,
  lockReason,
  namedItem,
  pageOf,
  progressStatus,
  subscriptionMode,
  trailItemKind,
} from './kinds';

// ---------------------------------------------------------------------------------------------------
// List filters (spec section 3 "List filters"; every filter defaults to `all`)

/** `all`, or a comma-separated list of ids in the query string (`selected_tags=3,7`). */
const idSelection = text()
  .regex(/^(all|\d+(,\d+)*)$/)
  .refine((v) => v === 'all' || isSerialIdList(v), 'an id is out of range')
  .default('all')
  .transform((v): number[] | 'all' => (v === 'all' ? 'all' : v.split(',').map((part) => Number(part))));

export const favoriteFilter = z.enum(['all', 'favorites']);
export const progressFilter = z.enum(['all', 'not_started', 'in_progress', 'finished']);
/** `subscribed` / `not_subscribed`: the caller's own enrollment state. */
export const subscriptionFilter = z.enum(['all', 'subscribed', 'not_subscribed']);

const listFilters = {
  favorite: favoriteFilter.default('all'),
  progress: progressFilter.default('all'),
  search: text().trim().max(100).default(''),
  selected_areas: idSelection,
  selected_groups: idSelection,
  selected_tags: idSelection,
  subscription_type: subscriptionFilter.default('all'),
  selected_categories: idSelection,
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(12),
};

/** GET /api/learning/courses */
export const courseListQuery = z.object(listFilters);
export type CourseListQuery = z.input<typeof courseListQuery>;
export type CourseListFilters = z.output<typeof courseListQuery>;

/** GET /api/learning/trails */
export const trailListQuery = z.object(listFilters);
export type TrailListQuery = z.input<typeof trailListQuery>;

/** GET /api/learning/filters — the choices of the list filters, in the caller's client. */
export const learningFilterOptions = z.object({
  areas: z.array(namedItem),
  groups: z.array(namedItem),
  tags: z.array(namedItem),
  categories: z.array(namedItem),
});
export type LearningFilterOptions = z.infer<typeof learningFilterOptions>;

// ---------------------------------------------------------------------------------------------------
// Progress and locks

export const progressSummary = z.object({
  status: progressStatus,
  /** 0..100, whole number. */
  percent: z.number().int().min(0).max(100),
  completedActivities: z.number().int(),
  totalActivities: z.number().int(),
});
export type ProgressSummary = z.infer<typeof progressSummary>;

export const prerequisiteRef = z.object({ id, title: z.string(), finished: z.boolean() });
export type PrerequisiteRef = z.infer<typeof prerequisiteRef>;

export const lockInfo = z.object({
  locked: z.boolean(),
  /** The first reason that applies, null when not locked. */
  reason: lockReason.nullable(),
  /** For `prerequisite`: the courses to finish first. */
  prerequisites: z.array(prerequisiteRef),
});
export type LockInfo = z.infer<typeof lockInfo>;

export const enrollmentInfo = z.object({
  state: enrollmentState,
  mode: subscriptionMode,
  /** The learner may enroll / unenroll by themselves (assigned enrollments are the manager's). */
  canEnroll: z.boolean(),
  canUnenroll: z.boolean(),
  enrolledAt: z.string().nullable(),
});
export type EnrollmentInfo = z.infer<typeof enrollmentInfo>;

// ---------------------------------------------------------------------------------------------------
// Course list and detail

/** One card of GET /api/learning/courses. */
export const courseListItem = z.object({
  id,
  title: z.string(),
  description: z.string(),
  /** Signed, cacheable URL of the cover (or null: the web shows its placeholder). */
  coverUrl: z.string().nullable(),
  workloadMinutes: z.number().int().nullable(),
  category: namedItem.nullable(),
  tags: z.array(namedItem),
  favorite: z.boolean(),
  enrollment: enrollmentInfo,
  progress: progressSummary,
  lock: lockInfo,
});
export type CourseListItem = z.infer<typeof courseListItem>;

/** GET /api/learning/courses — `counts` are over the filtered list (before paging). */
export const courseListPage = pageOf(courseListItem).extend({
  counts: z.object({
    notStarted: z.number().int(),
    inProgress: z.number().int(),
    finished: z.number().int(),
  }),
});
export type CourseListPage = z.infer<typeof courseListPage>;

export const activityProgress = z.object({
  status: progressStatus,
  percent: z.number().int().min(0).max(100),
  /** SCORM success (passed / failed) and score 0..100, when the content reports them. */
  success: z.enum(['passed', 'failed']).nullable(),
  score: z.number().nullable(),
  completedAt: z.string().nullable(),
});
export type ActivityProgress = z.infer<typeof activityProgress>;

/** An activity in the course detail and the player menu. */
export const activityMenuItem = z.object({
  id,
  hierarchyOrder: z.string(),
  title: z.string(),
  kind: activityKind,
  /** For kind `file`: the extension group of the file. */
  fileGroup: fileGroup.nullable(),
  durationSeconds: z.number().int().nullable(),
  lock: lockInfo,
  progress: activityProgress,
});
export type ActivityMenuItem = z.infer<typeof activityMenuItem>;

export const courseModule = z.object({
  id,
  /** 1-based position, the first part of the hierarchy order. */
  position: z.number().int(),
  title: z.string(),
  activities: z.array(activityMenuItem),
});
export type CourseModule = z.infer<typeof courseModule>;

export const trailRef = z.object({ id, title: z.string() });
export type TrailRef = z.infer<typeof trailRef>;

/** GET /api/learning/courses/:id and GET /api/learning/trails/:trailId/courses/:id */
export const courseDetail = courseListItem.extend({
  /** Set when opened inside a trail. */
  trail: trailRef.nullable(),
  modules: z.array(courseModule),
  /** Where "continue" goes: the first unfinished open activity, or null. */
  resumeAt: z.string().nullable(),
  publicSlug: z.string().nullable(),
});
export type CourseDetail = z.infer<typeof courseDetail>;

/** GET /api/learning/continue: the unfinished course the learner worked on last (home), or null. */
export const continueCourse = z.object({
  course: z
    .object({
      id,
      title: z.string(),
      coverUrl: z.string().nullable(),
      progress: progressSummary,
      /** The hierarchy order of the activity "continue" opens, and its title. */
      resumeAt: z.string(),
      resumeTitle: z.string(),
    })
    .nullable(),
});
export type ContinueCourse = z.infer<typeof continueCourse>;

/** PUT /api/learning/courses/:id/favorite and /api/learning/trails/:id/favorite */
export const favoriteBody = z.object({ favorite: z.boolean() });
export type FavoriteBody = z.infer<typeof favoriteBody>;
export const favoriteResponse = z.object({ favorite: z.boolean() });
export type FavoriteResponse = z.infer<typeof favoriteResponse>;

/** POST/DELETE /api/learning/courses/:id/enrollment and the trail variant. */
export const enrollmentResponse = z.object({ enrollment: enrollmentInfo, lock: lockInfo });
export type EnrollmentResponse = z.infer<typeof enrollmentResponse>;

// ---------------------------------------------------------------------------------------------------
// Trails

export const trailItem = z.object({
  /** 1-based position in the trail. */
  position: z.number().int(),
  kind: trailItemKind,
  itemId: id,
  title: z.string(),
  coverUrl: z.string().nullable(),
  progress: progressSummary,
  lock: lockInfo,
});
export type TrailItem = z.infer<typeof trailItem>;

/** One card of GET /api/learning/trails. */
export const trailListItem = z.object({
  id,
  title: z.string(),
  description: z.string(),
  coverUrl: z.string().nullable(),
  category: namedItem.nullable(),
  tags: z.array(namedItem),
  favorite: z.boolean(),
  enrollment: enrollmentInfo,
  /** Follows from the trail's courses. */
  progress: progressSummary,
  itemCount: z.number().int(),
});
export type TrailListItem = z.infer<typeof trailListItem>;

export const trailListPage = pageOf(trailListItem);
export type TrailListPage = z.infer<typeof trailListPage>;

/** GET /api/learning/trails/:id */
export const trailDetail = trailListItem.extend({ items: z.array(trailItem) });
export type TrailDetail = z.infer<typeof trailDetail>;

export const trailCourseParams = z.object({ trailId: positiveId, id: positiveId });
export const playerParams = z.object({ id: positiveId, order: hierarchyOrder });
export const trailPlayerParams = z.object({ trailId: positiveId, id: positiveId, order: hierarchyOrder });
