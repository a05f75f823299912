import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { learningOf, learningWorld, makeCourse, type World } from '../../../test/learning-helpers';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await buildTestApp();
  w = await learningWorld(t);
});
afterAll(async () => {
  await t.close();
});

const progress = (activityId: number, body: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/learning/activities/${activityId}/progress`,
    headers: w.as.learner,
    payload: body,
  });
const continueNow = async () => {
  const res = await t.app.inject({ url: '/api/learning/continue', headers: w.as.learner });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().course as {
    id: number;
    resumeAt: string;
    resumeTitle: string;
    progress: { percent: number };
  } | null;
};
const twoParts = (title: string) =>
  makeCourse(t, w, {
    course: { title },
    activities: [
      { kind: 'html', title: `${title}: parte 1` },
      { kind: 'html', title: `${title}: parte 2` },
    ],
  });

describe("home's continue", () => {
  it('is the unfinished course worked on last, at its first unfinished activity, and none once finished or closed', async () => {
    expect(await continueNow()).toBeNull();

    const first = await twoParts('Atendimento');
    const second = await twoParts('Vitrine');
    const [a1] = first.modules[0]!.activities;
    const [b1, b2] = second.modules[0]!.activities;

    await progress(a1!.id, { type: 'open' });
    expect(await continueNow()).toMatchObject({
      id: first.id,
      resumeAt: '1.1',
      resumeTitle: 'Atendimento: parte 1',
    });

    // The first course's last report is older; the second one's part 1 is done on a loaded viewer.
    await t.database.db.execute(sql`update course_progress set last_activity_at = now() - interval '1 hour'
      where user_id = ${w.learner.id} and course_id = ${first.id}`);
    await progress(b1!.id, { type: 'open' });
    expect((await progress(b1!.id, { type: 'loaded' })).json().activity.status).toBe('finished');
    expect(await continueNow()).toMatchObject({
      id: second.id,
      resumeAt: '1.2',
      resumeTitle: 'Vitrine: parte 2',
      progress: { percent: 50 },
    });

    // Finished: the course before it comes back.
    await progress(b2!.id, { type: 'open' });
    await progress(b2!.id, { type: 'loaded' });
    expect(await continueNow()).toMatchObject({ id: first.id, resumeAt: '1.1' });

    // A course taken off the catalog is not offered.
    await learningOf(t).authoring.publishCourse(w.actor, first.id, false);
    expect(await continueNow()).toBeNull();
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ url: '/api/learning/continue' })).statusCode).toBe(401);
  });
});
