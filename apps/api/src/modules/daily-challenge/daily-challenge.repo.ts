import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';

/** SQL of the daily challenge (docs/daily-challenge.md). Every statement names its client. */

export interface ChallengeRow {
  id: number;
  day: string;
  question_id: number;
  points: number;
  xp: number;
  created_by: number | null;
}

export interface AnswerRow {
  id: number;
  challenge_id: number;
  day: string;
  answer: Record<string, unknown>;
  correct: boolean;
  points: number;
  xp: number;
  answered_at: Date | string;
}

export interface StreakRow {
  current: number;
  best: number;
  last_day: string | null;
  badge_granted_at: Date | string | null;
}

const int = (v: unknown) => Number(v);
const dayText = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
const challengeOf = (r: ChallengeRow): ChallengeRow => ({
  id: int(r.id),
  day: dayText(r.day),
  question_id: int(r.question_id),
  points: int(r.points),
  xp: int(r.xp),
  created_by: r.created_by === null ? null : int(r.created_by),
});
const answerOf = (r: AnswerRow): AnswerRow => ({
  ...r,
  id: int(r.id),
  challenge_id: int(r.challenge_id),
  day: dayText(r.day),
  points: int(r.points),
  xp: int(r.xp),
});

export function createDailyChallengeRepo(db: DbOrTx, clientId: number) {
  return {
    async challenge(day: string): Promise<ChallengeRow | undefined> {
      const [row] = rowsOf<ChallengeRow>(
        await db.execute(sql`select c.id, c.day::text as day, c.question_id, c.points, c.xp, c.created_by
          from daily_challenges c where c.client_id = ${clientId} and c.day = ${day}::date`),
      );
      return row ? challengeOf(row) : undefined;
    },

    /** The challenges of [from, to] with how many learners answered each. */
    async between(from: string, to: string): Promise<(ChallengeRow & { answers: number })[]> {
      const rows = rowsOf<ChallengeRow & { answers: number }>(
        await db.execute(sql`select c.id, c.day::text as day, c.question_id, c.points, c.xp, c.created_by,
            (select count(*)::int from daily_challenge_answers a
              where a.client_id = ${clientId} and a.challenge_id = c.id) as answers
          from daily_challenges c
          where c.client_id = ${clientId} and c.day between ${from}::date and ${to}::date
          order by c.day`),
      );
      return rows.map((r) => ({ ...challengeOf(r), answers: int(r.answers) }));
    },

    /** Keeps a drawn challenge for the day unless one is there already (a parallel draw, a schedule). */
    async insertDrawn(day: string, questionId: number, points: number, xp: number): Promise<void> {
      await db.execute(sql`insert into daily_challenges (client_id, day, question_id, points, xp)
        values (${clientId}, ${day}::date, ${questionId}, ${points}, ${xp})
        on conflict (client_id, day) do nothing`);
    },

    async schedule(day: string, questionId: number, points: number, xp: number, actorId: number) {
      await db.execute(sql`insert into daily_challenges (client_id, day, question_id, points, xp, created_by)
        values (${clientId}, ${day}::date, ${questionId}, ${points}, ${xp}, ${actorId})
        on conflict (client_id, day) do update set question_id = excluded.question_id,
          points = excluded.points, xp = excluded.xp, created_by = excluded.created_by, updated_at = now()
        where daily_challenges.client_id = ${clientId}`);
    },

    async clear(day: string): Promise<boolean> {
      const rows = rowsOf<{ id: number }>(
        await db.execute(sql`delete from daily_challenges c
          where c.client_id = ${clientId} and c.day = ${day}::date returning c.id`),
      );
      return rows.length > 0;
    },

    async answersOfDay(day: string): Promise<number> {
      const [row] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from daily_challenge_answers a
          where a.client_id = ${clientId} and a.day = ${day}::date`),
      );
      return int(row?.n ?? 0);
    },

    async answer(userId: number, day: string): Promise<AnswerRow | undefined> {
      const [row] = rowsOf<AnswerRow>(
        await db.execute(sql`select a.id, a.challenge_id, a.day::text as day, a.answer, a.correct, a.points,
            a.xp, a.answered_at
          from daily_challenge_answers a
          where a.client_id = ${clientId} and a.user_id = ${userId} and a.day = ${day}::date`),
      );
      return row ? answerOf(row) : undefined;
    },

    /** The learner's one answer of the day; undefined when that day already has one (the first wins). */
    async insertAnswer(values: {
      userId: number;
      challengeId: number;
      day: string;
      answer: Record<string, unknown>;
      correct: boolean;
      points: number;
      xp: number;
      at: Date;
    }): Promise<AnswerRow | undefined> {
      const [row] = rowsOf<AnswerRow>(
        await db.execute(sql`insert into daily_challenge_answers
            (client_id, user_id, challenge_id, day, answer, correct, points, xp, answered_at)
          values (${clientId}, ${values.userId}, ${values.challengeId}, ${values.day}::date,
            ${JSON.stringify(values.answer)}::jsonb, ${values.correct}, ${values.points}, ${values.xp},
            ${values.at.toISOString()}::timestamptz)
          on conflict (user_id, client_id, day) do nothing
          returning id, challenge_id, day::text as day, answer, correct, points, xp, answered_at`),
      );
      return row ? answerOf(row) : undefined;
    },

    async streak(userId: number, lock = false): Promise<StreakRow | undefined> {
      const [row] = rowsOf<StreakRow>(
        await db.execute(sql`select s.current, s.best, s.last_day::text as last_day, s.badge_granted_at
          from daily_challenge_streaks s where s.client_id = ${clientId} and s.user_id = ${userId}
          ${lock ? sql`for update` : sql``}`),
      );
      return row ? { ...row, current: int(row.current), best: int(row.best) } : undefined;
    },

    async saveStreak(userId: number, current: number, best: number, lastDay: string): Promise<void> {
      await db.execute(sql`insert into daily_challenge_streaks (client_id, user_id, current, best, last_day)
        values (${clientId}, ${userId}, ${current}, ${best}, ${lastDay}::date)
        on conflict (client_id, user_id) do update set current = excluded.current, best = excluded.best,
          last_day = excluded.last_day
        where daily_challenge_streaks.client_id = ${clientId}`);
    },

    async markBadgeGranted(userId: number, at: Date): Promise<void> {
      await db.execute(sql`update daily_challenge_streaks s set badge_granted_at = ${at.toISOString()}::timestamptz
        where s.client_id = ${clientId} and s.user_id = ${userId}`);
    },

    async settings(): Promise<{ streak_badge_id: number | null; streak_badge_days: number } | undefined> {
      const [row] = rowsOf<{ streak_badge_id: number | null; streak_badge_days: number }>(
        await db.execute(sql`select s.streak_badge_id, s.streak_badge_days from daily_challenge_settings s
          where s.client_id = ${clientId}`),
      );
      return row
        ? {
            streak_badge_id: row.streak_badge_id === null ? null : int(row.streak_badge_id),
            streak_badge_days: int(row.streak_badge_days),
          }
        : undefined;
    },

    async saveSettings(badgeId: number | null, days: number): Promise<void> {
      await db.execute(sql`insert into daily_challenge_settings (client_id, streak_badge_id, streak_badge_days)
        values (${clientId}, ${badgeId}, ${days})
        on conflict (client_id) do update set streak_badge_id = excluded.streak_badge_id,
          streak_badge_days = excluded.streak_badge_days, updated_at = now()
        where daily_challenge_settings.client_id = ${clientId}`);
    },
  };
}
export type DailyChallengeRepo = ReturnType<typeof createDailyChallengeRepo>;
