import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, login } from '../../../test/http';
import { DEMO_PASSWORD, demoSeeder } from './demo';
import { REACTION_DEMO_COURSE, reactionsDemoSeeder } from './reactions-demo';
import { runSeeders } from './run-seeders';

/** The reaction evaluation demo: the learner has it ahead, locked; other accounts' answers fill the results. */
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await runSeeders(t.database.db, [demoSeeder, reactionsDemoSeeder]);
});
afterAll(async () => {
  await t?.close();
});

const as = async (username: string) => bearer((await login(t, username, DEMO_PASSWORD)).access_token);

describe('the reaction evaluations demo', () => {
  it('ends a course of Aurora the learner has not started, with answers from other demo accounts', async () => {
    const learner = await as('learner');
    const list = await t.app.inject({
      url: `/api/learning/courses?search=${encodeURIComponent(REACTION_DEMO_COURSE)}`,
      headers: learner,
    });
    const course = list.json().items.find((c: { title: string }) => c.title === REACTION_DEMO_COURSE);
    expect(course).toBeTruthy();
    const detail = (
      await t.app.inject({ url: `/api/learning/courses/${course.id}`, headers: learner })
    ).json();
    expect(detail.progress.status).toBe('not_started');
    const activities = detail.modules.flatMap((m: { activities: unknown[] }) => m.activities) as {
      id: number;
      kind: string;
      lock: { reason: string | null };
    }[];
    const reaction = activities.at(-1)!;
    expect(reaction.kind).toBe('reaction_evaluation');
    expect(reaction.lock.reason).toBe('training_not_ended');

    const en = await t.app.inject({
      url: `/api/learning/activities/${reaction.id}/reaction`,
      headers: { ...learner, 'accept-language': 'en-US' },
    });
    expect(en.json()).toMatchObject({ open: false, answered: false, pendingActivities: 1 });
    expect(en.json().questions[0].text).toBe('How do you rate the training?');

    const results = await t.app.inject({
      url: `/api/admin/learning/activities/${reaction.id}/reaction/results`,
      headers: await as('manager'),
    });
    expect(results.statusCode).toBe(200);
    expect(results.json().responses).toBe(3);
    expect(results.json().questions[0].options[0]).toMatchObject({ text: 'Excelente', count: 2 });
  });
});
