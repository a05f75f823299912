import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionBody } from '@trilha/contracts/assessments/questions';
import type { ActivityBody, TestActivityKind, TestSettingsInput } from '@trilha/contracts/learning';
import { rowsOf } from '../../db/client';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createClient, createUser } from '../../../test/factories';
import { bearer, login } from '../../../test/http';
import { learningWorld, makeCourse, type World } from '../../../test/learning-helpers';

/**
 * Tests and quizzes taken as attempts (docs/assessments.md, "Tests and quizzes"): grading on the server,
 * the time limit by the database's clock (tests move the stored deadline back), the kinds' rules, and
 * that nothing telling right from wrong leaves the server before an attempt is submitted.
 */
let t: TestApp;
let w: World;
const heard: Record<string, unknown>[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  w = await learningWorld(t);
  t.jobs.listen('learning.activity-finished', (data) => {
    heard.push(data as unknown as Record<string, unknown>);
  });
});
afterAll(async () => {
  await t?.close();
});

// Texts only the grader may know: they must never appear in an answer before submission.
const SECRET = {
  accepted: 'Resposta-Aceita-Secreta',
  feedbackRight: 'Feedback-Da-Certa',
  feedbackWrong: 'Feedback-Da-Errada',
  general: 'Comentario-Geral-Secreto',
  numeric: 271828,
};

const bank = () => t.modules.assessments.questionBank;

async function question(body: QuestionBody) {
  return bank().create(w.actor, body);
}

/** One question of each auto-graded kind (and, when asked, an essay), ids in that order. */
async function questionSet(withEssay = false) {
  const qs = [
    await question({
      kind: 'single_choice',
      stem: 'Qual a capital do Brasil?',
      generalFeedback: SECRET.general,
      options: [
        { text: 'Rio de Janeiro', correct: false, feedback: SECRET.feedbackWrong },
        { text: 'Brasília', correct: true, feedback: SECRET.feedbackRight },
        { text: 'São Paulo', correct: false },
      ],
    }),
    await question({
      kind: 'multiple_choice',
      stem: 'Quais são cores primárias?',
      options: [
        { text: 'Azul', weight: 50 },
        { text: 'Vermelho', weight: 50 },
        { text: 'Verde', weight: -100 },
      ],
    }),
    await question({ kind: 'true_false', stem: 'O céu é azul.', answer: true }),
    await question({
      kind: 'matching',
      stem: 'Ligue',
      pairs: [
        { left: 'Gato', right: 'Mia' },
        { left: 'Cão', right: 'Late' },
        { left: 'Vaca', right: 'Muge' },
      ],
    }),
    await question({ kind: 'ordering', stem: 'Ordene', items: ['Um', 'Dois', 'Três', 'Quatro'] }),
    await question({
      kind: 'numeric',
      stem: 'Um número',
      answer: { mode: 'value', value: SECRET.numeric, tolerance: 0 },
    }),
    await question({ kind: 'short_answer', stem: 'Diga a senha', answers: [SECRET.accepted] }),
  ];
  if (withEssay) qs.push(await question({ kind: 'essay', stem: 'Escreva', points: 2 }));
  return qs.map((q) => q.id);
}

type Settings = Omit<TestSettingsInput, 'questions'> & { questions?: TestSettingsInput['questions'] };

async function testCourse(
  kind: TestActivityKind,
  settings: Settings,
  opts: { questionIds?: number[]; after?: boolean; extra?: ActivityBody[] } = {},
) {
  const ids = opts.questionIds ?? (await questionSet());
  const activities: ActivityBody[] = [
    ...(opts.extra ?? []),
    {
      kind,
      title: `Prova ${kind}`,
      settings: { questions: { mode: 'fixed', questionIds: ids }, ...settings },
    } as ActivityBody,
  ];
  if (opts.after) activities.push({ kind: 'html', title: 'Depois da prova' });
  const course = await makeCourse(t, w, { activities });
  const acts = course.modules[0]!.activities;
  const test = acts.find((a) => a.kind === kind)!;
  return { course, test, acts };
}

const as = (who: 'learner' | 'manager' = 'learner') => w.as[who];
const start = (activityId: number, headers = as()) =>
  t.app.inject({ method: 'POST', url: `/api/learning/activities/${activityId}/attempts`, headers });
const overview = (activityId: number) =>
  t.app.inject({ url: `/api/learning/activities/${activityId}/attempts`, headers: as() });
const save = (activityId: number, attemptId: number, index: number, answer: unknown, headers = as()) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/learning/activities/${activityId}/attempts/${attemptId}/answers/${index}`,
    headers,
    payload: { answer },
  });
const submit = (activityId: number, attemptId: number, headers = as()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/learning/activities/${activityId}/attempts/${attemptId}/submit`,
    headers,
  });
const reviewOf = (activityId: number, attemptId: number) =>
  t.app.inject({
    url: `/api/learning/activities/${activityId}/attempts/${attemptId}/review`,
    headers: as(),
  });
const courseDetail = (courseId: number) =>
  t.app.inject({ url: `/api/learning/courses/${courseId}`, headers: as() });

interface ShownQuestion {
  index: number;
  kind: string;
  stem: string;
  options: { index: number; text: string }[] | null;
  left: { index: number; text: string }[] | null;
  right: { index: number; text: string }[] | null;
  items: { index: number; text: string }[] | null;
}

const rightMatch: Record<string, string> = { Gato: 'Mia', Cão: 'Late', Vaca: 'Muge' };
const rightOrder = ['Um', 'Dois', 'Três', 'Quatro'];

/** The right answer to a shown question, found from its texts as a learner who knows the subject would. */
function rightAnswer(q: ShownQuestion): unknown {
  const at = (list: { index: number; text: string }[] | null, text: string) =>
    list!.find((o) => o.text === text)!.index;
  switch (q.kind) {
    case 'single_choice':
      return { kind: q.kind, option: at(q.options, 'Brasília') };
    case 'multiple_choice':
      return { kind: q.kind, options: [at(q.options, 'Azul'), at(q.options, 'Vermelho')] };
    case 'true_false':
      return { kind: q.kind, value: true };
    case 'matching':
      return {
        kind: q.kind,
        pairs: q.left!.map((l) => ({ left: l.index, right: at(q.right, rightMatch[l.text]!) })),
      };
    case 'ordering':
      return { kind: q.kind, order: rightOrder.map((text) => at(q.items, text)) };
    case 'numeric':
      return { kind: q.kind, value: SECRET.numeric };
    case 'short_answer':
      return { kind: q.kind, text: SECRET.accepted.toLowerCase() };
    default:
      return { kind: 'essay', text: 'Minha redação' };
  }
}
const wrongAnswer = (q: ShownQuestion): unknown =>
  q.kind === 'true_false'
    ? { kind: q.kind, value: false }
    : q.kind === 'numeric'
      ? { kind: q.kind, value: 1 }
      : q.kind === 'short_answer'
        ? { kind: q.kind, text: 'não sei' }
        : null;

/** Starts (or resumes) and answers every question, right or wrong; returns the attempt. */
async function take(activityId: number, right: boolean | ((q: ShownQuestion) => boolean), headers = as()) {
  const res = await start(activityId, headers);
  expect(res.statusCode, res.body).toBe(200);
  const attempt = res.json().attempt as { id: number; questions: ShownQuestion[] };
  for (const q of attempt.questions) {
    const ok = typeof right === 'function' ? right(q) : right;
    const answer = ok ? rightAnswer(q) : wrongAnswer(q);
    if (answer === null) continue;
    const r = await save(activityId, attempt.id, q.index, answer, headers);
    expect(r.statusCode, r.body).toBe(200);
  }
  return attempt;
}

const moveDeadline = (attemptId: number, secondsAgo: number) =>
  t.database.db.execute(sql`update assessment_attempts
    set deadline_at = now() - make_interval(secs => ${secondsAgo}),
        started_at = now() - make_interval(secs => ${secondsAgo + 60})
    where id = ${attemptId}`);

describe('authoring a test', () => {
  it('takes the settings of each kind and refuses questions outside the bank and limitless block tests', async () => {
    const ids = await questionSet();
    const { test } = await testCourse(
      'conventional_test',
      { passMark: 5, maxAttempts: 2 },
      { questionIds: ids },
    );
    expect(test.test).toMatchObject({
      passMark: 5,
      maxAttempts: 2,
      review: 'answers',
      shuffleAnswers: false,
    });
    expect(test.ready).toBe(true);

    const course = await t.modules.learning.authoring.createCourse(w.actor, { title: 'Recusas' });
    const withModule = await t.modules.learning.authoring.addModule(w.actor, course.id, { title: 'M' });
    const url = `/api/admin/learning/modules/${withModule.modules[0]!.id}/activities`;
    const post = (payload: object) => t.app.inject({ method: 'POST', url, headers: as('manager'), payload });
    const foreign = await createClient(t.database.db);
    const other = await bank().create(
      { userId: w.manager.id, clientId: foreign.id },
      {
        kind: 'true_false',
        stem: 'De outro cliente',
        answer: true,
      },
    );
    const outside = await post({
      kind: 'conventional_test',
      title: 'X',
      settings: { questions: { mode: 'fixed', questionIds: [ids[0], other.id] } },
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.code).toBe('ASSESSMENT_QUESTION_NOT_IN_BANK');
    const limitless = await post({
      kind: 'block_test',
      title: 'X',
      settings: { questions: { mode: 'fixed', questionIds: [ids[0]] }, maxAttempts: null },
    });
    expect(limitless.statusCode).toBe(400);
    expect(JSON.stringify(limitless.json())).toContain('ASSESSMENT_ATTEMPTS_REQUIRED');
    const overMark = await post({
      kind: 'evaluated_quiz',
      title: 'X',
      settings: { questions: { mode: 'fixed', questionIds: [ids[0]] }, passMark: 2 },
    });
    expect(overMark.statusCode).toBe(400);
    expect(JSON.stringify(overMark.json())).toContain('ASSESSMENT_PASS_MARK_OVER_QUESTIONS');
  });
});

describe('an attempt', () => {
  it('never shows what tells right from wrong before it is submitted, and resumes with the same questions', async () => {
    const { test, course } = await testCourse('conventional_test', {
      passMark: 5,
      maxAttempts: 2,
      shuffleQuestions: true,
      shuffleAnswers: true,
      timeLimitMinutes: 30,
      review: 'answers_with_correct',
    });
    const bodies: string[] = [];
    const first = await start(test.id);
    bodies.push(first.body);
    const attempt = first.json().attempt;
    expect(attempt.questions).toHaveLength(7);
    expect(attempt.secondsLeft).toBeGreaterThan(29 * 60);
    bodies.push((await overview(test.id)).body);
    // The numeric and short answers are saved wrong: the right ones are the secrets looked for below.
    const secretKinds = ['numeric', 'short_answer'];
    for (const q of attempt.questions as ShownQuestion[]) {
      const a = secretKinds.includes(q.kind) ? wrongAnswer(q) : rightAnswer(q);
      bodies.push((await save(test.id, attempt.id, q.index, a)).body);
    }
    const resumed = await start(test.id);
    bodies.push(resumed.body);
    expect(resumed.json().attempt.id).toBe(attempt.id);
    expect(resumed.json().attempt.questions).toEqual(attempt.questions);
    expect(resumed.json().attempt.answers.filter(Boolean)).toHaveLength(7);
    const player = await t.app.inject({
      url: `/api/learning/courses/${course.id}/activities/${test.hierarchyOrder}`,
      headers: as(),
    });
    expect(player.statusCode, player.body).toBe(200);
    expect(player.json().content).toMatchObject({ kind: 'test', questionCount: 7, passMark: 5 });
    bodies.push(player.body);
    // A review before submission is refused.
    const early = await reviewOf(test.id, attempt.id);
    expect(early.statusCode).toBe(409);
    bodies.push(early.body);

    for (const body of bodies) {
      for (const secret of [
        SECRET.accepted,
        SECRET.feedbackRight,
        SECRET.feedbackWrong,
        SECRET.general,
        String(SECRET.numeric),
      ]) {
        expect(body.includes(secret), `${secret} in ${body.slice(0, 200)}`).toBe(false);
      }
      expect(body).not.toMatch(/"(correct|weight|tolerance|answers":\["|caseSensitive|feedback)"?:/);
    }
    for (const q of attempt.questions as ShownQuestion[]) {
      // The right order of an ordering question and of a matching question's right column is never the one shown.
      if (q.kind === 'ordering') expect(q.items!.map((i) => i.text)).not.toEqual(rightOrder);
      if (q.kind === 'matching')
        expect(q.right!.map((r) => r.text)).not.toEqual(q.left!.map((l) => rightMatch[l.text]));
    }

    const done = await submit(test.id, attempt.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().result).toMatchObject({
      status: 'submitted',
      score: 71.43,
      correctCount: 5,
      passed: true,
    });
    const review = await reviewOf(test.id, attempt.id);
    expect(review.statusCode).toBe(200);
    const single = review.json().review.questions.find((q: ShownQuestion) => q.kind === 'single_choice');
    expect(single.correct).toBe(true);
    expect(single.feedback).toEqual([SECRET.feedbackRight, SECRET.general]);
    expect(single.correctAnswer).toEqual(rightAnswer(single));
    // After submission, with `answers_with_correct`, the review names the accepted answers.
    const short = review.json().review.questions.find((q: ShownQuestion) => q.kind === 'short_answer');
    expect(short).toMatchObject({ correct: false, correctText: SECRET.accepted });
  });

  it('answers of another kind or naming options a question lacks are refused; another learner gets 404', async () => {
    const { test } = await testCourse('unevaluated_quiz', { passMark: 0, maxAttempts: null });
    const attempt = (await start(test.id)).json().attempt;
    const single = (attempt.questions as ShownQuestion[]).find((q) => q.kind === 'single_choice')!;
    const wrongKind = await save(test.id, attempt.id, single.index, { kind: 'true_false', value: true });
    expect(wrongKind.json().error.code).toBe('ASSESSMENT_ANSWER_KIND_MISMATCH');
    const outOfRange = await save(test.id, attempt.id, single.index, { kind: 'single_choice', option: 9 });
    expect(outOfRange.json().error.code).toBe('ASSESSMENT_ANSWER_INVALID');
    const noSuch = await save(test.id, attempt.id, 99, { kind: 'true_false', value: true });
    expect(noSuch.json().error.code).toBe('ASSESSMENT_QUESTION_INDEX_INVALID');

    const stranger = await createUser(t.database.db, { clientIds: [w.client.id], roles: ['sales_agent'] });
    const headers = bearer((await login(t, stranger.username)).access_token);
    expect((await submit(test.id, attempt.id, headers)).statusCode).toBe(404);
    expect((await save(test.id, attempt.id, 0, null, headers)).statusCode).toBe(404);
  });

  it('counts 20 parallel submissions of one attempt once, and finishes the activity once', async () => {
    const { test, course } = await testCourse('conventional_test', { passMark: 7, maxAttempts: 3 });
    const attempt = await take(test.id, true);
    heard.length = 0;
    const results = await Promise.all(Array.from({ length: 20 }, () => submit(test.id, attempt.id)));
    for (const r of results) {
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().result).toMatchObject({ attemptId: attempt.id, passed: true, score: 100 });
    }
    const [audits] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from audit_log
        where action = 'attempt.submit' and entity_id = ${String(attempt.id)}`),
    );
    expect(audits!.n).toBe(1);
    const [progress] = rowsOf<{ completed_count: number }>(
      await t.database.db.execute(sql`select completed_count from course_progress
        where user_id = ${w.learner.id} and course_id = ${course.id}`),
    );
    expect(progress!.completed_count).toBe(1);
    expect(heard.filter((h) => h['activityId'] === test.id)).toHaveLength(1);
    const detail = (await courseDetail(course.id)).json();
    expect(detail.progress.status).toBe('approved');
  });
});

describe('the time limit', () => {
  it('an answer after the deadline closes the attempt at the deadline with the answers saved before it', async () => {
    const { test } = await testCourse('conventional_test', {
      passMark: 1,
      maxAttempts: 2,
      timeLimitMinutes: 5,
    });
    const attempt = (await start(test.id)).json().attempt;
    const single = (attempt.questions as ShownQuestion[]).find((q) => q.kind === 'single_choice')!;
    expect((await save(test.id, attempt.id, single.index, rightAnswer(single))).json().saved).toBe(true);
    await moveDeadline(attempt.id, 10);
    const tf = (attempt.questions as ShownQuestion[]).find((q) => q.kind === 'true_false')!;
    const late = await save(test.id, attempt.id, tf.index, rightAnswer(tf));
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json()).toMatchObject({
      saved: false,
      closed: { status: 'expired', correctCount: 1, passed: true },
    });
    const [row] = rowsOf<{ late: boolean; answered: number }>(
      await t.database.db.execute(sql`select submitted_at = deadline_at as late,
          (select count(*)::int from jsonb_array_elements(answers) x where x <> 'null'::jsonb) as answered
        from assessment_attempts where id = ${attempt.id}`),
    );
    expect(row).toEqual({ late: true, answered: 1 });
    // Submitting again answers the same closed result; answering is refused.
    expect((await submit(test.id, attempt.id)).json().result.status).toBe('expired');
    expect((await save(test.id, attempt.id, tf.index, rightAnswer(tf))).json().error.code).toBe(
      'ASSESSMENT_ATTEMPT_CLOSED',
    );
  });

  it('the periodic job closes attempts whose deadline passed, once', async () => {
    const { test } = await testCourse('conventional_test', {
      passMark: 7,
      maxAttempts: 2,
      timeLimitMinutes: 1,
    });
    const attempt = await take(test.id, false);
    await moveDeadline(attempt.id, 5);
    expect(await t.modules.assessments.attempts.closeOverdue()).toBeGreaterThanOrEqual(1);
    expect(await t.modules.assessments.attempts.closeOverdue()).toBe(0);
    const o = (await overview(test.id)).json();
    expect(o.attempts[0]).toMatchObject({ id: attempt.id, status: 'expired', passed: false });
    expect(o.test).toMatchObject({ attemptsUsed: 1, attemptsLeft: 1, canStart: true });
  });
});

describe('the rules of each kind', () => {
  it('a limit of attempts; a test must be finished before the next activity', async () => {
    const { test, acts, course } = await testCourse(
      'evaluated_quiz',
      { passMark: 7, maxAttempts: 2 },
      { after: true },
    );
    const next = acts.at(-1)!;
    const menu = (await courseDetail(course.id)).json().modules[0].activities;
    expect(menu.at(-1).lock).toMatchObject({ locked: true, reason: 'test_pending' });
    const blockedReport = await t.app.inject({
      method: 'POST',
      url: `/api/learning/activities/${next.id}/progress`,
      headers: as(),
      payload: { type: 'open' },
    });
    expect(blockedReport.statusCode).toBe(403);
    expect(blockedReport.json().error.code).toBe('ASSESSMENT_TEST_REQUIRED');

    for (let i = 0; i < 2; i++) {
      const a = await take(test.id, false);
      expect((await submit(test.id, a.id)).json().result.passed).toBe(false);
    }
    const third = await start(test.id);
    expect(third.statusCode).toBe(409);
    expect(third.json().error.code).toBe('ASSESSMENT_NO_ATTEMPTS_LEFT');
    expect((await courseDetail(course.id)).json().progress.status).toBe('reproved');
  });

  it('a block test failed on every attempt blocks the learner until an instructor unblocks with a reason', async () => {
    const { test, course } = await testCourse(
      'block_test',
      { passMark: 7, maxAttempts: 2 },
      { extra: [{ kind: 'html', title: 'Aula' }] },
    );
    const lesson = await t.app.inject({
      url: `/api/learning/courses/${course.id}/activities/1.1`,
      headers: as(),
    });
    const fileUrl = lesson.json().content.url as string;
    expect((await t.app.inject({ url: fileUrl })).statusCode).toBe(200);
    await submit(test.id, (await take(test.id, false)).id);
    const last = await submit(test.id, (await take(test.id, false)).id);
    expect(last.json().result.outcome).toMatchObject({
      blocked: true,
      courseStatus: 'blocked',
      attemptsLeft: 0,
    });

    const detail = (await courseDetail(course.id)).json();
    expect(detail.progress.status).toBe('blocked');
    expect(detail.lock).toMatchObject({ locked: true, reason: 'blocked' });
    const list = (await t.app.inject({ url: '/api/learning/courses?pageSize=100', headers: as() })).json();
    expect(list.items.find((c: { id: number }) => c.id === course.id).progress.status).toBe('blocked');
    const again = await start(test.id);
    expect(again.statusCode).toBe(403);
    expect(again.json().error.code).toBe('ASSESSMENT_BLOCKED_IN_COURSE');
    // The course's content is closed too: the lesson's report, and the file of a URL signed before.
    const report = await t.app.inject({
      method: 'POST',
      url: `/api/learning/activities/${course.modules[0]!.activities[0]!.id}/progress`,
      headers: as(),
      payload: { type: 'open' },
    });
    expect(report.statusCode).toBe(403);
    expect(report.json().error.code).toBe('ASSESSMENT_BLOCKED_IN_COURSE');
    expect((await t.app.inject({ url: fileUrl })).statusCode).not.toBe(200);

    const blocks = await t.app.inject({
      url: `/api/admin/assessments/courses/${course.id}/blocks`,
      headers: as('manager'),
    });
    expect(blocks.json().items).toMatchObject([{ user: { id: w.learner.id }, activityId: test.id }]);
    const url = `/api/admin/assessments/courses/${course.id}/users/${w.learner.id}/unblock`;
    const byLearner = await t.app.inject({
      method: 'POST',
      url,
      headers: as(),
      payload: { reason: 'Pedido' },
    });
    expect(byLearner.statusCode).toBe(403);
    const noReason = await t.app.inject({
      method: 'POST',
      url,
      headers: as('manager'),
      payload: { reason: '' },
    });
    expect(noReason.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: 'POST',
      url,
      headers: as('manager'),
      payload: { reason: 'Nova chance combinada com o gestor' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().unblocked).toBe(true);
    const twice = await t.app.inject({
      method: 'POST',
      url,
      headers: as('manager'),
      payload: { reason: 'De novo' },
    });
    expect(twice.json().error.code).toBe('ASSESSMENT_NOT_BLOCKED');
    const [audit] = rowsOf<{ data: string }>(
      await t.database.db.execute(sql`select data from audit_log where action = 'course.unblock'
        and client_id = ${w.client.id} and entity_id = ${String(course.id)}`),
    );
    expect(audit!.data).toContain('Nova chance combinada com o gestor');

    // Unblocked: the course opens and the test has its attempts again.
    expect((await courseDetail(course.id)).json().progress.status).not.toBe('blocked');
    expect((await t.app.inject({ url: fileUrl })).statusCode).toBe(200);
    const passed = await submit(test.id, (await take(test.id, true)).id);
    expect(passed.json().result).toMatchObject({ passed: true, number: 1 });
    const loaded = await t.app.inject({
      method: 'POST',
      url: `/api/learning/activities/${course.modules[0]!.activities[0]!.id}/progress`,
      headers: as(),
      payload: { type: 'loaded' },
    });
    expect(loaded.json().activity.status).toBe('finished');
    expect((await courseDetail(course.id)).json().progress.status).toBe('approved');
  });

  it('another client cannot unblock or read attempts of this client', async () => {
    const foreign = await createClient(t.database.db, { flags: { has_courses: true } });
    const manager = await createUser(t.database.db, { clientIds: [foreign.id], roles: ['manager'] });
    const headers = bearer((await login(t, manager.username)).access_token);
    const { test, course } = await testCourse('conventional_test', { passMark: 1, maxAttempts: 1 });
    const a = await take(test.id, true);
    await submit(test.id, a.id);
    expect((await t.app.inject({ url: `/api/admin/assessments/attempts/${a.id}`, headers })).statusCode).toBe(
      404,
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/assessments/courses/${course.id}/users/${w.learner.id}/unblock`,
          headers,
          payload: { reason: 'Sem permissão' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('a restart test failed on every attempt resets the course progress and the attempts', async () => {
    const { test, course } = await testCourse(
      'restart_test',
      { passMark: 7, maxAttempts: 1 },
      { extra: [{ kind: 'html', title: 'Aula antes' }] },
    );
    const lesson = course.modules[0]!.activities[0]!;
    const loaded = await t.app.inject({
      method: 'POST',
      url: `/api/learning/activities/${lesson.id}/progress`,
      headers: as(),
      payload: { type: 'loaded' },
    });
    expect(loaded.json().activity.status).toBe('finished');
    const failed = await submit(test.id, (await take(test.id, false)).id);
    expect(failed.json().result.outcome).toMatchObject({ restarted: true, courseStatus: 'restarted' });
    const detail = (await courseDetail(course.id)).json();
    expect(detail.progress).toMatchObject({ status: 'restarted', completedActivities: 0 });
    expect(detail.modules[0].activities[0].progress.status).toBe('not_started');
    const o = (await overview(test.id)).json();
    expect(o.test).toMatchObject({ attemptsUsed: 0, attemptsLeft: 1 });
  });

  it('after a pass, another attempt may improve the grade: the best is kept and the course shows improved', async () => {
    const { test, course } = await testCourse('conventional_test', { passMark: 5, maxAttempts: 3 });
    const onlySome = (q: ShownQuestion) => !['numeric', 'short_answer'].includes(q.kind);
    const first = await submit(test.id, (await take(test.id, onlySome)).id);
    expect(first.json().result).toMatchObject({ passed: true, correctCount: 5 });
    expect((await courseDetail(course.id)).json().progress.status).toBe('approved');
    const worse = await submit(test.id, (await take(test.id, false)).id);
    expect(worse.json().result).toMatchObject({ passed: false });
    expect(worse.json().result.bestScore).toBe(first.json().result.score);
    const better = await submit(test.id, (await take(test.id, true)).id);
    expect(better.json().result).toMatchObject({ passed: true, score: 100, bestScore: 100 });
    expect((await courseDetail(course.id)).json().progress.status).toBe('improved');
  });

  it('a general test opens once every other activity of the course is finished', async () => {
    const { course, test } = await testCourse(
      'block_general_test',
      { passMark: 1, maxAttempts: 1 },
      { extra: [{ kind: 'html', title: 'Aula' }] },
    );
    const menu = (await courseDetail(course.id)).json().modules[0].activities;
    expect(menu.at(-1).lock.reason).toBe('course_activities_pending');
    expect((await start(test.id)).json().error.code).toBe('ASSESSMENT_COURSE_ACTIVITIES_PENDING');
  });

  it('an essay waits for the instructor; the grade decides the pass and the activity', async () => {
    const ids = await questionSet(true);
    const { test, course } = await testCourse(
      'conventional_test',
      { passMark: 8, maxAttempts: 1 },
      { questionIds: ids },
    );
    const a = await take(test.id, true);
    const pending = await submit(test.id, a.id);
    expect(pending.json().result).toMatchObject({ status: 'pending_grading', passed: null, score: null });
    expect((await courseDetail(course.id)).json().progress.status).not.toBe('approved');

    const list = await t.app.inject({
      url: `/api/admin/assessments/activities/${test.id}/attempts?status=pending_grading`,
      headers: as('manager'),
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items).toMatchObject([{ id: a.id, essaysPending: 1, user: { id: w.learner.id } }]);
    const detail = await t.app.inject({
      url: `/api/admin/assessments/attempts/${a.id}`,
      headers: as('manager'),
    });
    const essay = detail.json().attempt.questions.find((q: { kind: string }) => q.kind === 'essay');
    expect(essay.answer).toEqual({ kind: 'essay', text: 'Minha redação' });
    const grade = (payload: object, headers = as('manager')) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/assessments/attempts/${a.id}/grades`,
        headers,
        payload,
      });
    expect((await grade({ grades: [{ index: essay.index, points: 2 }] }, as())).statusCode).toBe(403);
    expect((await grade({ grades: [{ index: essay.index, points: 3 }] })).json().error.code).toBe(
      'ASSESSMENT_GRADE_OVER_POINTS',
    );
    expect((await grade({ grades: [{ index: (essay.index + 1) % 8, points: 1 }] })).json().error.code).toBe(
      'ASSESSMENT_NOT_AN_ESSAY',
    );
    const graded = await grade({ grades: [{ index: essay.index, points: 2, comment: 'Muito bom' }] });
    expect(graded.statusCode, graded.body).toBe(200);
    expect(graded.json().attempt).toMatchObject({
      status: 'submitted',
      passed: true,
      score: 100,
      essaysPending: 0,
    });
    expect((await courseDetail(course.id)).json().progress.status).toBe('approved');
  });
});
