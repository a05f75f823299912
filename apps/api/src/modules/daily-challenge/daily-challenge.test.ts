import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionBody } from '@trilha/contracts/assessments/questions';
import type { DailyChallengeToday } from '@trilha/contracts/daily-challenge';
import { formatCalendarDate, zonedDateTime } from '@trilha/domain/time-zone';
import { rowsOf } from '../../db/client';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { bearer, login } from '../../../test/http';
import { learningWorld, type World } from '../../../test/learning-helpers';
import { createUserDirectory } from '../users/user-directory';
import { createDailyChallengeService } from './daily-challenge.service';

/**
 * The daily challenge (docs/daily-challenge.md): once per local day of the learner's time zone, graded on
 * the server, credited once, the streak over days and its badge, the managers' calendar, and tenancy.
 */
let t: TestApp;
let w: World;
let other: World;

beforeAll(async () => {
  t = await buildTestApp();
  w = await learningWorld(t);
  other = await learningWorld(t);
});
afterAll(async () => {
  await t?.close();
});

const single = (stem: string): QuestionBody => ({
  kind: 'single_choice',
  stem,
  generalFeedback: 'Veja o manual.',
  options: [
    { text: 'Errada', correct: false, feedback: 'Não é essa.' },
    { text: 'Certa', correct: true, feedback: 'Isso mesmo!' },
    { text: 'Outra errada', correct: false },
  ],
});
const trueFalse = (stem: string): QuestionBody => ({ kind: 'true_false', stem, answer: false });
const multiple = (stem: string): QuestionBody => ({
  kind: 'multiple_choice',
  stem,
  options: [
    { text: 'A', weight: 50 },
    { text: 'B', weight: -100 },
    { text: 'C', weight: 50 },
  ],
});

const newQuestion = async (world: World, body: QuestionBody) =>
  (await t.modules.assessments.questionBank.create(world.actor, body)).id;

/** The service on a clock of the test's choosing (the routes use the real one). */
function serviceAt(clock: { now: Date }) {
  return createDailyChallengeService({
    db: t.database.db,
    questionBank: t.modules.assessments.questionBank,
    ledger: t.modules.rewards.ledger,
    badges: t.modules.rewards.awards.badges,
    directory: createUserDirectory(t.database.db),
    now: () => clock.now,
  });
}

async function learnerOf(world: World, timeZone = 'America/Sao_Paulo') {
  const user = await createUser(t.database.db, { clientIds: [world.client.id], timeZone });
  const token = (await login(t, user.username)).access_token;
  return {
    user,
    headers: bearer(token),
    as: { clientId: world.client.id, userId: user.id, lang: 'pt-BR' as const },
  };
}

const points = async (clientId: number, userId: number) =>
  (await t.modules.rewards.ledger.balance(clientId, userId)).points;

const schedule = (world: World, day: string, questionId: number, headers = world.as.manager) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/daily-challenges?day=${day}`,
    headers,
    payload: { questionId, points: 30, xp: 7 },
  });

describe('once a day in the learner’s time zone', () => {
  it('23:30 and 00:30 local are two days; two answers of the same local day are one', async () => {
    const q = await newQuestion(w, single('Qual é a certa?'));
    for (const day of ['2031-03-10', '2031-03-11']) expect((await schedule(w, day, q)).statusCode).toBe(200);
    const sp = await learnerOf(w, 'America/Sao_Paulo');
    const clock = { now: new Date('2031-03-11T02:30:00Z') }; // 23:30 on the 10th in São Paulo
    const s = serviceAt(clock);
    const first = await s.answer(sp.as, { kind: 'single_choice', option: 1 });
    expect(first.day).toBe('2031-03-10');
    clock.now = new Date('2031-03-11T03:30:00Z'); // 00:30 on the 11th
    const second = await s.answer(sp.as, { kind: 'single_choice', option: 1 });
    expect(second.day).toBe('2031-03-11');
    expect(second.streak.current).toBe(2);

    // The same two instants are one day in UTC: the second answer is refused.
    const utc = await learnerOf(w, 'UTC');
    clock.now = new Date('2031-03-11T02:30:00Z');
    await s.answer(utc.as, { kind: 'single_choice', option: 1 });
    clock.now = new Date('2031-03-11T03:30:00Z');
    await expect(s.answer(utc.as, { kind: 'single_choice', option: 1 })).rejects.toMatchObject({
      code: 'DAILY_CHALLENGE_ALREADY_ANSWERED',
      status: 409,
    });
    expect(await points(w.client.id, utc.user.id)).toBe(30);
  });
});

describe('answering through the API', () => {
  it('sends no answer key before the answer, grades it, credits a right one and refuses a second', async () => {
    const q = await newQuestion(w, single('Pergunta de hoje'));
    const learner = await learnerOf(w);
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/daily-challenge/today',
      headers: learner.headers,
    });
    expect(before.statusCode, before.body).toBe(200);
    const day = (before.json() as DailyChallengeToday).day;
    expect((await schedule(w, day, q)).statusCode).toBe(200);

    const today = await t.app.inject({
      method: 'GET',
      url: '/api/daily-challenge/today',
      headers: learner.headers,
    });
    const view = today.json() as DailyChallengeToday;
    expect(view.challenge?.question).toEqual({
      kind: 'single_choice',
      stem: 'Pergunta de hoje',
      media: null,
      options: ['Errada', 'Certa', 'Outra errada'],
    });
    expect(view.answer).toBeNull();
    expect(today.body).not.toMatch(/correct|weight|solution|feedback|Isso mesmo/);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/daily-challenge/today/answer',
      headers: learner.headers,
      payload: { kind: 'single_choice', option: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const answered = res.json() as DailyChallengeToday;
    expect(answered.answer).toMatchObject({
      correct: true,
      points: 30,
      xp: 7,
      feedback: 'Isso mesmo!',
      solution: { options: [1], value: null },
    });
    expect(answered.streak).toEqual({ current: 1, best: 1, answeredToday: true });
    expect(await t.modules.rewards.ledger.balance(w.client.id, learner.user.id)).toMatchObject({
      points: 30,
      xp: 7,
    });

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/daily-challenge/today/answer',
      headers: learner.headers,
      payload: { kind: 'single_choice', option: 1 },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('DAILY_CHALLENGE_ALREADY_ANSWERED');
    expect(await points(w.client.id, learner.user.id)).toBe(30);

    const after = (
      await t.app.inject({ method: 'GET', url: '/api/daily-challenge/today', headers: learner.headers })
    ).json() as DailyChallengeToday;
    expect(after.answer?.answer).toEqual({ kind: 'single_choice', option: 1 });
    expect(after.streak.answeredToday).toBe(true);
  });

  it('two parallel answers: one wins, one credit', async () => {
    const learner = await learnerOf(w);
    const post = (option: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/daily-challenge/today/answer',
        headers: learner.headers,
        payload: { kind: 'single_choice', option },
      });
    const results = await Promise.all([post(1), post(1), post(1)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await points(w.client.id, learner.user.id)).toBe(30);
    const [n] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from daily_challenge_answers a where a.client_id = ${w.client.id} and a.user_id = ${learner.user.id}`,
      ),
    );
    expect(Number(n!.n)).toBe(1);
  });

  it('a wrong answer earns nothing and shows what was right; an answer of another kind is refused', async () => {
    const learner = await learnerOf(w);
    const wrongKind = await t.app.inject({
      method: 'POST',
      url: '/api/daily-challenge/today/answer',
      headers: learner.headers,
      payload: { kind: 'true_false', value: true },
    });
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().error.code).toBe('DAILY_CHALLENGE_ANSWER_KIND');
    const outOfRange = await t.app.inject({
      method: 'POST',
      url: '/api/daily-challenge/today/answer',
      headers: learner.headers,
      payload: { kind: 'single_choice', option: 9 },
    });
    expect(outOfRange.statusCode).toBe(400);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/daily-challenge/today/answer',
      headers: learner.headers,
      payload: { kind: 'single_choice', option: 0 },
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as DailyChallengeToday).answer).toMatchObject({
      correct: false,
      points: 0,
      xp: 0,
      feedback: 'Não é essa.',
      solution: { options: [1] },
    });
    expect(await points(w.client.id, learner.user.id)).toBe(0);
  });
});

describe('grading of each kind', () => {
  it('true or false and multiple choice are graded on the server', async () => {
    const tf = await newQuestion(w, trueFalse('O céu é verde?'));
    const mc = await newQuestion(w, multiple('Quais?'));
    await schedule(w, '2032-05-01', tf);
    await schedule(w, '2032-05-02', mc);
    const learner = await learnerOf(w, 'UTC');
    const clock = { now: new Date('2032-05-01T12:00:00Z') };
    const s = serviceAt(clock);
    expect((await s.answer(learner.as, { kind: 'true_false', value: false })).answer).toMatchObject({
      correct: true,
      solution: { options: null, value: false },
    });
    clock.now = new Date('2032-05-02T12:00:00Z');
    const partial = await s.answer(learner.as, { kind: 'multiple_choice', options: [0] });
    expect(partial.answer).toMatchObject({ correct: false, points: 0, solution: { options: [0, 2] } });
    const other = await learnerOf(w, 'UTC');
    const full = await s.answer(other.as, { kind: 'multiple_choice', options: [2, 0] });
    expect(full.answer).toMatchObject({ correct: true, points: 30 });
  });
});

describe('streaks', () => {
  it('counts consecutive days answered (right or wrong), resets after a missed day, and gives the badge once', async () => {
    const q = await newQuestion(w, single('Sequência'));
    for (let d = 1; d <= 9; d++) await schedule(w, `2033-01-0${d}`, q);
    const badge = await t.modules.rewards.awards.badges.create(w.actor, {
      texts: { 'pt-BR': { name: 'Três dias seguidos' } },
      criterion: 'manual',
    });
    const s = serviceAt({ now: new Date() });
    await s.setStreakBadge(w.client.id, badge.id, 3);
    const learner = await learnerOf(w, 'UTC');
    const clock = { now: new Date('2033-01-01T10:00:00Z') };
    const at = serviceAt(clock);
    const answerOn = async (day: number, option = 1) => {
      clock.now = new Date(`2033-01-0${day}T10:00:00Z`);
      return at.answer(learner.as, { kind: 'single_choice', option });
    };
    expect((await answerOn(1)).streak.current).toBe(1);
    expect((await answerOn(2, 0)).streak.current).toBe(2); // wrong, still answered
    const third = await answerOn(3);
    expect(third.streak.current).toBe(3);
    expect(third.badge).toEqual({ name: 'Três dias seguidos' });

    clock.now = new Date('2033-01-04T10:00:00Z');
    expect((await at.today(learner.as)).streak).toEqual({ current: 3, best: 3, answeredToday: false });
    clock.now = new Date('2033-01-05T10:00:00Z'); // the 4th was missed
    expect((await at.today(learner.as)).streak).toEqual({ current: 0, best: 3, answeredToday: false });
    expect((await answerOn(5)).streak).toEqual({ current: 1, best: 3, answeredToday: true });
    await answerOn(6);
    const again = await answerOn(7);
    expect(again.streak.current).toBe(3);
    expect(again.badge).toBeNull();
    const mine = await t.modules.rewards.awards.badges.mine(w.client.id, learner.user.id, 'pt-BR');
    expect(mine.earned.filter((e) => e.badge.id === badge.id)).toHaveLength(1);
  });
});

describe('drawn from the bank', () => {
  it('a day with no schedule draws the same auto-graded question for every learner', async () => {
    const world = await learningWorld(t);
    await newQuestion(world, { kind: 'essay', stem: 'Escreva' });
    await newQuestion(world, { kind: 'short_answer', stem: 'Digite', answers: ['x'] });
    const none = await learnerOf(world, 'UTC');
    const s = serviceAt({ now: new Date('2034-02-02T12:00:00Z') });
    expect((await s.today(none.as)).challenge).toBeNull();
    await expect(s.answer(none.as, { kind: 'true_false', value: true })).rejects.toMatchObject({
      status: 404,
    });

    const ids = [await newQuestion(world, trueFalse('V ou F 1')), await newQuestion(world, single('Única'))];
    const a = await learnerOf(world, 'UTC');
    const b = await learnerOf(world, 'UTC');
    const days = ['2034-03-01', '2034-03-02', '2034-03-03', '2034-03-04', '2034-03-05', '2034-03-06'];
    const stems = new Set<string>();
    for (const day of days) {
      const clock = { now: new Date(`${day}T12:00:00Z`) };
      const first = await serviceAt(clock).today(a.as);
      const second = await serviceAt(clock).today(b.as);
      expect(first.challenge).not.toBeNull();
      expect(second.challenge).toEqual(first.challenge);
      stems.add(first.challenge!.question.stem);
    }
    expect([...stems].every((stem) => ['V ou F 1', 'Única'].includes(stem))).toBe(true);
    const calendar = await t.app.inject({
      method: 'GET',
      url: '/api/admin/daily-challenges?month=2034-03',
      headers: world.as.manager,
    });
    expect(calendar.json().days.map((d: { day: string }) => d.day)).toEqual(days);
    expect(
      calendar
        .json()
        .days.every(
          (d: { scheduled: boolean; questionId: number }) => !d.scheduled && ids.includes(d.questionId),
        ),
    ).toBe(true);
  });
});

describe('the managers’ calendar', () => {
  it('lists the month with each day’s stem; schedules and clears; refuses learners and answered days', async () => {
    const q = await newQuestion(w, single('Do calendário'));
    const essay = await newQuestion(w, { kind: 'essay', stem: 'Redação' });
    const put = await schedule(w, '2035-07-04', q);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().days).toEqual([
      {
        day: '2035-07-04',
        questionId: q,
        stem: 'Do calendário',
        kind: 'single_choice',
        points: 30,
        xp: 7,
        scheduled: true,
        answers: 0,
      },
    ]);
    const current = await t.app.inject({
      method: 'GET',
      url: '/api/admin/daily-challenges',
      headers: w.as.manager,
    });
    expect(current.json().month).toBe(new Date().toISOString().slice(0, 7));
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/daily-challenges?month=2035-07',
      headers: w.as.manager,
    });
    expect(list.json().days).toHaveLength(1);

    expect((await schedule(w, '2035-07-05', essay)).json().error.code).toBe('DAILY_CHALLENGE_QUESTION_KIND');
    const foreign = await newQuestion(other, single('De outro cliente'));
    const cross = await schedule(w, '2035-07-05', foreign);
    expect(cross.statusCode).toBe(400);
    expect(cross.json().error.code).toBe('DAILY_CHALLENGE_QUESTION_NOT_FOUND');
    expect((await schedule(w, '2035-02-30', q)).statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/daily-challenges?month=2035-13',
          headers: w.as.manager,
        })
      ).statusCode,
    ).toBe(400);

    // A learner may not schedule nor read the calendar.
    expect((await schedule(w, '2035-07-06', q, w.as.learner)).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/daily-challenges?month=2035-07',
          headers: w.as.learner,
        })
      ).statusCode,
    ).toBe(403);

    // Another client's manager does not see this client's days, nor clears them.
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/admin/daily-challenges?month=2035-07',
      headers: other.as.manager,
    });
    expect(theirs.json().days).toEqual([]);
    await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/daily-challenges?day=2035-07-04',
      headers: other.as.manager,
    });
    const still = await t.app.inject({
      method: 'GET',
      url: '/api/admin/daily-challenges?month=2035-07',
      headers: w.as.manager,
    });
    expect(still.json().days).toHaveLength(1);

    // An answered day is kept; an unanswered one is cleared.
    const learner = await learnerOf(w, 'UTC');
    await serviceAt({ now: new Date('2035-07-04T12:00:00Z') }).answer(learner.as, {
      kind: 'single_choice',
      option: 1,
    });
    const locked = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/daily-challenges?day=2035-07-04',
      headers: w.as.manager,
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error.code).toBe('DAILY_CHALLENGE_DAY_ANSWERED');
    expect((await schedule(w, '2035-07-04', q)).statusCode).toBe(409);
    await schedule(w, '2035-07-09', q);
    const cleared = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/daily-challenges?day=2035-07-09',
      headers: w.as.manager,
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().days.map((d: { day: string }) => d.day)).toEqual(['2035-07-04']);
  });

  it('another client’s challenge is invisible to a learner', async () => {
    const q = await newQuestion(other, single('Só do outro cliente'));
    const theirs = await learnerOf(other, 'UTC');
    const mine = await learnerOf(w, 'UTC');
    const day = formatCalendarDate(zonedDateTime(new Date('2036-01-01T12:00:00Z'), 'UTC'));
    await schedule(other, day, q);
    const s = serviceAt({ now: new Date('2036-01-01T12:00:00Z') });
    expect((await s.today(theirs.as)).challenge?.question.stem).toBe('Só do outro cliente');
    expect((await s.today(mine.as)).challenge?.question.stem).not.toBe('Só do outro cliente');
  });
});
