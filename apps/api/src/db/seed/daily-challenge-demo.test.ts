import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DailyCalendar, DailyChallengeToday } from '@trilha/contracts/daily-challenge';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, login } from '../../../test/http';
import { createAssessmentsDemoSeeder } from './assessments-demo';
import { createDailyChallengeDemoSeeder } from './daily-challenge-demo';
import { DEMO_PASSWORD, demoSeeder } from './demo';
import { runSeeders } from './run-seeders';

/** The daily challenge demo: Aurora's month of challenges and the learner's streak of five days. */
let t: TestApp;
let learner: { authorization: string };
let manager: { authorization: string };

beforeAll(async () => {
  t = await buildTestApp();
  const files = { storage: t.deps.storage, maxUploadBytes: t.config.MAX_UPLOAD_MB * 1024 * 1024 };
  await runSeeders(t.database.db, [
    demoSeeder,
    createAssessmentsDemoSeeder(files),
    createDailyChallengeDemoSeeder(files),
  ]);
  learner = bearer((await login(t, 'learner', DEMO_PASSWORD)).access_token);
  manager = bearer((await login(t, 'manager', DEMO_PASSWORD)).access_token);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('daily challenge demo', () => {
  it('the learner has a streak of five, today still to answer, and a scheduled question', async () => {
    const res = await t.app.inject({ url: '/api/daily-challenge/today', headers: learner });
    expect(res.statusCode, res.body).toBe(200);
    const today = res.json() as DailyChallengeToday;
    expect(today.streak).toEqual({ current: 5, best: 5, answeredToday: false });
    expect(today.answer).toBeNull();
    expect(today.challenge).not.toBeNull();

    const answered = await t.app.inject({
      method: 'POST',
      url: '/api/daily-challenge/today/answer',
      headers: learner,
      payload:
        today.challenge!.question.kind === 'true_false'
          ? { kind: 'true_false', value: true }
          : today.challenge!.question.kind === 'single_choice'
            ? { kind: 'single_choice', option: 0 }
            : { kind: 'multiple_choice', options: [0] },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect((answered.json() as DailyChallengeToday).streak.current).toBe(6);
  });

  it('the manager sees the month scheduled, the days answered counted', async () => {
    const today = (
      (
        await t.app.inject({ url: '/api/daily-challenge/today', headers: learner })
      ).json() as DailyChallengeToday
    ).day;
    const res = await t.app.inject({
      url: `/api/admin/daily-challenges?month=${today.slice(0, 7)}`,
      headers: manager,
    });
    expect(res.statusCode, res.body).toBe(200);
    const calendar = res.json() as DailyCalendar;
    expect(calendar.days.length).toBeGreaterThan(0);
    expect(calendar.days.every((d) => d.scheduled && d.stem.length > 0)).toBe(true);
    expect(calendar.days.find((d) => d.day === today)?.answers).toBe(1);
  });
});
