import type { LockInfo, LockReason, PrerequisiteRef, SubscriptionMode } from '@trilha/contracts/learning';

/** Whether a user may open a course (or a course within a trail), and if not, why. */
export function courseLock(opts: {
  mode: SubscriptionMode;
  enrolled: boolean;
  prerequisites: PrerequisiteRef[];
}): LockInfo {
  const pending = opts.prerequisites.filter((p) => !p.finished);
  let reason: LockReason | null = null;
  if (pending.length > 0) reason = 'prerequisite';
  else if (opts.mode !== 'open' && !opts.enrolled) reason = 'enrollment_required';
  return { locked: reason !== null, reason, prerequisites: opts.prerequisites };
}

export interface ActivityLockInput {
  id: number;
  moduleId: number;
  /** The module's place in the course (menu order); the module id orders them when absent. */
  modulePosition?: number;
  position: number;
  requiresPrevious: boolean;
  requiresAuthorization: boolean;
  finished: boolean;
  authorized: boolean;
  /** A test or quiz: the activities after it in the course open once it is finished. */
  isTest?: boolean;
  /** A general test: it opens once every other activity of the course is finished. */
  isGeneralTest?: boolean;
  /** A reaction evaluation: it opens once the training has ended (every other activity finished). */
  isReaction?: boolean;
}

/**
 * Locks of every activity of a course, in menu order. An activity that requires the previous ones opens
 * when every activity before it in its module is finished; one that needs authorization opens once an
 * instructor authorized the user. A test must be finished before any activity after it in the course
 * (`test_pending`), and a general test opens once every other activity is finished
 * (`course_activities_pending`) but for the reaction evaluations, which come after it: a reaction opens
 * once every other activity, general tests included, is finished (`training_not_ended`). The course's own
 * lock comes first.
 */
export function activityLocks(course: LockInfo, items: readonly ActivityLockInput[]): Map<number, LockInfo> {
  const out = new Map<number, LockInfo>();
  const allDoneInModule = new Map<number, boolean>();
  const othersDone = items.every((i) => i.isGeneralTest || i.isReaction || i.finished);
  const trainingEnded = items.every((i) => i.isReaction || i.finished);
  let testPending = false;
  const sorted = [...items].sort(
    (a, b) =>
      (a.modulePosition ?? a.moduleId) - (b.modulePosition ?? b.moduleId) ||
      a.moduleId - b.moduleId ||
      a.position - b.position,
  );
  for (const item of sorted) {
    const previousDone = allDoneInModule.get(item.moduleId) ?? true;
    let reason: LockReason | null = course.reason;
    if (!reason && item.isGeneralTest && !othersDone) reason = 'course_activities_pending';
    if (!reason && item.isReaction && !trainingEnded) reason = 'training_not_ended';
    if (!reason && testPending) reason = 'test_pending';
    if (!reason && item.requiresPrevious && !previousDone) reason = 'previous_activities';
    if (!reason && item.requiresAuthorization && !item.authorized) reason = 'awaiting_authorization';
    out.set(item.id, {
      locked: reason !== null,
      reason,
      prerequisites: reason === 'prerequisite' ? course.prerequisites : [],
    });
    allDoneInModule.set(item.moduleId, previousDone && item.finished);
    if (item.isTest && !item.finished) testPending = true;
  }
  return out;
}

export const lockErrorCode = {
  enrollment_required: 'LEARNING_ENROLLMENT_REQUIRED',
  prerequisite: 'LEARNING_PREREQUISITE_PENDING',
  previous_activities: 'LEARNING_PREVIOUS_ACTIVITIES_PENDING',
  awaiting_authorization: 'LEARNING_AWAITING_AUTHORIZATION',
  blocked: 'ASSESSMENT_BLOCKED_IN_COURSE',
  test_pending: 'ASSESSMENT_TEST_REQUIRED',
  course_activities_pending: 'ASSESSMENT_COURSE_ACTIVITIES_PENDING',
  trail_courses_pending: 'ASSESSMENT_TRAIL_COURSES_PENDING',
  training_not_ended: 'REACTION_TRAINING_NOT_ENDED',
} as const;
