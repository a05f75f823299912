import { describe, expect, it } from 'vitest';
import type { LockInfo } from '@trilha/contracts/learning';
import { activityLocks, type ActivityLockInput } from './locks';
import { courseStatusWithTests, type TestState } from './test-states.repo';

const open: LockInfo = { locked: false, reason: null, prerequisites: [] };
const item = (id: number, over: Partial<ActivityLockInput> = {}): ActivityLockInput => ({
  id,
  moduleId: 1,
  modulePosition: 1,
  position: id,
  requiresPrevious: false,
  requiresAuthorization: false,
  finished: false,
  authorized: false,
  ...over,
});
const reasons = (items: ActivityLockInput[], course = open) =>
  [...activityLocks(course, items).entries()].sort(([a], [b]) => a - b).map(([, l]) => l.reason);

describe('locks of tests', () => {
  it('a test not finished locks every activity after it in the course, in later modules too', () => {
    const items = [
      item(1),
      item(2, { isTest: true }),
      item(3),
      item(4, { moduleId: 2, modulePosition: 2, position: 1 }),
    ];
    expect(reasons(items)).toEqual([null, null, 'test_pending', 'test_pending']);
    items[1] = { ...items[1]!, finished: true };
    expect(reasons(items)).toEqual([null, null, null, null]);
  });

  it('orders modules by their place in the course, not by their id', () => {
    const items = [
      item(1, { moduleId: 9, modulePosition: 1, isTest: true }),
      item(2, { moduleId: 3, modulePosition: 2 }),
    ];
    expect(reasons(items)).toEqual([null, 'test_pending']);
  });

  it('a general test opens once every other activity is finished; the course lock comes first', () => {
    const items = [item(1, { finished: true }), item(2), item(3, { isTest: true, isGeneralTest: true })];
    expect(reasons(items)).toEqual([null, null, 'course_activities_pending']);
    items[1] = { ...items[1]!, finished: true };
    expect(reasons(items)).toEqual([null, null, null]);
    const blocked: LockInfo = { locked: true, reason: 'blocked', prerequisites: [] };
    expect(reasons(items, blocked)).toEqual(['blocked', 'blocked', 'blocked']);
  });
});

describe('course status from tests', () => {
  const state = (over: Partial<TestState> = {}): TestState => ({
    blocked: false,
    restarted: false,
    reproved: false,
    improved: false,
    graded: true,
    ...over,
  });

  it('blocked first; a finished course with graded tests is approved or improved', () => {
    expect(courseStatusWithTests('finished', state({ blocked: true }))).toBe('blocked');
    expect(courseStatusWithTests('finished', state())).toBe('approved');
    expect(courseStatusWithTests('finished', state({ improved: true }))).toBe('improved');
    expect(courseStatusWithTests('finished', state({ graded: false }))).toBe('finished');
  });

  it('a course not finished is reproved or restarted when a test decided so, else keeps its progress', () => {
    expect(courseStatusWithTests('in_progress', state({ reproved: true }))).toBe('reproved');
    expect(courseStatusWithTests('not_started', state({ restarted: true }))).toBe('restarted');
    expect(courseStatusWithTests('in_progress', state())).toBe('in_progress');
    expect(courseStatusWithTests('in_progress', undefined)).toBe('in_progress');
  });
});
