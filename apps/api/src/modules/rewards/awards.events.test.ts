import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvents } from '../../jobs/job-queue';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { learningOf, learningWorld, makeCourse, type World } from '../../../test/learning-helpers';

/**
 * Learning's finish events (learning-events.ts), heard the way a cache listener hears them: once their
 * progress write committed. Each must come exactly when the thing becomes finished, never again on a
 * reload or a repeated report.
 */
let t: TestApp;
let w: World;
const heard: { event: string; data: Record<string, unknown> }[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  w = await learningWorld(t);
  for (const event of [
    'learning.activity-finished',
    'learning.course-finished',
    'learning.trail-finished',
  ] as const satisfies readonly (keyof DomainEvents)[]) {
    t.jobs.listen(event, (data) => {
      heard.push({ event, data: data as unknown as Record<string, unknown> });
    });
  }
});
afterAll(async () => {
  await t?.close();
});

const loaded = (activityId: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/learning/activities/${activityId}/progress`,
    headers: w.as.learner,
    payload: { type: 'loaded' },
  });
const of = (event: string) => heard.filter((h) => h.event === event);

describe('finish events', () => {
  it('emits activity-finished per activity, course-finished once on the last, and none on a repeated report', async () => {
    const category = await learningOf(t).authoring.addTaxonomy(w.actor, 'categories', 'Eventos');
    const course = await makeCourse(t, w, {
      course: { title: 'Curso com eventos', workloadMinutes: 45, categoryId: category.id },
      activities: [
        { kind: 'html', title: 'Primeira' },
        { kind: 'html', title: 'Segunda' },
      ],
    });
    const [first, second] = course.modules[0]!.activities;
    heard.length = 0;

    expect((await loaded(first!.id)).json().activity.status).toBe('finished');
    expect(of('learning.activity-finished')).toHaveLength(1);
    expect(of('learning.course-finished')).toHaveLength(0);

    expect((await loaded(second!.id)).json().activity.status).toBe('finished');
    // The last activity reported again, twice: still finished, nothing emitted again.
    await loaded(second!.id);
    await loaded(first!.id);
    expect(of('learning.activity-finished').map((h) => h.data['activityId'])).toEqual([
      first!.id,
      second!.id,
    ]);
    expect(of('learning.activity-finished')[1]!.data).toMatchObject({
      clientId: w.client.id,
      userId: w.learner.id,
      courseId: course.id,
      title: 'Segunda',
    });
    expect(of('learning.course-finished')).toHaveLength(1);
    expect(of('learning.course-finished')[0]!.data).toMatchObject({
      clientId: w.client.id,
      userId: w.learner.id,
      courseId: course.id,
      title: 'Curso com eventos',
      workloadMinutes: 45,
      categoryId: category.id,
    });
    expect(of('learning.trail-finished')).toHaveLength(0);
  });

  it("emits trail-finished when the trail's last course finishes, once", async () => {
    const { authoring } = learningOf(t);
    const a = await makeCourse(t, w, {
      course: { title: 'Trilha A', workloadMinutes: 30 },
      activities: [{ kind: 'html', title: 'a' }],
    });
    const b = await makeCourse(t, w, {
      course: { title: 'Trilha B', workloadMinutes: 60 },
      activities: [{ kind: 'html', title: 'b' }],
    });
    const trail = await authoring.createTrail(w.actor, { title: 'Trilha completa' });
    await authoring.setTrailItems(w.actor, trail.id, {
      items: [
        { kind: 'course', itemId: a.id },
        { kind: 'course', itemId: b.id },
      ],
    });
    await authoring.publishTrail(w.actor, trail.id, true);
    heard.length = 0;

    await loaded(a.modules[0]!.activities[0]!.id);
    expect(of('learning.trail-finished')).toHaveLength(0);
    await loaded(b.modules[0]!.activities[0]!.id);
    await loaded(b.modules[0]!.activities[0]!.id);
    expect(of('learning.course-finished')).toHaveLength(2);
    expect(of('learning.trail-finished').map((h) => h.data)).toEqual([
      expect.objectContaining({
        clientId: w.client.id,
        userId: w.learner.id,
        trailId: trail.id,
        title: 'Trilha completa',
        workloadMinutes: 90,
      }),
    ]);
  });
});
