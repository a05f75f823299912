import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityBody, ReactionSettingsInput } from '@trilha/contracts/learning';
import type { AnswerBody } from '@trilha/contracts/surveys';
import { rowsOf } from '../../db/client';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { bearer, login } from '../../../test/http';
import { learningWorld, makeCourse, type World } from '../../../test/learning-helpers';

/**
 * Reaction evaluations (docs/assessments.md, "Reaction evaluations"): locked until the training ends,
 * answered once per learner (parallel submits too), checked like a survey, finishing the activity (and
 * the course) once, and their results for instructors and managers only, within the client.
 */
let t: TestApp;
let w: World;
let other: World;
const finishedEvents: Record<string, unknown>[] = [];
const courseEvents: Record<string, unknown>[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  w = await learningWorld(t);
  other = await learningWorld(t);
  t.jobs.listen('learning.activity-finished', (data) => {
    finishedEvents.push(data as unknown as Record<string, unknown>);
  });
  t.jobs.listen('learning.course-finished', (data) => {
    courseEvents.push(data as unknown as Record<string, unknown>);
  });
});
afterAll(async () => {
  await t?.close();
});

const pt = (text: string, en = '') => ({ 'pt-BR': text, 'en-US': en });
const settings: ReactionSettingsInput = {
  questions: [
    {
      kind: 'alternative',
      text: pt('Como avalia o treinamento?', 'How do you rate the training?'),
      options: [{ text: pt('Bom', 'Good') }, { text: pt('Ruim', 'Bad') }],
    },
    {
      kind: 'multiple_choice_justified',
      text: pt('O que ajudou?'),
      options: [{ text: pt('Vídeos') }, { text: pt('Textos') }, { text: pt('=HYPERLINK("x")') }],
    },
    { kind: 'essay', text: pt('Comentários'), required: false },
  ],
};
const good: AnswerBody = {
  answers: [
    { question: 0, options: [0] },
    { question: 1, options: [0, 2], text: 'Gostei' },
    { question: 2, text: '=cmd|calc' },
  ],
};

/** A course with two lessons and a reaction evaluation at its end. */
async function reactionCourse(world = w) {
  const activities: ActivityBody[] = [
    { kind: 'html', title: 'Aula 1' },
    { kind: 'html', title: 'Aula 2' },
    { kind: 'reaction_evaluation', title: 'Avaliação de reação', settings },
  ];
  const course = await makeCourse(t, world, { activities });
  const [one, two, reaction] = course.modules[0]!.activities;
  return { course, lessons: [one!, two!] as const, reaction: reaction! };
}

async function newLearner(world = w) {
  const user = await createUser(t.database.db, { clientIds: [world.client.id], roles: ['sales_agent'] });
  return { user, headers: bearer((await login(t, user.username)).access_token) };
}

const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
  payload === undefined
    ? t.app.inject({ method, url, headers })
    : t.app.inject({ method, url, headers, payload: payload as Record<string, unknown> });
const reactionUrl = (id: number) => `/api/learning/activities/${id}/reaction`;
const finishLesson = (id: number, headers: Record<string, string>) =>
  inject('POST', `/api/learning/activities/${id}/progress`, headers, { type: 'loaded' });

async function finishLessons(lessons: readonly { id: number }[], headers: Record<string, string>) {
  for (const l of lessons)
    expect((await finishLesson(l.id, headers)).json().activity.status).toBe('finished');
}

describe('reaction evaluations: the learner', () => {
  it('stays locked until every other activity is finished, then opens, and answering finishes it once', async () => {
    const { course, lessons, reaction } = await reactionCourse();
    const { headers } = await newLearner();

    const before = await inject('GET', reactionUrl(reaction.id), headers);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      open: false,
      answered: false,
      closedReason: 'training_not_ended',
      closedCode: 'REACTION_TRAINING_NOT_ENDED',
      pendingActivities: 2,
    });
    // The player shows the lock and no content.
    const player = (
      await inject('GET', `/api/learning/courses/${course.id}/activities/${reaction.hierarchyOrder}`, headers)
    ).json();
    expect(player.activity.lock).toMatchObject({ locked: true, reason: 'training_not_ended' });
    expect(player.content).toBeNull();
    const early = await inject('POST', reactionUrl(reaction.id), headers, good);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('REACTION_TRAINING_NOT_ENDED');

    await finishLesson(lessons[0]!.id, headers);
    expect((await inject('GET', reactionUrl(reaction.id), headers)).json()).toMatchObject({
      open: false,
      pendingActivities: 1,
    });
    await finishLesson(lessons[1]!.id, headers);

    const opened = (await inject('GET', reactionUrl(reaction.id), headers)).json();
    expect(opened).toMatchObject({ open: true, closedReason: null, closedCode: null, pendingActivities: 0 });
    expect(opened.questions[0]).toEqual({
      kind: 'alternative',
      text: 'Como avalia o treinamento?',
      required: true,
      options: ['Bom', 'Ruim'],
    });
    const inEnglish = (
      await inject('GET', reactionUrl(reaction.id), { ...headers, 'accept-language': 'en-US' })
    ).json();
    expect(inEnglish.questions[0].text).toBe('How do you rate the training?');
    expect(inEnglish.questions[1].text).toBe('O que ajudou?');
    const playerOpen = (
      await inject('GET', `/api/learning/courses/${course.id}/activities/${reaction.hierarchyOrder}`, headers)
    ).json();
    expect(playerOpen.content).toEqual({ kind: 'reaction', questionCount: 3 });
    // Nothing but the answer finishes it.
    expect((await finishLesson(reaction.id, headers)).statusCode).toBe(400);

    const eventsBefore = finishedEvents.length;
    const coursesBefore = courseEvents.length;
    const sent = await inject('POST', reactionUrl(reaction.id), headers, good);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().course).toMatchObject({ completedActivities: 3, totalActivities: 3, percent: 100 });
    expect(finishedEvents.slice(eventsBefore).filter((e) => e['activityId'] === reaction.id)).toHaveLength(1);
    expect(courseEvents.slice(coursesBefore).filter((e) => e['courseId'] === course.id)).toHaveLength(1);

    const after = (await inject('GET', reactionUrl(reaction.id), headers)).json();
    expect(after).toMatchObject({ open: false, answered: true, closedReason: null });
    expect(after.answeredAt).toEqual(expect.any(String));
    const again = await inject('POST', reactionUrl(reaction.id), headers, good);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('REACTION_ALREADY_ANSWERED');

    const [progress] = rowsOf<{ status: string; score: number | null; success: string | null }>(
      await t.database.db.execute(sql`select status, score, success from activity_progress
        where activity_id = ${reaction.id}`),
    );
    // Never a grade.
    expect(progress).toEqual({ status: 'finished', score: null, success: null });
    const detail = (await inject('GET', `/api/learning/courses/${course.id}`, headers)).json();
    expect(detail.progress).toMatchObject({ status: 'finished', percent: 100 });
  });

  it('checks each answer like a survey and keeps nothing when one is refused', async () => {
    const { lessons, reaction } = await reactionCourse();
    const { headers } = await newLearner();
    await finishLessons(lessons, headers);
    const cases: [AnswerBody, string, string][] = [
      [{ answers: [{ question: 1, options: [0] }] }, 'answers.0', 'SURVEY_OPTION_REQUIRED'],
      [
        {
          answers: [
            { question: 0, options: [] },
            { question: 1, options: [0] },
          ],
        },
        'answers.0',
        'SURVEY_OPTION_REQUIRED',
      ],
      [
        {
          answers: [
            { question: 0, options: [0, 1] },
            { question: 1, options: [0] },
          ],
        },
        'answers.0',
        'SURVEY_ONE_OPTION_ONLY',
      ],
      [
        {
          answers: [
            { question: 0, options: [5] },
            { question: 1, options: [0] },
          ],
        },
        'answers.0',
        'SURVEY_ANSWER_INVALID',
      ],
      [
        {
          answers: [
            { question: 0, options: [0], text: 'não cabe' },
            { question: 1, options: [0] },
          ],
        },
        'answers.0',
        'SURVEY_ANSWER_INVALID',
      ],
      [
        {
          answers: [
            { question: 0, options: [0] },
            { question: 1, options: [0], text: 'x'.repeat(1_001) },
          ],
        },
        'answers.1',
        'SURVEY_JUSTIFICATION_TOO_LONG',
      ],
    ];
    for (const [body, path, code] of cases) {
      const res = await inject('POST', reactionUrl(reaction.id), headers, body);
      expect(res.statusCode, code).toBe(400);
      expect(res.json().error.details).toEqual(
        expect.arrayContaining([expect.objectContaining({ path, code })]),
      );
    }
    const nul = await inject('POST', reactionUrl(reaction.id), headers, {
      answers: [{ question: 2, text: 'a\u0000b' }],
    });
    expect(nul.statusCode).toBe(400);
    const [kept] = rowsOf<{ n: number; status: string | null }>(
      await t.database.db.execute(sql`select
        (select count(*)::int from reaction_responses where activity_id = ${reaction.id}) as n,
        (select status from activity_progress where activity_id = ${reaction.id}) as status`),
    );
    expect(kept).toEqual({ n: 0, status: null });
    // The optional essay may be left out.
    const ok = await inject('POST', reactionUrl(reaction.id), headers, {
      answers: [
        { question: 0, options: [1] },
        { question: 1, options: [1] },
      ],
    });
    expect(ok.statusCode).toBe(200);
  });

  it('keeps one answer of parallel submits and finishes the activity once', async () => {
    const { course, lessons, reaction } = await reactionCourse();
    const courseId = course.id;
    const { user, headers } = await newLearner();
    await finishLessons(lessons, headers);
    const eventsBefore = finishedEvents.length;
    const results = await Promise.all(
      Array.from({ length: 4 }, () => inject('POST', reactionUrl(reaction.id), headers, good)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().error.code).toBe('REACTION_ALREADY_ANSWERED');
    const [row] = rowsOf<{ responses: number; completed: number; audits: number }>(
      await t.database.db.execute(sql`select
        (select count(*)::int from reaction_responses where activity_id = ${reaction.id}) as responses,
        (select completed_count from course_progress where user_id = ${user.id} and course_id = ${courseId}) as completed,
        (select count(*)::int from audit_log where action = 'activity.finish' and actor_id = ${user.id}
          and entity_id = ${String(reaction.id)}) as audits`),
    );
    expect(row!.responses).toBe(1);
    expect(row!.audits).toBe(1);
    expect(row!.completed).toBe(3);
    expect(finishedEvents.slice(eventsBefore).filter((e) => e['activityId'] === reaction.id)).toHaveLength(1);
  });

  it("answers 404 for another client's reaction and 400 for another kind", async () => {
    const { lessons, reaction } = await reactionCourse();
    const foreign = await reactionCourse(other);
    expect((await inject('GET', reactionUrl(foreign.reaction.id), w.as.learner)).statusCode).toBe(404);
    expect((await inject('POST', reactionUrl(foreign.reaction.id), w.as.learner, good)).statusCode).toBe(404);
    const notReaction = await inject('GET', reactionUrl(lessons[0]!.id), w.as.learner);
    expect(notReaction.statusCode).toBe(400);
    expect(notReaction.json().error.code).toBe('REACTION_NOT_A_REACTION');
    expect((await inject('GET', reactionUrl(reaction.id), {})).statusCode).toBe(401);
  });

  it('says in-person courses have no reaction yet', async () => {
    const res = await inject('GET', '/api/learning/presential-courses/3/reactions/1.2', w.as.learner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ available: false, reaction: null });
    expect(
      (await inject('GET', '/api/learning/presential-courses/3/reactions/x', w.as.learner)).statusCode,
    ).toBe(400);
  });
});

describe('reaction evaluations: results', () => {
  it('aggregates the answers for instructors and managers only, with texts paged and a safe CSV', async () => {
    const { lessons, reaction } = await reactionCourse();
    for (const body of [
      good,
      {
        answers: [
          { question: 0, options: [1] },
          { question: 1, options: [1], text: 'Mais exemplos' },
        ],
      },
      {
        answers: [
          { question: 0, options: [0] },
          { question: 1, options: [0] },
          { question: 2, text: 'Ótimo' },
        ],
      },
    ] as AnswerBody[]) {
      const { headers } = await newLearner();
      await finishLessons(lessons, headers);
      expect((await inject('POST', reactionUrl(reaction.id), headers, body)).statusCode).toBe(200);
    }
    const url = `/api/admin/learning/activities/${reaction.id}/reaction/results`;

    // A learner may not read them; another client's manager does not find them.
    expect((await inject('GET', url, w.as.learner)).statusCode).toBe(403);
    expect((await inject('GET', `${url}.csv`, w.as.learner)).statusCode).toBe(403);
    expect((await inject('GET', url, other.as.manager)).statusCode).toBe(404);
    expect((await inject('GET', `${url}.csv`, other.as.manager)).statusCode).toBe(404);

    const instructor = await createUser(t.database.db, { clientIds: [w.client.id], roles: ['instructor'] });
    const asInstructor = bearer((await login(t, instructor.username)).access_token);
    const res = await inject('GET', url, asInstructor);
    expect(res.statusCode).toBe(200);
    const results = res.json();
    expect(results.responses).toBe(3);
    expect(results.survey).toEqual({ id: reaction.id, title: 'Avaliação de reação' });
    expect(results.questions[0]).toMatchObject({
      answered: 3,
      options: [
        { text: 'Bom', count: 2 },
        { text: 'Ruim', count: 1 },
      ],
    });
    expect(results.questions[1]).toMatchObject({
      answered: 3,
      texts: 2,
      options: [
        { text: 'Vídeos', count: 2 },
        { text: 'Textos', count: 1 },
        { text: '=HYPERLINK("x")', count: 1 },
      ],
    });
    expect(results.questions[2]).toMatchObject({ answered: 2, texts: 2, options: [] });

    const essays = await inject('GET', `${url}/essays?question=2&pageSize=1&page=2`, w.as.manager);
    expect(essays.json()).toMatchObject({ total: 2, page: 2, texts: [{ text: 'Ótimo' }] });
    expect((await inject('GET', `${url}/essays?question=9`, w.as.manager)).statusCode).toBe(404);

    const csv = await inject('GET', `${url}.csv`, w.as.manager);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('1. Como avalia o treinamento?');
    // Spreadsheet formulas are neutralized: no cell starts with = + - or @.
    expect(lines[1]).toContain("'=cmd|calc");
    expect(lines[1]).toContain('"Vídeos; =HYPERLINK(""x"")"');
    expect(lines.join('\n')).not.toMatch(/(^|,)"?=/m);
  });

  it('keeps the questions’ kinds and options once answered; texts may still change', async () => {
    const { course, lessons, reaction } = await reactionCourse();
    const { headers } = await newLearner();
    await finishLessons(lessons, headers);
    await inject('POST', reactionUrl(reaction.id), headers, good);
    const { authoring } = t.modules.learning;
    const renamed = structuredClone(settings);
    renamed.questions[0]!.text = pt('Como você avalia?');
    await authoring.updateActivity(w.actor, reaction.id, {
      kind: 'reaction_evaluation',
      title: 'Avaliação',
      settings: renamed,
    });
    const fewer = { questions: settings.questions.slice(0, 2) };
    await expect(
      authoring.updateActivity(w.actor, reaction.id, {
        kind: 'reaction_evaluation',
        title: 'Avaliação',
        settings: fewer,
      }),
    ).rejects.toMatchObject({ code: 'SURVEY_HAS_RESPONSES' });
    const admin = await authoring.adminCourse(w.actor.clientId, course.id);
    const a = admin.modules[0]!.activities.find((x) => x.id === reaction.id)!;
    expect(a.ready).toBe(true);
    expect(a.reaction?.questions[0]!.text['pt-BR']).toBe('Como você avalia?');
  });
});
