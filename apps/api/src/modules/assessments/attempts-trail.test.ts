import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestActivityKind } from '@trilha/contracts/learning';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { learningWorld, makeCourse, type World } from '../../../test/learning-helpers';

/**
 * General tests that cover a whole trail (docs/assessments.md, "General tests and trails"): opened inside
 * the trail, the test waits for every course of the trail; failing it blocks or restarts every course of
 * the trail; unblocking one course gives them all back.
 */
let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await buildTestApp();
  w = await learningWorld(t);
});
afterAll(async () => {
  await t?.close();
});

const learner = () => w.as.learner;
const manager = () => w.as.manager;

/** Two courses in a trail: the first a lesson, the second a lesson and the trail-wide general test. */
async function trailWithTest(kind: TestActivityKind, scope: 'course' | 'trail' = 'trail') {
  const q = await t.modules.assessments.questionBank.create(w.actor, {
    kind: 'true_false',
    stem: 'O céu é azul.',
    answer: true,
  });
  const first = await makeCourse(t, w, {
    course: { title: 'Primeiro curso' },
    activities: [{ kind: 'html', title: 'Aula 1' }],
  });
  const second = await makeCourse(t, w, {
    course: { title: 'Segundo curso' },
    activities: [
      { kind: 'html', title: 'Aula 2' },
      {
        kind,
        title: 'Prova geral',
        settings: { questions: { mode: 'fixed', questionIds: [q.id] }, passMark: 1, maxAttempts: 1, scope },
      },
    ],
  });
  const { authoring } = t.modules.learning;
  const trail = await authoring.createTrail(w.actor, { title: 'Trilha com prova geral' });
  await authoring.setTrailItems(w.actor, trail.id, {
    items: [
      { kind: 'course', itemId: first.id },
      { kind: 'course', itemId: second.id },
    ],
  });
  await authoring.publishTrail(w.actor, trail.id, true);
  const lesson1 = first.modules[0]!.activities[0]!.id;
  const [lesson2, test] = second.modules[0]!.activities.map((a) => a.id) as [number, number];
  return { trailId: trail.id, first: first.id, second: second.id, lesson1, lesson2, test };
}

const finish = async (activityId: number, trailId: number) => {
  const r = await t.app.inject({
    method: 'POST',
    url: `/api/learning/activities/${activityId}/progress?trailId=${trailId}`,
    headers: learner(),
    payload: { type: 'loaded' },
  });
  expect(r.statusCode, r.body).toBeLessThan(300);
};
const start = (activityId: number, trailId?: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/learning/activities/${activityId}/attempts${trailId ? `?trailId=${trailId}` : ''}`,
    headers: learner(),
  });
const overview = (activityId: number, trailId?: number) =>
  t.app.inject({
    url: `/api/learning/activities/${activityId}/attempts${trailId ? `?trailId=${trailId}` : ''}`,
    headers: learner(),
  });
const courseIn = (trailId: number, courseId: number) =>
  t.app.inject({ url: `/api/learning/trails/${trailId}/courses/${courseId}`, headers: learner() });

/** Starts the test inside the trail and answers wrong: its only attempt fails. */
async function fail(test: number, trailId: number) {
  const started = await start(test, trailId);
  expect(started.statusCode, started.body).toBe(200);
  const id = started.json().attempt.id as number;
  await t.app.inject({
    method: 'PUT',
    url: `/api/learning/activities/${test}/attempts/${id}/answers/0`,
    headers: learner(),
    payload: { answer: { kind: 'true_false', value: false } },
  });
  const done = await t.app.inject({
    method: 'POST',
    url: `/api/learning/activities/${test}/attempts/${id}/submit`,
    headers: learner(),
  });
  expect(done.statusCode, done.body).toBe(200);
  return done.json().result;
}

describe('a general test that covers the trail', () => {
  it('keeps the scope in the settings: course by default, trail when chosen', async () => {
    const s = await trailWithTest('block_general_test', 'course');
    const detail = await t.app.inject({
      url: `/api/admin/learning/courses/${s.second}`,
      headers: manager(),
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().modules[0].activities[1].test.scope).toBe('course');
    // Course scope: the other course of the trail does not hold it back.
    await finish(s.lesson2, s.trailId);
    expect((await overview(s.test, s.trailId)).json().test.canStart).toBe(true);
  });

  it('opens inside the trail only once every other course of the trail is finished', async () => {
    const s = await trailWithTest('block_general_test');
    const stored = await t.app.inject({ url: `/api/admin/learning/courses/${s.second}`, headers: manager() });
    expect(stored.json().modules[0].activities[1].test.scope).toBe('trail');
    await finish(s.lesson2, s.trailId);
    const waiting = (await overview(s.test, s.trailId)).json().test;
    expect(waiting).toMatchObject({
      canStart: false,
      blockedReason: 'ASSESSMENT_TRAIL_COURSES_PENDING',
    });
    const menu = (await courseIn(s.trailId, s.second)).json().modules[0].activities;
    expect(menu[1].lock.reason).toBe('trail_courses_pending');
    const refused = await start(s.test, s.trailId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('ASSESSMENT_TRAIL_COURSES_PENDING');
    // Outside the trail the test covers its course, whose other activity is finished.
    expect((await overview(s.test)).json().test.canStart).toBe(true);

    await finish(s.lesson1, s.trailId);
    expect((await overview(s.test, s.trailId)).json().test.canStart).toBe(true);
  });

  it('failing a trail-wide block test blocks every course of the trail; one unblock gives them all back', async () => {
    const s = await trailWithTest('block_general_test');
    await finish(s.lesson1, s.trailId);
    await finish(s.lesson2, s.trailId);
    const result = await fail(s.test, s.trailId);
    expect(result.outcome).toMatchObject({ blocked: true });
    for (const course of [s.first, s.second]) {
      expect((await courseIn(s.trailId, course)).json().progress.status).toBe('blocked');
    }
    const lesson = await t.app.inject({
      method: 'POST',
      url: `/api/learning/activities/${s.lesson1}/progress?trailId=${s.trailId}`,
      headers: learner(),
      payload: { type: 'loaded' },
    });
    expect(lesson.statusCode).toBe(403);

    const blocks = await t.app.inject({
      url: `/api/admin/assessments/courses/${s.first}/blocks`,
      headers: manager(),
    });
    expect(blocks.json().items).toMatchObject([
      { user: { id: w.learner.id }, activityId: s.test, activityTitle: 'Prova geral' },
    ]);
    const unblocked = await t.app.inject({
      method: 'POST',
      url: `/api/admin/assessments/courses/${s.first}/users/${w.learner.id}/unblock`,
      headers: manager(),
      payload: { reason: 'Revisou o conteúdo com o instrutor' },
    });
    expect(unblocked.statusCode, unblocked.body).toBe(200);
    for (const course of [s.first, s.second]) {
      expect((await courseIn(s.trailId, course)).json().progress.status).not.toBe('blocked');
    }
    // A new set of attempts at the test.
    expect((await overview(s.test, s.trailId)).json().test).toMatchObject({
      attemptsLeft: 1,
      canStart: true,
    });
  });

  it('failing a trail-wide restart test resets the progress and attempts of every course of the trail', async () => {
    const s = await trailWithTest('restart_general_test');
    await finish(s.lesson1, s.trailId);
    await finish(s.lesson2, s.trailId);
    expect((await courseIn(s.trailId, s.first)).json().progress.status).toBe('finished');
    const result = await fail(s.test, s.trailId);
    expect(result.outcome).toMatchObject({ restarted: true });
    for (const course of [s.first, s.second]) {
      const progress = (await courseIn(s.trailId, course)).json().progress;
      expect(progress).toMatchObject({ status: 'restarted', completedActivities: 0 });
    }
    const trail = await t.app.inject({ url: `/api/learning/trails/${s.trailId}`, headers: learner() });
    expect(trail.json().progress.percent).toBe(0);
    // The test waits for the trail again, with its attempts back.
    expect((await overview(s.test, s.trailId)).json().test).toMatchObject({
      attemptsUsed: 0,
      canStart: false,
      // Its own course's lesson comes first again.
      blockedReason: 'ASSESSMENT_COURSE_ACTIVITIES_PENDING',
    });
  });

  it('a restart over the course alone leaves the other courses of the trail as they were', async () => {
    const s = await trailWithTest('restart_general_test', 'course');
    await finish(s.lesson1, s.trailId);
    await finish(s.lesson2, s.trailId);
    await fail(s.test, s.trailId);
    expect((await courseIn(s.trailId, s.first)).json().progress.status).toBe('finished');
    expect((await courseIn(s.trailId, s.second)).json().progress.status).toBe('restarted');
  });
});
