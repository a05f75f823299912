import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, login } from '../../../test/http';
import { DEMO_PASSWORD, demoSeeder } from './demo';
import { runSeeders } from './run-seeders';
import { surveysDemoSeeder } from './surveys-demo';

/** The surveys' demo: the guard waits for its own account only; the open survey has results to show. */
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await runSeeders(t.database.db, [demoSeeder, surveysDemoSeeder]);
});
afterAll(async () => {
  await t?.close();
});

const as = async (username: string) => bearer((await login(t, username, DEMO_PASSWORD)).access_token);
const get = async (url: string, headers: object) => {
  const res = await t.app.inject({ url, headers: headers as Record<string, string> });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
};

describe('the surveys demo', () => {
  it('owes the welcome survey to survey@demo.example alone, and answers it once', async () => {
    const survey = await as('survey');
    const { user } = await get('/api/session', survey);
    expect(user).toMatchObject({ mandatorySurveys: true, mandatorySurveyId: expect.any(Number) });
    for (const name of ['learner', 'manager', 'admin', 'superuser', 'promoter']) {
      expect((await get('/api/session', await as(name))).user.mandatorySurveys, name).toBe(false);
    }
    const id = user.mandatorySurveyId as number;
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/surveys/${id}/answers`,
      headers: survey,
      payload: {
        answers: [
          { question: 0, options: [1] },
          { question: 1, options: [0, 2] },
        ],
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await get('/api/session', survey)).user.mandatorySurveys).toBe(false);
  });

  it("lists the open climate survey with the demo accounts' answers in its results", async () => {
    const learner = await as('learner');
    const { surveys } = await get('/api/surveys', learner);
    const climate = (surveys as { id: number; title: string; mandatory: boolean }[]).find(
      (s) => s.title === 'Clima dos treinamentos',
    );
    expect(climate).toMatchObject({ mandatory: false });
    const results = await get(`/api/surveys/${climate!.id}/results`, await as('instructor'));
    expect(results.responses).toBe(4);
    expect(results.questions[0].options.map((o: { count: number }) => o.count)).toEqual([1, 2, 1, 0]);
  });
});
