import { describe, expect, it } from 'vitest';
import type { LockInfo } from '@trilha/contracts/learning';
import { activityLocks, type ActivityLockInput } from './locks';

/** The reaction evaluation's lock (docs/assessments.md, "Reaction evaluations"). */
const open: LockInfo = { locked: false, reason: null, prerequisites: [] };
const item = (id: number, position: number, extra: Partial<ActivityLockInput> = {}): ActivityLockInput => ({
  id,
  moduleId: 1,
  position,
  requiresPrevious: false,
  requiresAuthorization: false,
  finished: false,
  authorized: false,
  ...extra,
});

describe('the reaction evaluation lock', () => {
  it('waits for every other activity, general tests included, which in turn do not wait for it', () => {
    const lesson = item(1, 1);
    const general = item(2, 2, { isTest: true, isGeneralTest: true });
    const reaction = item(3, 3, { isReaction: true });
    let locks = activityLocks(open, [lesson, general, reaction]);
    expect(locks.get(3)).toMatchObject({ locked: true, reason: 'training_not_ended' });
    expect(locks.get(2)).toMatchObject({ locked: true, reason: 'course_activities_pending' });

    locks = activityLocks(open, [{ ...lesson, finished: true }, general, reaction]);
    // The general test opens without the reaction; the reaction still waits for the test.
    expect(locks.get(2)).toMatchObject({ locked: false });
    expect(locks.get(3)).toMatchObject({ locked: true, reason: 'training_not_ended' });

    locks = activityLocks(open, [{ ...lesson, finished: true }, { ...general, finished: true }, reaction]);
    expect(locks.get(3)).toEqual(open);
  });

  it("keeps the course's own lock first", () => {
    const course: LockInfo = { locked: true, reason: 'enrollment_required', prerequisites: [] };
    const locks = activityLocks(course, [item(1, 1), item(2, 2, { isReaction: true })]);
    expect(locks.get(2)).toMatchObject({ locked: true, reason: 'enrollment_required' });
  });
});
