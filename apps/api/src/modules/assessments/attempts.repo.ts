import { sql } from 'drizzle-orm';
import { testActivityKinds } from '@trilha/contracts/learning';
import type { RoleName } from '@trilha/contracts/session';
import { rowsOf, type DbOrTx } from '../../db/client';
import type { AttemptQuestionSnapshot, EssayGrade } from '../../db/schema/assessments';

/**
 * SQL of tests and quizzes: attempts, the learner's standing in a course (block, restart generation,
 * reproved, improved) and the resets a restart test makes. Every statement names its client.
 */

export interface AttemptRow {
  id: number;
  client_id: number;
  user_id: number;
  activity_id: number;
  course_id: number;
  trail_id: number | null;
  number: number;
  generation: number;
  status: 'in_progress' | 'submitted' | 'expired' | 'pending_grading';
  started_at: string | Date;
  deadline_at: string | Date | null;
  submitted_at: string | Date | null;
  pass_mark: number;
  questions: AttemptQuestionSnapshot[];
  answers: unknown[];
  essay_grades: (EssayGrade | null)[];
  score: number | null;
  earned: number | null;
  correct_count: number;
  question_count: number;
  passed: boolean | null;
  /** Whole seconds to the deadline by the database's clock (negative once passed); null without one. */
  seconds_left: number | null;
  /** The deadline passed, by the database's clock. */
  overdue: boolean;
}

export interface CourseStateRow {
  generation: number;
  blocked_at: string | Date | null;
  blocked_activity_id: number | null;
  restarted_at: string | Date | null;
  reproved_at: string | Date | null;
  improved_at: string | Date | null;
}

export interface BankQuestionRow {
  id: number;
  kind: AttemptQuestionSnapshot['kind'];
  points: number;
  stem: string;
  general_feedback: string;
  media: AttemptQuestionSnapshot['media'];
  body: Record<string, unknown>;
  translations: Record<string, unknown>;
}

const attemptColumns = sql`id, client_id, user_id, activity_id, course_id, trail_id, number, generation, status,
  started_at, deadline_at, submitted_at, pass_mark, questions, answers, essay_grades, score, earned,
  correct_count, question_count, passed,
  case when deadline_at is null then null else floor(extract(epoch from deadline_at - now()))::int end as seconds_left,
  (deadline_at is not null and deadline_at <= now()) as overdue`;

const int = (v: unknown) => Number(v);
/** A search text matched literally by `ilike`. */
const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function normalize(r: AttemptRow): AttemptRow {
  return {
    ...r,
    id: int(r.id),
    user_id: int(r.user_id),
    activity_id: int(r.activity_id),
    course_id: int(r.course_id),
    trail_id: r.trail_id === null ? null : int(r.trail_id),
    seconds_left: r.seconds_left === null ? null : int(r.seconds_left),
    overdue: Boolean(r.overdue),
  };
}

export function createAttemptsRepo(db: DbOrTx) {
  return {
    /** A test activity of the client, with its course. */
    async activity(clientId: number, activityId: number) {
      const [row] = rowsOf<{
        id: number;
        course_id: number;
        kind: string;
        title: string;
        settings: Record<string, unknown>;
      }>(
        await db.execute(sql`select id, course_id, kind, title, settings from activities
          where id = ${activityId} and client_id = ${clientId}`),
      );
      return row ? { ...row, id: int(row.id), course_id: int(row.course_id) } : undefined;
    },

    /** The learner's standing in a course, created on first use and locked: attempts of a course serialize on it. */
    async lockCourseState(clientId: number, userId: number, courseId: number): Promise<CourseStateRow> {
      await db.execute(sql`insert into assessment_course_states (user_id, course_id, client_id)
        values (${userId}, ${courseId}, ${clientId}) on conflict do nothing`);
      const [row] = rowsOf<CourseStateRow>(
        await db.execute(sql`select generation, blocked_at, blocked_activity_id, restarted_at, reproved_at, improved_at
          from assessment_course_states
          where user_id = ${userId} and course_id = ${courseId} and client_id = ${clientId} for update`),
      );
      return row!;
    },

    async courseState(
      clientId: number,
      userId: number,
      courseId: number,
    ): Promise<CourseStateRow | undefined> {
      const [row] = rowsOf<CourseStateRow>(
        await db.execute(sql`select generation, blocked_at, blocked_activity_id, restarted_at, reproved_at, improved_at
          from assessment_course_states
          where user_id = ${userId} and course_id = ${courseId} and client_id = ${clientId}`),
      );
      return row;
    },

    async setCourseState(
      clientId: number,
      userId: number,
      courseId: number,
      change: 'block' | 'unblock' | 'restart' | 'reprove' | 'improve',
      activityId?: number,
    ) {
      const set = {
        block: sql`blocked_at = coalesce(blocked_at, now()), blocked_activity_id = ${activityId ?? null}`,
        unblock: sql`blocked_at = null, blocked_activity_id = null, generation = generation + 1`,
        restart: sql`generation = generation + 1, restarted_at = now(), reproved_at = null, improved_at = null`,
        reprove: sql`reproved_at = coalesce(reproved_at, now())`,
        improve: sql`improved_at = coalesce(improved_at, now())`,
      }[change];
      await db.execute(sql`update assessment_course_states set ${set}, updated_at = now()
        where user_id = ${userId} and course_id = ${courseId} and client_id = ${clientId}`);
    },

    /**
     * A restart: the learner's progress in the course is gone (activities, the course's counters) and the
     * attempts of earlier generations stop counting.
     */
    async resetCourseProgress(clientId: number, userId: number, courseId: number) {
      await db.execute(sql`delete from activity_progress
        where user_id = ${userId} and course_id = ${courseId} and client_id = ${clientId}`);
      await db.execute(sql`update course_progress set completed_count = 0, finished_at = null, last_activity_at = now()
        where user_id = ${userId} and course_id = ${courseId} and client_id = ${clientId}`);
    },

    /** The published courses of a trail of the client, by id (a trail-wide general test's reach). */
    async trailCourseIds(clientId: number, trailId: number): Promise<number[]> {
      return rowsOf<{ id: number }>(
        await db.execute(sql`select distinct c.id from trail_items ti
          join courses c on c.id = ti.item_id and c.client_id = ${clientId} and c.published
          where ti.trail_id = ${trailId} and ti.client_id = ${clientId} and ti.item_kind = 'course'
          order by c.id`),
      ).map((r) => int(r.id));
    },

    /**
     * Unblocks a learner in a course and in every other course blocked by the same test (a trail-wide
     * general test blocks each course of its trail); each course's attempts start a new generation.
     * Answers the courses unblocked.
     */
    async unblockAll(
      clientId: number,
      userId: number,
      courseId: number,
      activityId: number | null,
    ): Promise<number[]> {
      return rowsOf<{ course_id: number }>(
        await db.execute(sql`update assessment_course_states
          set blocked_at = null, blocked_activity_id = null, generation = generation + 1, updated_at = now()
          where user_id = ${userId} and client_id = ${clientId} and blocked_at is not null
            and (course_id = ${courseId}
              ${activityId !== null ? sql`or blocked_activity_id = ${activityId}` : sql``})
          returning course_id`),
      ).map((r) => int(r.course_id));
    },

    async openAttempt(clientId: number, userId: number, activityId: number): Promise<AttemptRow | undefined> {
      const [row] = rowsOf<AttemptRow>(
        await db.execute(sql`select ${attemptColumns} from assessment_attempts
          where user_id = ${userId} and activity_id = ${activityId} and client_id = ${clientId}
            and status = 'in_progress' for update`),
      );
      return row ? normalize(row) : undefined;
    },

    /** The learner's attempts at an activity in a generation, oldest first. */
    async attemptsOf(clientId: number, userId: number, activityId: number, generation: number) {
      return rowsOf<AttemptRow>(
        await db.execute(sql`select ${attemptColumns} from assessment_attempts
          where user_id = ${userId} and activity_id = ${activityId} and client_id = ${clientId}
            and generation = ${generation} order by number, id`),
      ).map(normalize);
    },

    async attempt(
      clientId: number,
      attemptId: number,
      opts: { userId?: number; activityId?: number; forUpdate?: boolean } = {},
    ): Promise<AttemptRow | undefined> {
      const [row] = rowsOf<AttemptRow>(
        await db.execute(sql`select ${attemptColumns} from assessment_attempts
          where id = ${attemptId} and client_id = ${clientId}
            ${opts.userId !== undefined ? sql`and user_id = ${opts.userId}` : sql``}
            ${opts.activityId !== undefined ? sql`and activity_id = ${opts.activityId}` : sql``}
          ${opts.forUpdate ? sql`for update` : sql``}`),
      );
      return row ? normalize(row) : undefined;
    },

    async insertAttempt(input: {
      clientId: number;
      userId: number;
      activityId: number;
      courseId: number;
      trailId: number | null;
      number: number;
      generation: number;
      timeLimitMinutes: number | null;
      passMark: number;
      questions: AttemptQuestionSnapshot[];
    }): Promise<AttemptRow> {
      const [row] = rowsOf<AttemptRow>(
        await db.execute(sql`insert into assessment_attempts (client_id, user_id, activity_id, course_id, trail_id,
            number, generation, deadline_at, pass_mark, questions, answers, question_count)
          values (${input.clientId}, ${input.userId}, ${input.activityId}, ${input.courseId}, ${input.trailId},
            ${input.number}, ${input.generation},
            ${input.timeLimitMinutes === null ? null : sql`now() + make_interval(mins => ${input.timeLimitMinutes})`},
            ${input.passMark}, ${JSON.stringify(input.questions)}::jsonb,
            ${JSON.stringify(input.questions.map(() => null))}::jsonb, ${input.questions.length})
          returning ${attemptColumns}`),
      );
      return normalize(row!);
    },

    async saveAnswer(clientId: number, attemptId: number, index: number, answer: unknown) {
      await db.execute(sql`update assessment_attempts
        set answers = jsonb_set(answers, ${`{${index}}`}::text[], ${JSON.stringify(answer)}::jsonb), updated_at = now()
        where id = ${attemptId} and client_id = ${clientId} and status = 'in_progress'`);
    },

    /** Closes an attempt with its grade; it is submitted at the deadline when that came first. */
    async closeAttempt(
      clientId: number,
      attemptId: number,
      grade: {
        status: AttemptRow['status'];
        score: number | null;
        earned: number | null;
        correctCount: number;
        passed: boolean | null;
      },
    ) {
      const [row] = rowsOf<AttemptRow>(
        await db.execute(sql`update assessment_attempts set status = ${grade.status}, score = ${grade.score},
            earned = ${grade.earned}, correct_count = ${grade.correctCount}, passed = ${grade.passed},
            submitted_at = case when deadline_at is not null and deadline_at < now() then deadline_at else now() end,
            updated_at = now()
          where id = ${attemptId} and client_id = ${clientId}
          returning ${attemptColumns}`),
      );
      return normalize(row!);
    },

    /** An essay grade changes the attempt's grade (pending → submitted once every essay is graded). */
    async regradeAttempt(
      clientId: number,
      attemptId: number,
      grades: (EssayGrade | null)[],
      grade: {
        status: AttemptRow['status'];
        score: number | null;
        earned: number | null;
        correctCount: number;
        passed: boolean | null;
      },
    ) {
      const [row] = rowsOf<AttemptRow>(
        await db.execute(sql`update assessment_attempts set essay_grades = ${JSON.stringify(grades)}::jsonb,
            status = ${grade.status}, score = ${grade.score}, earned = ${grade.earned},
            correct_count = ${grade.correctCount}, passed = ${grade.passed}, updated_at = now()
          where id = ${attemptId} and client_id = ${clientId}
          returning ${attemptColumns}`),
      );
      return normalize(row!);
    },

    async questionsById(clientId: number, ids: readonly number[]): Promise<BankQuestionRow[]> {
      const rows = rowsOf<BankQuestionRow>(
        await db.execute(sql`select id, kind, points, stem, general_feedback, media, body, translations
          from questions where client_id = ${clientId} and id = any(${`{${ids.map((n) => Math.trunc(n)).join(',')}}`}::int[])`),
      );
      const byId = new Map(rows.map((r) => [int(r.id), { ...r, id: int(r.id) }]));
      return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    },

    /** `count` questions drawn at random from a category (any when null) having every tag given. */
    async drawQuestions(
      clientId: number,
      draw: { count: number; categoryId: number | null; tags: readonly string[] },
    ): Promise<BankQuestionRow[]> {
      const tags = `{${draw.tags.map((t) => `"${t.replace(/["\\]/g, '')}"`).join(',')}}`;
      return rowsOf<BankQuestionRow>(
        await db.execute(sql`select id, kind, points, stem, general_feedback, media, body, translations
          from questions where client_id = ${clientId}
            ${draw.categoryId !== null ? sql`and category_id = ${draw.categoryId}` : sql``}
            ${draw.tags.length > 0 ? sql`and tags @> ${tags}::text[]` : sql``}
          order by random() limit ${draw.count}`),
      ).map((r) => ({ ...r, id: int(r.id) }));
    },

    /** The roles a user holds in a client (a learner's viewer outside their own request). */
    async rolesOf(clientId: number, userId: number): Promise<RoleName[]> {
      const [row] = rowsOf<{ roles: RoleName[] }>(
        await db.execute(
          sql`select roles from user_clients where user_id = ${userId} and client_id = ${clientId}`,
        ),
      );
      return row?.roles ?? [];
    },

    /** Attempts in progress whose deadline passed, any client (the periodic close). */
    async overdue(limit: number) {
      return rowsOf<{ id: number; client_id: number; user_id: number; activity_id: number }>(
        await db.execute(sql`select id, client_id, user_id, activity_id from assessment_attempts
          where status = 'in_progress' and deadline_at is not null and deadline_at <= now()
          order by deadline_at limit ${limit}`),
      ).map((r) => ({
        id: int(r.id),
        clientId: int(r.client_id),
        userId: int(r.user_id),
        activityId: int(r.activity_id),
      }));
    },

    /** Attempts at an activity for the back office, newest first, with the learner's name. */
    async adminPage(
      clientId: number,
      activityId: number,
      f: { status: string; userId?: number; page: number; pageSize: number },
    ) {
      const where = sql`a.activity_id = ${activityId}
        ${f.status !== 'all' ? sql`and a.status = ${f.status}` : sql``}
        ${f.userId !== undefined ? sql`and a.user_id = ${f.userId}` : sql``}`;
      const [count] = rowsOf<{ n: number }>(
        await db.execute(
          sql`select count(*)::int as n from assessment_attempts a where a.client_id = ${clientId} and ${where}`,
        ),
      );
      const rows = rowsOf<
        AttemptRow & { first_name: string; last_name: string; email: string | null; duration: number }
      >(
        await db.execute(sql`select ${sql.raw(
          'a.id, a.client_id, a.user_id, a.activity_id, a.course_id, a.trail_id, a.number, a.generation, a.status, a.started_at, a.deadline_at, a.submitted_at, a.pass_mark, a.questions, a.answers, a.essay_grades, a.score, a.earned, a.correct_count, a.question_count, a.passed, null::int as seconds_left, false as overdue',
        )}, u.first_name, u.last_name, u.email,
            floor(extract(epoch from coalesce(a.submitted_at, now()) - a.started_at))::int as duration
          from assessment_attempts a join users u on u.id = a.user_id
          where a.client_id = ${clientId} and ${where} order by a.id desc limit ${f.pageSize} offset ${(f.page - 1) * f.pageSize}`),
      );
      return {
        total: count?.n ?? 0,
        rows: rows.map((r) => ({ ...normalize(r), ...pickUser(r), duration: Number(r.duration) })),
      };
    },

    async userOf(clientId: number, userId: number) {
      const [row] = rowsOf<{ first_name: string; last_name: string; email: string | null }>(
        await db.execute(sql`select u.first_name, u.last_name, u.email from users u
          join user_clients uc on uc.user_id = u.id and uc.client_id = ${clientId} where u.id = ${userId}`),
      );
      return row ? pickUser(row) : undefined;
    },

    async durationOf(clientId: number, attemptId: number) {
      const [row] = rowsOf<{ d: number }>(
        await db.execute(sql`select floor(extract(epoch from coalesce(submitted_at, now()) - started_at))::int as d
          from assessment_attempts where id = ${attemptId} and client_id = ${clientId}`),
      );
      return row?.d ?? 0;
    },

    async blocksOf(clientId: number, courseId: number, page: number, pageSize: number) {
      const [count] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from assessment_course_states
          where client_id = ${clientId} and course_id = ${courseId} and blocked_at is not null`),
      );
      const rows = rowsOf<{
        user_id: number;
        first_name: string;
        last_name: string;
        email: string | null;
        activity_id: number | null;
        activity_title: string | null;
        blocked_at: string | Date;
      }>(
        await db.execute(sql`select s.user_id, u.first_name, u.last_name, u.email, s.blocked_activity_id as activity_id,
            a.title as activity_title, s.blocked_at
          from assessment_course_states s join users u on u.id = s.user_id
          left join activities a on a.id = s.blocked_activity_id and a.client_id = s.client_id
          where s.client_id = ${clientId} and s.course_id = ${courseId} and s.blocked_at is not null
          order by s.blocked_at desc, s.user_id limit ${pageSize} offset ${(page - 1) * pageSize}`),
      );
      return { total: count?.n ?? 0, rows };
    },

    /**
     * The client's courses that have tests (the instructor's screen), by title, or one of them
     * (`courseId`): each with its tests in menu order, the attempts waiting for an essay grade and the
     * learners blocked.
     */
    async assessedCourses(
      clientId: number,
      f: { search: string; page: number; pageSize: number; courseId?: number },
    ) {
      const kinds = sql.raw(`array[${testActivityKinds.map((k) => `'${k}'`).join(',')}]`);
      const filters = sql`exists (select 1 from activities a where a.course_id = c.id and a.client_id = ${clientId}
          and a.kind = any(${kinds}))
        ${f.courseId !== undefined ? sql`and c.id = ${f.courseId}` : sql``}
        ${f.search ? sql`and c.title ilike ${`%${likeLiteral(f.search)}%`}` : sql``}`;
      const [count] = rowsOf<{ n: number }>(
        await db.execute(
          sql`select count(*)::int as n from courses c where c.client_id = ${clientId} and ${filters}`,
        ),
      );
      const rows = rowsOf<{
        id: number;
        title: string;
        published: boolean;
        tests: { id: number; kind: string; title: string; hierarchyOrder: string }[] | null;
        pending_grading: number;
        blocked: number;
      }>(
        await db.execute(sql`select c.id, c.title, c.published,
            (select json_agg(json_build_object('id', a.id, 'kind', a.kind, 'title', a.title,
                'hierarchyOrder', m.position || '.' || a.position) order by m.position, m.id, a.position, a.id)
              from activities a join course_modules m on m.id = a.module_id and m.client_id = ${clientId}
              where a.course_id = c.id and a.client_id = ${clientId} and a.kind = any(${kinds})) as tests,
            (select count(*)::int from assessment_attempts t where t.client_id = ${clientId}
              and t.course_id = c.id and t.status = 'pending_grading') as pending_grading,
            (select count(*)::int from assessment_course_states s where s.client_id = ${clientId}
              and s.course_id = c.id and s.blocked_at is not null) as blocked
          from courses c where c.client_id = ${clientId} and ${filters}
          order by lower(c.title), c.id limit ${f.pageSize} offset ${(f.page - 1) * f.pageSize}`),
      );
      return {
        total: count?.n ?? 0,
        rows: rows.map((r) => ({
          id: int(r.id),
          title: r.title,
          published: Boolean(r.published),
          tests: (r.tests ?? []).map((x) => ({ ...x, id: int(x.id) })),
          pendingGrading: int(r.pending_grading),
          blocked: int(r.blocked),
        })),
      };
    },

    async courseExists(clientId: number, courseId: number) {
      const [row] = rowsOf(
        await db.execute(sql`select 1 from courses where id = ${courseId} and client_id = ${clientId}`),
      );
      return row !== undefined;
    },
  };
}
export type AttemptsRepo = ReturnType<typeof createAttemptsRepo>;

function pickUser(r: { first_name: string; last_name: string; email: string | null }) {
  return { name: `${r.first_name} ${r.last_name}`.trim(), email: r.email };
}
