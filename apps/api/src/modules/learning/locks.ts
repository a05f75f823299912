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
  position: number;
  requiresPrevious: boolean;
  requiresAuthorization: boolean;
  finished: boolean;
  authorized: boolean;
}

/**
 * Locks of every activity of a course, in menu order. An activity that requires the previous ones opens
 * when every activity before it in its module is finished; one that needs authorization opens once an
 * instructor authorized the user. The course's own lock comes first.
 */
export function activityLocks(course: LockInfo, items: readonly ActivityLockInput[]): Map<number, LockInfo> {
  const out = new Map<number, LockInfo>();
  const allDoneInModule = new Map<number, boolean>();
  const sorted = [...items].sort((a, b) => a.moduleId - b.moduleId || a.position - b.position);
  for (const item of sorted) {
    const previousDone = allDoneInModule.get(item.moduleId) ?? true;
    let reason: LockReason | null = course.reason;
    if (!reason && item.requiresPrevious && !previousDone) reason = 'previous_activities';
    if (!reason && item.requiresAuthorization && !item.authorized) reason = 'awaiting_authorization';
    out.set(item.id, {
      locked: reason !== null,
      reason,
      prerequisites: reason === 'prerequisite' ? course.prerequisites : [],
    });
    allDoneInModule.set(item.moduleId, previousDone && item.finished);
  }
  return out;
}

export const lockErrorCode = {
  enrollment_required: 'LEARNING_ENROLLMENT_REQUIRED',
  prerequisite: 'LEARNING_PREREQUISITE_PENDING',
  previous_activities: 'LEARNING_PREVIOUS_ACTIVITIES_PENDING',
  awaiting_authorization: 'LEARNING_AWAITING_AUTHORIZATION',
} as const;
