import { z } from 'zod';
import { fileGroups } from '@trilha/domain/file-groups';
import { text } from '../primitives';
import { id, positiveId } from './ids';

// ---------------------------------------------------------------------------------------------------
// Shared enums

/** Every activity type of the spec, mapped to the player kind that shows it. */
export const activityKinds = [
  'pdf',
  'video',
  'audio',
  'youtube',
  'vimeo',
  'wowza',
  'scorm',
  'html',
  'flash',
  'ppt',
  'slideshare',
  'file',
  'conventional_test',
  'block_test',
  'restart_test',
  'evaluated_quiz',
  'unevaluated_quiz',
  'block_general_test',
  'restart_general_test',
  'reaction_evaluation',
  'webinar',
  'live_class',
  'presential_event',
  'drag_and_drop',
  'drag_the_words',
  'find_the_pairs',
  'this_or_that',
  'fill_in_the_blanks',
  'true_or_false',
  'flashcards',
  'enigma',
] as const;
export const activityKind = z.enum(activityKinds);
export type ActivityKind = z.infer<typeof activityKind>;

/** The kinds the player and the back office handle today (tests, quizzes and events come later). */
export const contentActivityKinds = [
  'pdf',
  'video',
  'audio',
  'youtube',
  'vimeo',
  'wowza',
  'scorm',
  'html',
  'flash',
  'ppt',
  'slideshare',
  'file',
] as const;
export const contentActivityKind = z.enum(contentActivityKinds);
export type ContentActivityKind = z.infer<typeof contentActivityKind>;

/** Kinds whose completion is the watched share of the media (union of watched intervals). */
export const mediaActivityKinds = ['video', 'audio', 'youtube', 'vimeo', 'wowza'] as const;

/** File extension groups of spec section 3 (library-type files): the list lives in packages/domain. */
export { fileGroups };
export const fileGroup = z.enum(fileGroups);
export type FileGroup = z.infer<typeof fileGroup>;

/** Progress of an activity, course or trail (course statuses: docs/product-rules.md, "Learning"). */
export const progressStatuses = [
  'not_started',
  'in_progress',
  'finished',
  'approved',
  'reproved',
  'blocked',
  'restarted',
  'improved',
] as const;
export const progressStatus = z.enum(progressStatuses);
export type ProgressStatus = z.infer<typeof progressStatus>;

/**
 * Why a course, trail or activity cannot be opened:
 * - `enrollment_required`: the content needs enrollment first;
 * - `prerequisite`: another course must be finished first (`prerequisites` lists which);
 * - `previous_activities`: the activities before it in its module must be done first;
 * - `awaiting_authorization`: an instructor must authorize the user for this activity;
 * - `blocked`: the user failed every attempt of a block test and waits for an instructor or manager
 *   to unblock them (the whole course);
 * - `test_pending`: a test before this activity in the course is not finished yet;
 * - `course_activities_pending`: a general test opens once every other activity of the course is done;
 * - `trail_courses_pending`: a general test that covers the trail, opened inside it, opens once every
 *   other course of the trail is finished;
 * - `training_not_ended`: a reaction evaluation opens once every other activity of the course is done.
 */
export const lockReasons = [
  'enrollment_required',
  'prerequisite',
  'previous_activities',
  'awaiting_authorization',
  'blocked',
  'test_pending',
  'course_activities_pending',
  'trail_courses_pending',
  'training_not_ended',
] as const;
export const lockReason = z.enum(lockReasons);
export type LockReason = z.infer<typeof lockReason>;

/**
 * `open`: anyone in the audience may start it (starting enrolls); `enrollment`: the learner enrolls
 * first (self-service); `assigned`: only a manager enrolls learners.
 */
export const subscriptionModes = ['open', 'enrollment', 'assigned'] as const;
export const subscriptionMode = z.enum(subscriptionModes);
export type SubscriptionMode = z.infer<typeof subscriptionMode>;

export const enrollmentStates = ['not_enrolled', 'enrolled'] as const;
export const enrollmentState = z.enum(enrollmentStates);
export type EnrollmentState = z.infer<typeof enrollmentState>;

/** What a trail is a sequence of; only `course` is built today, the model takes the others. */
export const trailItemKinds = ['course', 'presential_catalog', 'webinar', 'live_class'] as const;
export const trailItemKind = z.enum(trailItemKinds);
export type TrailItemKind = z.infer<typeof trailItemKind>;

export const hierarchyOrder = text().regex(/^\d+\.\d+$/, 'LEARNING_INVALID_HIERARCHY_ORDER');

export const idParams = z.object({ id: positiveId });
export type IdParams = z.infer<typeof idParams>;

export const namedItem = z.object({ id, name: z.string() });
export type NamedItem = z.infer<typeof namedItem>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
