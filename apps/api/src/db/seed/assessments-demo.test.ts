import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttemptView, TestOverview } from '@trilha/contracts/assessments/attempts';
import type { CourseDetail, CourseListPage } from '@trilha/contracts/learning';
import { testActivityKinds } from '@trilha/contracts/learning';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, login } from '../../../test/http';
import { clients } from '../schema/core';
import { assessmentCourses, createAssessmentsDemoSeeder, rightAnswer } from './assessments-demo';
import { auroraQuestions } from './assessments-demo/questions';
import { DEMO_PASSWORD, demoSeeder } from './demo';
import { runSeeders } from './run-seeders';

/** The assessments demo: the banks, the four courses with every test kind, and the learner's attempts. */
let t: TestApp;
let learner: { authorization: string };
const clientIds: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  await runSeeders(t.database.db, [
    demoSeeder,
    createAssessmentsDemoSeeder({
      storage: t.deps.storage,
      maxUploadBytes: t.config.MAX_UPLOAD_MB * 1024 * 1024,
    }),
  ]);
  for (const c of await t.database.db.select().from(clients)) clientIds[c.slug] = c.id;
  learner = bearer((await login(t, 'learner', DEMO_PASSWORD)).access_token);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function json<T>(
  url: string,
  headers = learner,
  method: 'GET' | 'POST' | 'PUT' = 'GET',
  payload?: object,
) {
  const res = await t.app.inject({ url, headers, method, payload });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json() as T;
}

const courseDetail = async (title: string) => {
  const list = await json<CourseListPage>('/api/learning/courses?pageSize=100');
  const card = list.items.find((c) => c.title === title);
  expect(card, title).toBeDefined();
  return json<CourseDetail>(`/api/learning/courses/${card!.id}`);
};
const activityOf = (course: CourseDetail, title: string) =>
  course.modules.flatMap((m) => m.activities).find((a) => a.title === title)!;

describe('the assessments demo', () => {
  it('gives each demo client a bank in pt-BR with translations, every kind, categories and images', async () => {
    const bank = t.modules.assessments.questionBank;
    for (const [slug, least] of [
      ['aurora', 15],
      ['nimbus', 12],
    ] as const) {
      const { questions, total } = await bank.list(clientIds[slug]!, { page: 1, pageSize: 100 } as never);
      expect(total, slug).toBeGreaterThanOrEqual(least);
      expect(new Set(questions.map((q) => q.kind)), slug).toEqual(
        new Set([
          'single_choice',
          'multiple_choice',
          'true_false',
          'matching',
          'ordering',
          'numeric',
          'short_answer',
          'essay',
        ]),
      );
      expect((await bank.categories(clientIds[slug]!)).length, slug).toBeGreaterThanOrEqual(2);
      expect(questions.every((q) => q.translations['en-US'] && q.translations.es && q.translations.fr)).toBe(
        true,
      );
      const images = questions.filter((q) => q.media?.kind === 'image');
      // Every demo picture is described for screen readers.
      expect(images.every((q) => (q.media?.alt ?? '').length > 10)).toBe(true);
      expect(images.length, slug).toBeGreaterThanOrEqual(2);
      const res = await t.app.inject({ url: images[0]!.media!.url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
    }
  });

  it('publishes courses in Aurora that hold one test of each kind, a lesson first', async () => {
    const kinds: string[] = [];
    for (const c of assessmentCourses) {
      const course = await courseDetail(c.title);
      const acts = course.modules.flatMap((m) => m.activities);
      expect(acts[0]!.kind).toBe('html');
      kinds.push(...acts.slice(1).map((a) => a.kind));
    }
    expect(kinds.sort()).toEqual([...testActivityKinds].sort());
  });

  it("keeps learner@demo.example's attempts: a pass, and a quiz failed, passed, then improved", async () => {
    const pratica = await courseDetail('Avaliações na prática');
    const timed = await json<TestOverview>(
      `/api/learning/activities/${activityOf(pratica, 'Prova de atendimento').id}/attempts`,
    );
    expect(timed.test).toMatchObject({ passed: true, attemptsUsed: 1, timeLimitMinutes: 10, bestScore: 100 });

    const vitrine = await courseDetail('Vitrine e estoque');
    const quiz = await json<TestOverview>(
      `/api/learning/activities/${activityOf(vitrine, 'Quiz da vitrine').id}/attempts`,
    );
    expect(quiz.attempts.map((a) => [a.number, a.passed])).toEqual([
      [1, false],
      [2, true],
      [3, true],
    ]);
    expect(quiz.test).toMatchObject({ attemptsLeft: 0, bestScore: 100 });
    // With the lesson and the restart test passed, the course is finished with a better grade.
    expect(quiz.test.status).toBe('improved');
    expect(vitrine.progress.status).toBe('improved');
    // The timed test's course still has its lesson to read.
    expect(pratica.progress.status).toBe('in_progress');
  });

  it('can be walked: the block test passes with the right answers; the general tests wait for the lesson', async () => {
    const caixa = await courseDetail('Operação de caixa');
    const id = activityOf(caixa, 'Prova do caixa').id;
    const { attempt } = await json<AttemptView>(`/api/learning/activities/${id}/attempts`, learner, 'POST');
    const byStem = new Map(auroraQuestions.map((q) => [q.stem[0], q]));
    for (const shown of attempt.questions) {
      await json(
        `/api/learning/activities/${id}/attempts/${attempt.id}/answers/${shown.index}`,
        learner,
        'PUT',
        {
          answer: rightAnswer(shown, byStem.get(shown.stem)!),
        },
      );
    }
    const { result } = await json<{ result: { passed: boolean; correctCount: number } }>(
      `/api/learning/activities/${id}/attempts/${attempt.id}/submit`,
      learner,
      'POST',
    );
    expect(result).toMatchObject({ passed: true, correctCount: 3 });

    const final = await courseDetail('Avaliação final da loja');
    for (const a of final.modules.flatMap((m) => m.activities).slice(1)) {
      expect(a.lock, a.title).toMatchObject({ locked: true, reason: 'course_activities_pending' });
    }
  });
});
