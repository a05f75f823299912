import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../src/db/client';

export interface BenchAttemptsData {
  /** The test the scenario starts and submits attempts at (unlimited attempts, 10 questions). */
  activityId: number;
  /** Learners who may take it (the bench users of the client). */
  learnerIds: number[];
  attempts: number;
}

/**
 * Tests of the benchmark, in bulk SQL: 10 true/false questions in the bank of the first client, an open
 * published course with one conventional test (fixed questions, unlimited attempts), and `attempts`
 * submitted attempts already stored at that test and at 49 other tests of the same kind, spread over the
 * client's bench users (what an attempt's start and submission read and write next to). Deterministic.
 */
export async function seedBenchAttempts(db: Db, opts: { attempts: number }): Promise<BenchAttemptsData> {
  const [{ client_id: clientId } = { client_id: 0 }] = rowsOf<{ client_id: number }>(
    await db.execute(sql`select min(id) as client_id from clients`),
  );
  const n = (x: number) => sql.raw(String(Math.trunc(x)));
  const questionIds = rowsOf<{ id: number }>(
    await db.execute(sql`insert into questions (client_id, kind, stem, body)
      select ${n(clientId)}, 'true_false', 'Afirmação de referência ' || i,
        jsonb_build_object('kind', 'true_false', 'answer', i % 2 = 0, 'feedbackTrue', '', 'feedbackFalse', '')
      from generate_series(1, 10) i returning id`),
  ).map((r) => Number(r.id));
  const settings = JSON.stringify({
    questions: { mode: 'fixed', questionIds },
    shuffleQuestions: true,
    shuffleAnswers: false,
    passMark: 6,
    maxAttempts: null,
    timeLimitMinutes: 30,
    review: 'answers',
    countedAttempt: 'highest',
  });
  const [course] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into courses (client_id, title, description, subscription_mode, published, published_at, activity_count)
      values (${n(clientId)}, 'Avaliações de referência', 'Provas do benchmark', 'open', true, now(), 50) returning id`),
  );
  const [module] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into course_modules (client_id, course_id, position, title)
      values (${n(clientId)}, ${n(course!.id)}, 1, 'Provas') returning id`),
  );
  const activityIds = rowsOf<{ id: number }>(
    await db.execute(sql`insert into activities (client_id, course_id, module_id, position, kind, title, settings)
      select ${n(clientId)}, ${n(course!.id)}, ${n(module!.id)}, i, 'conventional_test', 'Prova ' || i, ${settings}::jsonb
      from generate_series(1, 50) i order by i returning id`),
  ).map((r) => Number(r.id));
  const learnerIds = rowsOf<{ id: number }>(
    await db.execute(sql`select u.id from users u
      where u.username like 'bench%' and u.selected_client_id = ${n(clientId)} order by u.id limit 2000`),
  ).map((r) => Number(r.id));
  if (learnerIds.length === 0) throw new Error('bench: no bench users to take the tests');

  // The stored attempts: one row per (learner, test, number), submitted an hour ago, half of them passed.
  const snapshot = await db.execute(sql`select jsonb_agg(jsonb_build_object('questionId', id, 'kind', kind,
      'points', points, 'stem', stem, 'generalFeedback', general_feedback, 'media', media, 'body', body,
      'translations', translations, 'optionOrder', null, 'leftOrder', null, 'rightOrder', null) order by id) as q
    from questions where client_id = ${n(clientId)} and id = any(${`{${questionIds.join(',')}}`}::int[])`);
  const questions = JSON.stringify(rowsOf<{ q: unknown }>(snapshot)[0]!.q);
  await db.execute(sql`insert into assessment_attempts (client_id, user_id, activity_id, course_id, number, status,
      started_at, submitted_at, pass_mark, questions, answers, score, earned, correct_count, question_count, passed)
    select ${n(clientId)}, (${`{${learnerIds.join(',')}}`}::int[])[1 + i % ${n(learnerIds.length)}],
      (${`{${activityIds.join(',')}}`}::int[])[1 + (i / ${n(learnerIds.length)}) % 50],
      ${n(course!.id)}, 1 + i / (${n(learnerIds.length)} * 50), 'submitted',
      now() - interval '2 hours', now() - interval '1 hour', 6, ${questions}::jsonb,
      '[null,null,null,null,null,null,null,null,null,null]'::jsonb,
      (i % 11) * 10, i % 11, i % 11, 10, i % 11 >= 6
    from generate_series(0, ${n(opts.attempts - 1)}) i`);
  await db.execute(sql`analyze assessment_attempts`);
  return { activityId: activityIds[0]!, learnerIds, attempts: opts.attempts };
}
